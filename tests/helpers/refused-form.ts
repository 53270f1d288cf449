import { expect } from 'vitest';
import type { ApiVisitor } from './staff.ts';

/** What both staff forms are sent as an over-long reason: within their bodies' limits. */
export const OVER_LONG_REASON = 'x'.repeat(15_000);

/**
 * Follows a form refused for OVER_LONG_REASON back to its page, as the browser would with
 * the session cookie: the 303's Location must stay short (echoed in full, 15 KB of reason
 * with the cookie and the rest can pass Node's 16 KB header limit, answered 431), carry the
 * reason cut to its 1,000 characters, and lead to the page. Answers the query and the page.
 */
export async function followRefusedForm(
  visitor: ApiVisitor,
  refused: { statusCode: number; headers: Record<string, unknown> },
): Promise<{ query: URLSearchParams; body: string }> {
  expect(refused.statusCode).toBe(303);
  const location = String(refused.headers.location);
  expect(location.length).toBeLessThan(8 * 1024);
  const query = new URL(location, 'https://x').searchParams;
  expect(query.get('reason')).toBe('x'.repeat(1000));
  const shown = await visitor.request({ method: 'GET', url: location });
  expect(shown.statusCode).toBe(200);
  return { query, body: shown.body };
}

/** A plain form post as the browser sends it, with the visitor's session and CSRF token. */
export async function postForm(visitor: ApiVisitor, url: string, fields: Record<string, string>) {
  const payload = new URLSearchParams({ _csrf: await visitor.csrfToken(), ...fields });
  return visitor.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: payload.toString(),
  });
}
