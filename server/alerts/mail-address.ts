import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';

// The subscribe form's address, as the mailer and the rate limits see it. A mail library
// reads an address header's syntax: a display name (`name<v@…>`), a comment (`(c)v@…`), a
// quoted local part (`"v"@…`) or a list (`x,v@…`) is delivered to the mailbox inside it, so
// each must be refused here, or every spelling counts as a new address for the limits.

/** Longest address accepted (RFC 5321's limit on a path). */
const MAX_ADDRESS = 254;
/** RFC 5321's limit on a local part. */
const MAX_LOCAL = 64;
/** A dot-atom local part (RFC 5322 atext, single dots between): nothing a parser reads as syntax. */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** What may be typed in a domain before it is converted: letters of any script, digits, dots, hyphens. */
const TYPED_DOMAIN = /^[\p{L}\p{M}\p{N}.-]+$/u;
/** One label of the converted domain (punycode for a non-ASCII one). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export interface MailAddress {
  /** What is stored and given to the mailer: `local@domain`, the domain lower-cased ASCII. */
  address: string;
  /**
   * The mailbox it reaches, for the rate limits: the local part without case and without a
   * `+tag` (most mail services deliver `v+1@` and `V@` to `v@`).
   */
  mailbox: string;
}

/** A plain `local@domain` address, or null when the text is anything else. */
export function parseMailAddress(text: string | undefined): MailAddress | null {
  const typed = (text ?? '').trim();
  const at = typed.lastIndexOf('@');
  if (at < 1) return null;
  const local = typed.slice(0, at);
  const typedDomain = typed.slice(at + 1);
  if (local.length > MAX_LOCAL || !LOCAL.test(local)) return null;
  // No trailing dot (an absolute name spells the same domain twice), no IP literal.
  if (!TYPED_DOMAIN.test(typedDomain) || typedDomain.endsWith('.')) return null;
  const domain = domainToASCII(typedDomain);
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // A top-level domain is never all digits: `v@10.0.0.1` is an address, not a name.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  const address = `${local}@${domain}`;
  if (address.length > MAX_ADDRESS) return null;
  const base = local.split('+')[0] || local;
  return { address, mailbox: `${base.toLowerCase()}@${domain}` };
}

/**
 * The network a client address belongs to, for the per-client limit: one household or
 * office holds a whole IPv4 /24 or IPv6 /64 as easily as one address, so each counts once.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros (a zone id dropped). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 spelled otherwise) is two groups.
  const last = end.length > 0 ? end : start;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - start.length - end.length;
  const all = tail === undefined ? start : [...start, ...Array<string>(missing).fill('0'), ...end];
  return all.map((group) => Number.parseInt(group, 16).toString(16));
}
