import { randomUUID } from 'node:crypto';
import type { Session } from '@fastify/secure-session';
import type { FastifyRequest } from 'fastify';

/**
 * A browser that has signed in to an account before carries a known-device cookie: sealed
 * with the session keys by @fastify/secure-session (so it cannot be forged or read, and a
 * key rotation keeps it), holding a random device id and the accounts signed in to from
 * it. For those accounts, sign-in failures are counted per device rather than against
 * the client address or the account's ceiling, so a stranger's guesses cannot lock the
 * owner out (see server/auth/sign-in.ts). It grants nothing else: the password is still
 * checked, and a stolen copy gets no more guesses than any new address.
 */
export interface KnownDeviceData {
  id: string;
  /** Normalised e-mail addresses, the latest sign-in first. */
  emails: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    knownDevice: Session<KnownDeviceData>;
  }
}

export const KNOWN_DEVICE_SESSION = 'knownDevice';
export const KNOWN_DEVICE_COOKIE = 'bac_device';
export const SECURE_KNOWN_DEVICE_COOKIE = `__Host-${KNOWN_DEVICE_COOKIE}`;
/** A device not signed in from for this long is a stranger again. */
export const KNOWN_DEVICE_DAYS = 90;
/** A shared office computer remembers this many accounts, the latest sign-ins. */
export const KNOWN_DEVICE_ACCOUNTS = 5;

const DEVICE_ID = /^[0-9a-f-]{36}$/;

/** The device, when the request's cookie names a device known for `email`. */
export function knownDeviceFor(request: FastifyRequest, email: string): string | undefined {
  const id: unknown = request.knownDevice.get('id');
  const emails: unknown = request.knownDevice.get('emails');
  if (typeof id !== 'string' || !DEVICE_ID.test(id) || !Array.isArray(emails)) return undefined;
  return emails.includes(email) ? id : undefined;
}

/** After a successful sign-in: the browser is known for `email` for another KNOWN_DEVICE_DAYS. */
export function rememberDevice(request: FastifyRequest, email: string): void {
  const { knownDevice } = request;
  const id: unknown = knownDevice.get('id');
  const emails: unknown = knownDevice.get('emails');
  const others = Array.isArray(emails)
    ? emails.filter((item): item is string => typeof item === 'string' && item !== email)
    : [];
  knownDevice.set('id', typeof id === 'string' && DEVICE_ID.test(id) ? id : randomUUID());
  // Setting touches the sealed time stamp, so the KNOWN_DEVICE_DAYS start again.
  knownDevice.set('emails', [email, ...others].slice(0, KNOWN_DEVICE_ACCOUNTS));
}
