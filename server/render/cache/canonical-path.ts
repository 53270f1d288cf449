/**
 * Most paths are already canonical; this test lets them through without the segment walk.
 * Lower-case letters, digits, `-`, `_`, `~` and inner dots, no empty or dot segments, no
 * trailing slash, no escapes.
 */
const PLAIN_LOWER = /^\/$|^(?:\/(?!\.{1,2}(?:\/|$))[a-z0-9\-._~]+)+$/;
const PLAIN_ANY_CASE = /^\/$|^(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9\-._~]+)+$/;

/** RFC 3986 §2.3: characters that mean the same written plainly or percent-encoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * In a segment: an escape, a lone `%`, an upper-case letter, or a character a path may not
 * hold as it is (RFC 3986 `pchar`). `\` is among the last: browsers read it as `/` in a
 * Location, which would turn `/\evil.example` into another host.
 */
const SEGMENT_PART = /%([0-9A-Fa-f]{2})|%|([A-Z])|[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;

function canonicalSegment(segment: string, lowerCase: boolean): string {
  return segment.replace(SEGMENT_PART, (part, hex: string | undefined, upper?: string) => {
    if (hex !== undefined) {
      const char = String.fromCharCode(parseInt(hex, 16));
      if (!UNRESERVED.test(char)) return `%${hex.toUpperCase()}`;
      return lowerCase ? char.toLowerCase() : char;
    }
    if (upper !== undefined) return lowerCase ? upper.toLowerCase() : upper;
    if (part === '%') return '%25';
    return encodeURIComponent(part).replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase());
  });
}

/**
 * The one spelling of a path (the part of a URL before `?`): escapes of unreserved
 * characters decoded and the others in upper-case hex (RFC 3986 §6.2.2), dot segments
 * resolved after that (so `%2e%2e` counts), empty segments (doubled or trailing slashes)
 * dropped, and with `lowerCase` every letter in lower case. Pages take `lowerCase`: React
 * Router matches their routes in any letter case, and every name in their URLs (routes,
 * content slugs, record ids) is lower-case by construction. The API's router is
 * case-sensitive, so its paths keep their case.
 */
export function canonicalPath(path: string, { lowerCase }: { lowerCase: boolean }): string {
  if ((lowerCase ? PLAIN_LOWER : PLAIN_ANY_CASE).test(path)) return path;
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const segment = canonicalSegment(raw, lowerCase);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}
