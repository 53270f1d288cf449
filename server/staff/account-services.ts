import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { accountsAwaitingPassword, findPasswordLink, linkState } from '../../db/password-links.ts';
import {
  AccountRuleError,
  changeStaffAccount,
  createStaff,
  DuplicateEmailError,
  findStaffByEmail,
  listStaff,
  normalizeEmail,
  resetStaffPassword,
  setPasswordWithLink,
  type AccountChangeBy,
  type PasswordDelivery,
  type StaffUser,
} from '../../db/staff-accounts.ts';
import {
  LINK_STATE_MESSAGES,
  newAccountProblems,
  PASSWORD_LINK_HOURS,
  rolesProblem,
  SET_PASSWORD_PATH,
  type AccountRefusal,
  type IssuedPassword,
  type PasswordChoice,
  type PasswordLinkInfo,
  type SetPasswordOutcome,
  type StaffAccount,
  type StaffAccountServices,
} from '../../shared/staff-accounts.ts';
import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { StaffRefusal, staffWithRole } from '../auth/require-role.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { NotSignedInError } from './server-staff-services.ts';

const HOUR_MS = 60 * 60 * 1000;

/** 32 letters and digits without the look-alikes 0/o and 1/l: 5 bits a character, no bias from a byte. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Four groups of five (100 bits): strong, and easy to read out or type from a note. */
function generatedPassword(email: string): string {
  for (;;) {
    const letters = [...randomBytes(20)].map((byte) => PASSWORD_ALPHABET[byte % 32]).join('');
    const password = letters.match(/.{5}/g)!.join('-');
    // The policy's checks all but never refuse 100 random bits; it still has the last word.
    if (!passwordProblem(password, email)) return password;
  }
}

const tokenSha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link token is 32 random bytes in base64url; anything else names no link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const refusal = (
  status: AccountRefusal['status'],
  message: string,
  fieldErrors: Record<string, string> = {},
): AccountRefusal => ({ ok: false, status, message, fieldErrors });

const noSuchAccount = (email: string) => refusal(404, `There is no staff account ${email}.`);

/** The account rules' refusals (last administrator, no role left, e-mail taken) as a 409. */
function ruleRefusal(error: unknown): AccountRefusal {
  if (error instanceof DuplicateEmailError) {
    return refusal(409, error.message, { email: error.message });
  }
  if (error instanceof AccountRuleError) return refusal(409, error.message);
  throw error;
}

function toAccount(user: StaffUser, awaitingPassword: boolean): StaffAccount {
  return {
    email: user.email,
    displayName: user.displayName,
    roles: user.roles,
    active: user.active,
    created: user.created,
    lastSignIn: user.lastSignIn,
    awaitingPassword,
  };
}

/**
 * Staff accounts from the web: the same db/staff-accounts.ts functions as the CLI, so the
 * same rules hold and each change commits with its audit entry (role `admin`, the
 * administrator's address); disabling and password resets end the account's sessions there.
 */
