import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The script nonce a Content-Security-Policy names (helmet's: random bytes in hex). */
const nonceOf = (csp: unknown) => /'nonce-([0-9a-f]+)'/.exec(String(csp))?.[1];

/** Expects two answers of the same page each to trust scripts by a nonce, and not by the same one. */
export function expectFreshNonces(first: LightMyRequestResponse, second: LightMyRequestResponse) {
  expect(nonceOf(first.headers['content-security-policy'])).toBeTruthy();
  expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
    nonceOf(second.headers['content-security-policy']),
  );
}
