import type { Lang } from '../../shared/i18n/languages.ts';
import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import {
  linkState,
  passwordLinksNow,
  type LinkState,
  type NewPasswordLink,
} from './password-links.ts';

// A forgotten staff password (issue 31): the request, which counts itself against the rate
// limits and, for an enabled account, stores a set-password link and the mail that carries
// it, all in one transaction; and the sender's side of that mail (server/alerts/alert-sender.ts).

/** One rate limit a request counts under: a keyed hash of the address or of the client's network. */
export interface ResetLimit {
  /** What the limit counts, for the audit entry of a refusal. */
  name: 'address' | 'network';
  key: string;
  limit: number;
  /** The start of the limit's window, UTC ISO. */
  since: string;
}

export type ResetRequestOutcome = 'mailed' | 'no-account' | 'disabled' | 'throttled';

/**
 * A reset request, answered by what became of it. Whatever the outcome, the same work is done
 * up to the account's lookup and the request commits once, so that the page's answer takes
 * as long for an unknown address as for a real one. A refused request counts under no limit
 * (a flood must not use up an owner's own allowance) and is audited; a request for an
 * enabled account gets a link by the administrator's rules (insertPasswordLink ends the
 * account's earlier links), its mail in the outbox and its audit entry, together or not at all.
 */
export function requestPasswordResetLink(
  database: AppDatabase,
  request: {
    /** The address typed, trimmed and lower-cased as accounts are stored. */
    email: string;
    /** The client's address, for the audit. */
    address: string;
    at: string;
    limits: readonly ResetLimit[];
    /** Attempts older than this are no longer counted by any limit. */
    pruneBefore: string;
    link: NewPasswordLink;
    /** What the mailed token is derived from (server/alerts/alert-tokens.ts). */
    nonce: string;
    lang: Lang;
  },
): ResetRequestOutcome {
  const { sqlite } = database;
  return sqlite
    .transaction((): ResetRequestOutcome => {
      sqlite
        .prepare('DELETE FROM staff_password_reset_attempts WHERE at < ?')
        .run(request.pruneBefore);
      const count = sqlite
        .prepare('SELECT count(*) FROM staff_password_reset_attempts WHERE key = ? AND at >= ?')
        .pluck();
      const over = request.limits.find(
        ({ key, limit, since }) => (count.get(key, since) as number) >= limit,
      );
      const account = sqlite
        .prepare('SELECT id, active FROM staff_users WHERE email = ?')
        .get(request.email) as { id: number; active: number } | undefined;
      if (over) {
        recordAudit(database, {
          action: 'password-reset-throttled',
          actor: request.email,
          address: request.address,
          detail: { email: request.email, limit: over.name },
        });
        return 'throttled';
      }
      const insert = sqlite.prepare(
        'INSERT INTO staff_password_reset_attempts (key, at) VALUES (?, ?)',
      );
      for (const { key } of request.limits) insert.run(key, request.at);
      if (!account) return 'no-account';
      if (account.active !== 1) return 'disabled';
      const linkId = passwordLinksNow.insertPasswordLink(database, account.id, request.link);
      sqlite
        .prepare(
          `INSERT INTO staff_password_mail (link_id, lang, nonce, created, next_attempt_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(linkId, request.lang, request.nonce, request.at, request.at);
      // Never the token, its hash or the nonce: only that a link went out, and until when it works.
      recordAudit(database, {
        action: 'password-reset-mailed',
        actor: request.email,
        address: request.address,
        detail: { email: request.email, linkExpires: request.link.expires, lang: request.lang },
      });
      return 'mailed';
    })
    .immediate();
}

/** A set-password link waiting to be mailed, with what its link allows now. */
export interface PasswordMail {
  id: number;
  linkId: number;
  email: string;
  lang: Lang;
  nonce: string;
  attempts: number;
  expires: string;
  state: LinkState;
}

/** The mails due by `now`, oldest first; a link that stopped working says so in `state`. */
export function duePasswordMail(database: AppDatabase, now: string, limit: number): PasswordMail[] {
  const rows = database.sqlite
    .prepare(
      `SELECT m.id, m.link_id AS linkId, m.lang, m.nonce, m.attempts, u.email, u.active,
         l.account_id AS accountId, l.expires, l.ended, l.ended_by AS endedBy
       FROM staff_password_mail m
         JOIN staff_password_links l ON l.id = m.link_id
         JOIN staff_users u ON u.id = l.account_id
       WHERE m.next_attempt_at <= ? ORDER BY m.next_attempt_at, m.id LIMIT ?`,
    )
    .all(now, limit) as (Omit<PasswordMail, 'state'> & {
    active: number;
    accountId: number;
    ended: string | null;
    endedBy: 'used' | 'replaced' | 'revoked' | null;
  })[];
  return rows.map(({ active, accountId, ended, endedBy, ...mail }) => ({
    ...mail,
    state: linkState(
      {
        id: mail.linkId,
        accountId,
        email: mail.email,
        accountActive: active === 1,
        expires: mail.expires,
        ended,
        endedBy,
      },
      now,
    ),
  }));
}

/** The mail server took the mail, or its link no longer works: the row (and its nonce) goes. */
export function forgetPasswordMail(database: AppDatabase, id: number): void {
  database.sqlite.prepare('DELETE FROM staff_password_mail WHERE id = ?').run(id);
}

/** The mail server refused the mail: tried again at `nextAttemptAt`, while its link works. */
export function markPasswordMailAttempt(
  database: AppDatabase,
  id: number,
  attempt: { error: string; nextAttemptAt: string },
): void {
  database.sqlite
    .prepare(
      `UPDATE staff_password_mail SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
       WHERE id = ?`,
    )
    .run(attempt.error, attempt.nextAttemptAt, id);
}
