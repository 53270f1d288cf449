import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 18;
const FORM_KEY = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

function mac(sessionId: string, nonce: string): Buffer {
  return createHmac('sha256', sessionId).update(`record-form-key:${nonce}`).digest();
}

/**
 * A one-time key for one rendering of the data-entry form: a random part and its HMAC under
 * the session id. The id is the secret the encrypted cookie carries (the database keeps only
 * its hash), so no other session, and nobody reading the database, can make or spend one.
 */
export function issueFormKey(sessionId: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}.${mac(sessionId, nonce).toString('base64url')}`;
}

/** Whether the key was issued by `issueFormKey` to this session. */
export function isFormKeyOf(sessionId: string, formKey: string): boolean {
  const parts = FORM_KEY.exec(formKey);
  if (!parts) return false;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = mac(sessionId, parts[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
