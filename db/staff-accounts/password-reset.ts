import type { Lang } from '../../shared/i18n/languages.ts';
import { writeAudit } from '../audit-log.ts';
import { lockForTransaction } from '../postgres/job-lock.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
import {
  insertPasswordLink,
  linkState,
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
export async function requestPasswordResetLink(
  database: SiteDatabase,
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
): Promise<ResetRequestOutcome> {
  return writeTransaction(database, async (transaction): Promise<ResetRequestOutcome> => {
    const { db } = transaction;
    // The limits count and then insert: another process's request waits (PostgreSQL).
    await lockForTransaction(transaction, 'password-reset-requests');
    await db
      .deleteFrom('staff_password_reset_attempts')
      .where('at', '<', request.pruneBefore)
      .execute();
    let over: ResetLimit | undefined;
    for (const limit of request.limits) {
      const { counted } = await db
        .selectFrom('staff_password_reset_attempts')
        .select((eb) => eb.fn.countAll<number>().as('counted'))
        .where('key', '=', limit.key)
        .where('at', '>=', limit.since)
        .executeTakeFirstOrThrow();
      if (Number(counted) >= limit.limit) {
        over = limit;
        break;
      }
    }
    const account = await db
      .selectFrom('staff_users')
      .select(['id', 'active'])
      .where('email', '=', request.email)
      .executeTakeFirst();
    if (over) {
      await writeAudit(transaction, {
        action: 'password-reset-throttled',
        actor: request.email,
        address: request.address,
        detail: { email: request.email, limit: over.name },
      });
      return 'throttled';
    }
    if (request.limits.length > 0) {
      await db
        .insertInto('staff_password_reset_attempts')
        .values(request.limits.map(({ key }) => ({ key, at: request.at })))
        .execute();
    }
    if (!account) return 'no-account';
    if (account.active !== 1) return 'disabled';
    const linkId = await insertPasswordLink(transaction, account.id, request.link);
    await db
      .insertInto('staff_password_mail')
      .values({
        link_id: linkId,
        lang: request.lang,
        nonce: request.nonce,
        created: request.at,
        next_attempt_at: request.at,
      })
      .execute();
    // Never the token, its hash or the nonce: only that a link went out, and until when it works.
    await writeAudit(transaction, {
      action: 'password-reset-mailed',
      actor: request.email,
      address: request.address,
      detail: { email: request.email, linkExpires: request.link.expires, lang: request.lang },
    });
    return 'mailed';
  });
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
export async function duePasswordMail(
  { db }: SiteDatabase,
  now: string,
  limit: number,
): Promise<PasswordMail[]> {
  const rows = await db
    .selectFrom('staff_password_mail as m')
    .innerJoin('staff_password_links as l', 'l.id', 'm.link_id')
    .innerJoin('staff_users as u', 'u.id', 'l.account_id')
    .select([
      'm.id',
      'm.link_id as linkId',
      'm.lang',
      'm.nonce',
      'm.attempts',
      'u.email',
      'u.active',
      'l.account_id as accountId',
      'l.expires',
      'l.ended',
      'l.ended_by as endedBy',
    ])
    .where('m.next_attempt_at', '<=', now)
    .orderBy('m.next_attempt_at')
    .orderBy('m.id')
    .limit(limit)
    .execute();
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
export async function forgetPasswordMail({ db }: SiteDatabase, id: number): Promise<void> {
  await db.deleteFrom('staff_password_mail').where('id', '=', id).execute();
}

/** The mail server refused the mail: tried again at `nextAttemptAt`, while its link works. */
export async function markPasswordMailAttempt(
  { db }: SiteDatabase,
  id: number,
  attempt: { error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('staff_password_mail')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: attempt.error,
      next_attempt_at: attempt.nextAttemptAt,
    }))
    .where('id', '=', id)
    .execute();
}
