import { createHash, randomBytes } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A nonce that exists only for one render: React and React Router put it on every script
 * they write, which marks theirs apart from anything else in the HTML before it is removed.
 */
export function renderMarker(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The SHA-256 (base64, as CSP writes it) of each inline script the render wrote, found by
 * its marker, and the HTML without the marker. Only marked scripts are hashed, so a script
 * that reached the HTML some other way is left for the CSP to block. The hash is of the text
 * between the tags as sent, which is what the browser hashes: React escapes `<` in script
 * text, so the first `</script>` is the end.
 */
export function hashInlineScripts(
  html: string,
  marker: string,
): { html: string; hashes: string[] } {
  const nonce = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(nonce) || /\ssrc=/i.test(attributes)) continue;
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return { html: html.replaceAll(nonce, ''), hashes: [...hashes] };
}
