import type { AppDatabase } from '../../db/connection.ts';
import { writeAudit } from '../../db/audit-log.ts';
import {
  clearSignInFailures,
  pruneSignInFailures,
  recentSignInFailures,
  recordSignInFailure,
} from '../../db/sign-in-failures.ts';
import {
  findStaffByEmail,
  normalizeEmail,
  recordSignIn,
  type StaffUser,
} from '../../db/staff-accounts.ts';
import { hashNeedsUpgrade, hashPassword, verifyPassword } from './password-hash.ts';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const WRONG_CREDENTIALS = 'Wrong Credentials';

export type SignInResult =
  | { ok: true; user: StaffUser }
  | { ok: false; reason: 'wrong-credentials' }
  | { ok: false; reason: 'throttled'; retryAt: Date };

/** When the failure that keeps a group at the limit leaves the window. */
function retryTime(failures: string[]): Date | undefined {
  if (failures.length < MAX_FAILURES) return undefined;
  const blocking = failures[failures.length - MAX_FAILURES] as string;
  return new Date(Date.parse(blocking) + FAILURE_WINDOW_MS);
}

/**
 * Checks an e-mail and password. Every failure looks the same to the caller and takes as
 * long whether or not the account exists; after MAX_FAILURES failures within the window,
 * for the account or for the address, further tries are refused until the window moves on.
 */
export async function signIn(
  database: AppDatabase,
  attempt: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = normalizeEmail(attempt.email);
  const now = new Date();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  await pruneSignInFailures(database, since);
  const recent = await recentSignInFailures(database, { email, address: attempt.address, since });
  const retryAt = [retryTime(recent.byEmail), retryTime(recent.byAddress)]
    .filter((time): time is Date => time !== undefined)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (retryAt) {
    await writeAudit(database, {
      action: 'sign-in-throttled',
      actor: email,
      address: attempt.address,
      detail: { retryAt: retryAt.toISOString() },
    });
    return { ok: false, reason: 'throttled', retryAt };
  }

  const user = await findStaffByEmail(database, email);
  const passwordMatches = await verifyPassword(user?.passwordHash, attempt.password);
  if (!user || !user.active || !passwordMatches) {
    await recordSignInFailure(database, email, attempt.address);
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

  await clearSignInFailures(database, email);
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