export function createAccountServices(
  database: AppDatabase,
  request: FastifyRequest,
  { siteUrl }: { siteUrl: string | undefined },
): StaffAccountServices {
  const clock = request.server.clock;

  /** Who makes the change, for its audit entry, or the refusal to show when it is not an administrator. */
  async function administrator(): Promise<AccountChangeBy | AccountRefusal> {
    try {
      const admin = await staffWithRole(database, request, 'admin');
      return { actor: admin.email, address: request.ip, role: 'admin' };
    } catch (error) {
      if (!(error instanceof StaffRefusal)) throw error;
      if (error.statusCode === 401) throw new NotSignedInError();
      return refusal(403, error.message);
    }
  }

  /** The new password's hash, how it reaches its owner, and what the administrator is shown once. */
  async function newPassword(choice: PasswordChoice, email: string) {
    if (choice === 'generated') {
      const password = generatedPassword(email);
      return {
        passwordHash: await hashPassword(password),
        delivery: { kind: 'generated' } as PasswordDelivery,
        issued: { password } as IssuedPassword,
      };
    }
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expires = new Date(now.getTime() + PASSWORD_LINK_HOURS * HOUR_MS).toISOString();
    const path = `${SET_PASSWORD_PATH}?${new URLSearchParams({ token })}`;
    // Absolute only from SITE_URL; without it the administrator is given the path to send.
    const link = siteUrl ? new URL(path, siteUrl).href : path;
    return {
      // Until the link is used the account has a password nobody knows.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      delivery: {
        kind: 'link',
        tokenSha256: tokenSha256(token),
        created: now.toISOString(),
        expires,
      } as PasswordDelivery,
      issued: { setPasswordLink: link, linkExpires: expires } as IssuedPassword,
    };
  }

  function passwordLink(token: string): PasswordLinkInfo {
    const link = TOKEN_PATTERN.test(token)
      ? findPasswordLink(database, tokenSha256(token))
      : undefined;
    const state = linkState(link, clock.now().toISOString());
    return { state, email: state === 'valid' ? link!.email : null, expires: link?.expires ?? null };
  }

  async function accountNow(email: string): Promise<StaffAccount | undefined> {
    const user = await findStaffByEmail(database, email);
    if (!user) return undefined;
    return toAccount(
      user,
      accountsAwaitingPassword(database, clock.now().toISOString()).has(user.id),
    );
  }

  return {
    async staffAccounts() {
      const by = await administrator();
      if ('ok' in by) throw new StaffRefusal(403, by.message);
      const awaiting = accountsAwaitingPassword(database, clock.now().toISOString());
      return (await listStaff(database)).map((user) => toAccount(user, awaiting.has(user.id)));
    },

    async addStaffAccount(account) {
      const by = await administrator();
      if ('ok' in by) return by;
      const problems = newAccountProblems(account);
      if (Object.keys(problems).length > 0) {
        return refusal(400, Object.values(problems).join(' '), problems);
      }
      const email = normalizeEmail(account.email);
      if (await findStaffByEmail(database, email)) {
        return ruleRefusal(new DuplicateEmailError(`An account for ${email} already exists.`));
      }
      const { passwordHash, delivery, issued } = await newPassword(account.setPassword, email);
      try {
        const user = await createStaff(
          database,
          {
            email,
            displayName: account.displayName.trim(),
            passwordHash,
            roles: STAFF_ROLES.filter((role) => account.roles.includes(role)),
          },
          by,
          { delivery },
        );
        return { ok: true, account: toAccount(user, delivery.kind === 'link'), issued };
      } catch (error) {
        return ruleRefusal(error);
      }
    },

    async changeStaffAccount(email, change) {
      const by = await administrator();
      if ('ok' in by) return by;
      const current = await findStaffByEmail(database, email);
      if (!current) return noSuchAccount(normalizeEmail(email));
      const problem = change.roles && rolesProblem(change.roles);
      if (problem) return refusal(400, problem, { roles: problem });
      const wanted = change.roles ? new Set(change.roles) : undefined;
      try {
        changeStaffAccount(
          database,
          current.email,
          {
            add: wanted ? [...wanted].filter((role) => !current.roles.includes(role)) : [],
            remove: wanted ? current.roles.filter((role) => !wanted.has(role)) : [],
            ...(change.disabled === undefined ? {} : { active: !change.disabled }),
          },
          by,
        );
      } catch (error) {
        return ruleRefusal(error);
      }
      const account = await accountNow(current.email);
      return account ? { ok: true, account } : noSuchAccount(current.email);
    },

    async resetAccountPassword(email, setPassword) {
      const by = await administrator();
      if ('ok' in by) return by;
      const current = await findStaffByEmail(database, email);
      if (!current) return noSuchAccount(normalizeEmail(email));
      const { passwordHash, delivery, issued } = await newPassword(setPassword, current.email);
      try {
        if (!resetStaffPassword(database, current.email, passwordHash, by, delivery)) {
          return noSuchAccount(current.email);
        }
      } catch (error) {
        return ruleRefusal(error);
      }
      const account = await accountNow(current.email);
      return account ? { ok: true, account, issued } : noSuchAccount(current.email);
    },

    passwordLink: async (token) => passwordLink(token),

    async setPasswordWithLink(token, password): Promise<SetPasswordOutcome> {
      const info = passwordLink(token);
      if (info.state !== 'valid' || !info.email) {
        const state = info.state === 'valid' ? 'unknown' : info.state;
        return { ok: false, status: 410, message: LINK_STATE_MESSAGES[state], fieldErrors: {} };
      }
      const problem = passwordProblem(password, info.email);
      if (problem) {
        const message = `Password refused: ${problem}.`;
        return { ok: false, status: 400, message, fieldErrors: { password: message } };
      }
      const outcome = setPasswordWithLink(database, {
        tokenSha256: tokenSha256(token),
        passwordHash: await hashPassword(password),
        now: clock.now().toISOString(),
        address: request.ip,
      });
      if (outcome.state !== 'valid' || !outcome.email) {
        // Another sending of the same link got there while this password was hashed.
        const state = outcome.state === 'valid' ? 'used' : outcome.state;
        return { ok: false, status: 410, message: LINK_STATE_MESSAGES[state], fieldErrors: {} };
      }
      return { ok: true, email: outcome.email };
    },
  };
}
