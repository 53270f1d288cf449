import type { AppDatabase } from '../../db/connection.ts';
import { writeAudit } from '../../db/audit-log.ts';
import {
  clearSignInFailures,
  releaseSignInAttempt,
  reserveSignInAttempt,
} from '../../db/sign-in-failures.ts';
import {
  findStaffByEmail,
  normalizeEmail,
  recordSignIn,
  type StaffUser,
} from '../../db/staff-accounts.ts';
import { ConcurrencyGate } from './concurrency-gate.ts';
import { hashNeedsUpgrade, hashPassword, verifyPassword } from './password-hash.ts';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const WRONG_CREDENTIALS = 'Wrong Credentials';
export const BUSY_MESSAGE = 'Many people are signing in right now. Try again in a few seconds.';

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
 * checked, so after MAX_FAILURES within the window, for the account or for the address,
 * further tries are refused unchecked however many arrive at once; they are refused
 * unchecked too while too many checks are already running.
 */
export async function signIn(
  database: AppDatabase,
  attempt: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email);
  const reservation = reserveSignInAttempt(database, {
    email,
    address: attempt.address,
    now: new Date(),
    windowMs: FAILURE_WINDOW_MS,
    limit: MAX_FAILURES,
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
    releaseSignInAttempt(database, reservation.id);
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

  clearSignInFailures(database, email);
  const upgradedHash = hashNeedsUpgrade(user.passwordHash)
    ? await hashPassword(attempt.password)
    : undefined;
  await recordSignIn(database, user.id, upgradedHash);
  await writeAudit(database, {
    action: 'sign-in',
    actor: email,
    address: attempt.address,
    detail: {},
  });
  return { ok: true, user };
}

/** "Too many failed sign-ins. Try again after 3:45 PM." in Philippine time. */
export function throttledMessage(retryAt: Date): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Manila',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000));
  return `Too many failed sign-in attempts. Try again after ${time} (Philippine time).`;
}
