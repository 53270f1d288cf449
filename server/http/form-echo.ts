/**
 * What a refused no-JavaScript form sends back to its page in the 303's query string, cut to
 * what its field accepts. A field may arrive far longer than allowed (a reason up to the
 * 16 KB body), and percent-encoded that passes Node's 16 KB header limit, so the browser's
 * next request, for the form itself, would be answered 431. The page shows the start of what
 * was typed; the field's "too long" problem, found before the cut, still says why.
 */

/** The longest amount or date echoed: more than any real one, spaces and commas included. */
export const MAX_ECHOED_SHORT_FIELD = 40;

/** UTF-8 bytes of one code point. */
const utf8Size = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * The value cut to `maxLength` code points (as the checks count them, so no pair is split)
 * and to 3 bytes a code point on average: a reason of emoji (12 encoded bytes each) would
 * otherwise take 12 KB of the 16 KB alone, beside the other fields and the cookie.
 */
export function echoedValue(value: string | undefined, maxLength: number): string {
  const text = value ?? '';
  let kept = 0;
  let count = 0;
  let bytes = 0;
  for (const character of text) {
    bytes += utf8Size(character.codePointAt(0)!);
    if (count === maxLength || bytes > maxLength * 3) break;
    count += 1;
    kept += character.length;
  }
  return text.slice(0, kept);
}
