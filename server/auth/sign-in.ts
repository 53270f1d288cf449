import type { AppDatabase } from '../../db/connection.ts';
import { writeAudit } from '../../db/audit-log.ts';
import {
  clearSignInFailures,
  releaseSignInAttempt,
  deviceClient,
  reserveSignInAttempt,
  type SignInLimits,
} from '../../db/staff-accounts/sign-in-failures.ts';
import {
  findStaffByEmail,
  normalizeEmail,
  recordSignIn,
  type StaffUser,
} from '../../db/staff-accounts/staff-accounts.ts';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { formatManilaClock } from '../../shared/manila-time.ts';
import { ConcurrencyGate } from './concurrency-gate.ts';
import { hashNeedsUpgrade, hashPassword, verifyPassword } from './password-hash.ts';

const MINUTE_MS = 60 * 1000;

/**
 * Guesses are limited three ways ("Sign-in limits" in docs/security.md gives the reasoning).
 * Five per account from one client in 15 minutes stops a guesser at one address, and
 * only that guesser: the owner elsewhere, or a colleague at another account behind the
 * same office address, is not held up. An account's ceiling over all addresses stops a
 * guesser spread over many; an address's limit over all accounts, high because a whole
 * municipal office shares one public address, stops one address trying many accounts.
 * A browser known for the account (server/auth/known-device.ts) is counted on its own
 * and held only by the first limit, so strangers filling the other two lock no owner out.
 */
export const SIGN_IN_LIMITS = {
  perClient: { failures: 5, windowMs: 15 * MINUTE_MS },
  perAccount: { failures: 100, windowMs: 60 * MINUTE_MS },
  perAddress: { failures: 50, windowMs: 15 * MINUTE_MS },
} as const satisfies SignInLimits;
export const WRONG_CREDENTIALS = staffEn['staff.login.wrongCredentials'];
export const BUSY_MESSAGE = staffEn['staff.login.busy'];

/**
 * Each argon2 check holds 64 MiB and a libuv worker for a good part of a second. Two at a
 * time leave the other workers to file reads and the rest of the site; a short queue
 * absorbs a few people signing in together, and a burst beyond it is refused unchecked.
 */
export const PASSWORD_CHECKS_AT_ONCE = 2;
export const PASSWORD_CHECKS_WAITING = 8;
export const BUSY_RETRY_SECONDS = 5;
const passwordChecks = new ConcurrencyGate(PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING);

export type SignInResult =
  | { ok: true; user: StaffUser }
  | { ok: false; reason: 'wrong-credentials' }
  | { ok: false; reason: 'throttled'; retryAt: Date }
  | { ok: false; reason: 'busy'; retryAfterSeconds: number };

/**
 * Checks an e-mail and password. Every failure looks the same to the caller and takes as
 * long whether or not the account exists. The attempt is counted before its password is
 * checked, so once a limit of SIGN_IN_LIMITS is reached, further tries are refused
 * unchecked however many arrive at once; they are refused unchecked too while too many
 * checks are already running. `knownDevice` gives the browser's device id when it is
 * known for the (normalised) account, so its attempts are counted apart from its address.
 */
export async function signIn(
  database: AppDatabase,
  attempt: {
    email: string;
    password: string;
    address: string;
    knownDevice?: (email: string) => string | undefined;
    /** The server's app.clock, which the session that sign-in opens reads too. */
    now: Date;
  },
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email);
  const device = attempt.knownDevice?.(email);
  const reservation = await reserveSignInAttempt(database, {
    email,
    address: attempt.address,
    device: device === undefined ? undefined : deviceClient(device),
    now: attempt.now,
    limits: SIGN_IN_LIMITS,
  });
  if (!reservation.ok) {
    await writeAudit(database, {
      action: 'sign-in-throttled',
      actor: email,
      address: attempt.address,
      detail: { retryAt: reservation.retryAt.toISOString() },
    });
    return { ok: false, reason: 'throttled', retryAt: reservation.retryAt };
  }

  const user = await findStaffByEmail(database, email);
  const check = await passwordChecks.run(() =>
    verifyPassword(user?.passwordHash, attempt.password),
  );
  if (!check.admitted) {
    // Nothing was checked, so the attempt must not use up one of the account's tries.
    await releaseSignInAttempt(database, reservation.id);
    return { ok: false, reason: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
  }
  if (!user || !user.active || !check.value) {
    await writeAudit(database, {
      action: 'sign-in-failed',
      actor: email,
      address: attempt.address,
      detail: {
        reason: !user ? 'unknown account' : !user.active ? 'account disabled' : 'wrong password',
      },
    });
    return { ok: false, reason: 'wrong-credentials' };
  }

  await clearSignInFailures(database, reservation.id);
  const upgradedHash = hashNeedsUpgrade(user.passwordHash)
    ? await hashPassword(attempt.password)
    : undefined;
  await recordSignIn(database, user.id, attempt.now, upgradedHash);
  await writeAudit(database, {
    action: 'sign-in',
    actor: email,
    address: attempt.address,
    detail: {},
  });
  return { ok: true, user };
}

/**
 * When a throttled sign-in may be tried again, rounded up to the minute so the time shown
 * ("Try again after 3:45 PM") is never a moment too early.
 */
export function retryMinute(retryAt: Date): string {
  return new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000).toISOString();
}

/** "Too many failed sign-in attempts. Try again after 3:45 PM (Philippine time)." */
export function throttledMessage(retryAt: Date): string {
  return formatMessage(staffEn['staff.login.throttled'], {
    time: formatManilaClock(retryMinute(retryAt)),
  });
}
