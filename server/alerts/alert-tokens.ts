import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ownerOnlyKeyFile } from '../auth/session-keys.ts';

/** The key that signs alert links, kept beside the session key and, like it, owner-only. */
export const ALERT_KEY_FILE = 'alerts.key';

/** What a link lets its holder do. */
export type AlertTokenPurpose = 'confirm' | 'manage' | 'unsubscribe';

/** A confirmation link is good for 48 hours; manage and unsubscribe links while subscribed. */
export const CONFIRM_LINK_MS = 48 * 60 * 60 * 1000;

export interface AlertTokens {
  sign(
    purpose: AlertTokenPurpose,
    subscription: { id: number; nonce: string },
    expires?: Date,
  ): string;
  /** The token's subscription id and expiry, before the nonce is checked against the row. */
  read(
    token: string,
  ): { purpose: AlertTokenPurpose; id: number; expires: number | null } | undefined;
  /** Whether the token was signed for this subscription (its nonce) and purpose. */
  verify(
    token: string,
    purpose: AlertTokenPurpose,
    subscription: { id: number; nonce: string },
  ): boolean;
  /** A keyed hash for the rate limits, so no address is stored in the clear for them. */
  blind(text: string): string;
  /**
   * The token of a mailed set-password link (server/staff-accounts/password-reset.ts), derived from
   * the random nonce its mail row keeps: the database holds no working link, only the key
   * file beside it turns a nonce into one. 32 bytes in base64url, as an administrator's link.
   */
  passwordToken(nonce: string): string;
}

const PURPOSES: readonly AlertTokenPurpose[] = ['confirm', 'manage', 'unsubscribe'];

/**
 * Links as `<purpose>.<id>.<expiry or 0>.<HMAC-SHA256, 128 bits in hex>`: the MAC covers the purpose, id,
 * expiry and the subscription's random nonce, so a link works only for its own
 * subscription and purpose, and dies with the subscription row.
 */
export function alertTokens(dataDir: string): AlertTokens {
  const key = Buffer.from(
    readFileSync(ownerOnlyKeyFile(dataDir, ALERT_KEY_FILE), 'utf8').trim(),
    'hex',
  );
  // Hex, cut to 128 bits: lower case, as page addresses are (other spellings are redirected).
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('hex').slice(0, 32);
  const macOf = (purpose: string, id: number, expires: number, nonce: string) =>
    mac(`${purpose}.${id}.${expires}.${nonce}`);
  const read: AlertTokens['read'] = (token) => {
    const match = /^([a-z]+)\.([0-9]{1,15})\.([0-9]{1,15})\.([0-9a-f]{32})$/.exec(token);
    const purpose = PURPOSES.find((value) => value === match?.[1]);
    if (!match || !purpose) return undefined;
    const expires = Number(match[3]);
    return { purpose, id: Number(match[2]), expires: expires === 0 ? null : expires };
  };
  return {
    sign(purpose, { id, nonce }, expires) {
      const at = expires ? expires.getTime() : 0;
      return `${purpose}.${id}.${at}.${macOf(purpose, id, at, nonce)}`;
    },
    read,
    verify(token, purpose, { id, nonce }) {
      const parsed = read(token);
      if (!parsed || parsed.purpose !== purpose || parsed.id !== id) return false;
      const expected = Buffer.from(macOf(purpose, id, parsed.expires ?? 0, nonce));
      const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    blind: (text) => mac(`rate.${text}`),
    passwordToken: (nonce) =>
      createHmac('sha256', key).update(`password-link.${nonce}`).digest('base64url'),
  };
}
