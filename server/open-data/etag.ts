import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Bumped when the bytes of a download or feed change for the same data (a new column, a
 * different layout), so a cached copy of the old layout is not confirmed as current.
 */
const LAYOUT_VERSION = 1;

/**
 * A strong validator for a download or feed: a hash of what its bytes depend on (the data
 * version, the query, the format, SITE_URL), known before a byte is read from the table.
 * The response may be compressed afterwards (@fastify/compress chooses from the request's
 * Accept-Encoding), and a strong ETag must differ between a compressed and a plain body,
 * so the request's Accept-Encoding counts too.
 */
export function strongEtag(request: FastifyRequest, parts: readonly unknown[]): string {
  const coding = [
    String(request.headers['accept-encoding'] ?? '')
      .toLowerCase()
      .replace(/\s+/g, ''),
    request.headers['x-no-compression'] === undefined ? '' : 'x-no-compression',
  ];
  return `"${digestOf([...parts, coding])}"`;
}

/**
 * A weak validator (RFC 9110 §8.8.1), for a body whose bytes differ between answers of the
 * same data, such as an OCDS package, whose publishedDate is the time it was made: it
 * claims the same content, not the same bytes, so the encoding does not count.
 */
export function weakEtag(parts: readonly unknown[]): string {
  return `W/"${digestOf(parts)}"`;
}

function digestOf(parts: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 32);
}

/**
 * If-None-Match (RFC 9110 §13.1.2) with its weak comparison: `*`, or a list of entity tags
 * of which one equals ours with or without a W/ prefix.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

/**
 * Sets the ETag and answers 304 when the client's copy is current; true when it did, so
 * the caller sends nothing else. Only GET and HEAD reach the open-data routes.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}
