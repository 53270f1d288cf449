import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import {
  accountsAwaitingPassword,
  findPasswordLink,
  linkState,
  tokenSha256,
} from '../../db/staff-accounts/password-links.ts';
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
} from '../../db/staff-accounts/staff-accounts.ts';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import {
  ACCOUNT_PROBLEM_KEYS,
  ACCOUNT_REFUSAL_KEYS,
  LINK_STATE_KEYS,
  MAX_DISPLAY_NAME,
  newAccountProblems,
  PASSWORD_LINK_HOURS,
  rolesProblem,
  SET_PASSWORD_PATH,
  type AccountProblem,
  type AccountRefusal,
  type AccountRefusalCode,
  type BrokenLinkState,
  type IssuedPassword,
  type PasswordChoice,
  type PasswordLinkInfo,
  type SetPasswordOutcome,
  type StaffAccount,
  type StaffAccountServices,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { StaffRefusal, staffWithRole } from '../auth/require-role.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { passwordProblemCode, passwordProblemText } from '../auth/password-policy.ts';
import type { AlertService } from '../alerts/alert-service.ts';
import { requestPasswordReset } from './password-reset.ts';
import { NotSignedInError } from '../staff/server-staff-services.ts';

const HOUR_MS = 60 * 60 * 1000;

/** 32 letters and digits without the look-alikes 0/o and 1/l: 5 bits a character, no bias from a byte. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Four groups of five (100 bits): strong, and easy to read out or type from a note. */
function generatedPassword(email: string): string {
  for (;;) {
    const letters = [...randomBytes(20)].map((byte) => PASSWORD_ALPHABET[byte % 32]).join('');
    const password = letters.match(/.{5}/g)!.join('-');
    // The policy's checks all but never refuse 100 random bits; it still has the last word.
    if (!passwordProblemCode(password, email)) return password;
  }
}

/** A link token is 32 random bytes in base64url; anything else names no link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A problem of a field in English, for the API's readers (pages word the code themselves). */
const problemText = (problem: AccountProblem, email: string) =>
  formatMessage(staffEn[ACCOUNT_PROBLEM_KEYS[problem]], { email, max: MAX_DISPLAY_NAME });

/**
 * A refusal with its code, and each field's problem; its English message is the problems'
 * words, or the refusal's own when no field is named.
 */
function refusal(
  status: AccountRefusal['status'],
  code: AccountRefusalCode,
  { email = '', problems = {} }: { email?: string; problems?: Record<string, AccountProblem> } = {},
): AccountRefusal {
  const fieldErrors = Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, problemText(problem, email)]),
  );
  const message =
    Object.values(fieldErrors).join(' ') ||
    formatMessage(staffEn[ACCOUNT_REFUSAL_KEYS[code]], { email });
  return { ok: false, status, code, problems, message, fieldErrors };
}

const noSuchAccount = (email: string) => refusal(404, 'NO_SUCH_ACCOUNT', { email });

const emailTaken = (email: string) =>
  refusal(409, 'EMAIL_TAKEN', { email, problems: { email: 'email-taken' } });

/** The account rules' refusals (last administrator, no role left, e-mail taken) as a 409. */
function ruleRefusal(error: unknown, email: string): AccountRefusal {
  if (error instanceof DuplicateEmailError) return emailTaken(email);
  if (error instanceof AccountRuleError) return refusal(409, error.code);
  throw error;
}

/** A set-password link that does not work now: 410, with its state as the code. */
const brokenLink = (state: BrokenLinkState): SetPasswordOutcome => ({
  ok: false,
  status: 410,
  code: state,
  message: formatMessage(staffEn[LINK_STATE_KEYS[state]], { hours: PASSWORD_LINK_HOURS }),
  fieldErrors: {},
});

function toAccount(user: StaffUser, awaitingPassword: boolean): StaffAccount {
  return {
    email: user.email,
    displayName: user.displayName,
    roles: user.roles,
    active: user.active,
    created: user.created,
    lastSignIn: user.lastSignIn,
    // A link its owner asked for, forgetting the password, leaves the password working:
    // such an account is active, not waiting (an administrator's link always unsets it).
    awaitingPassword: awaitingPassword && !user.passwordSet,
    passwordSet: user.passwordSet,
  };
}

/**
 * Staff accounts from the web: the same db/staff-accounts/staff-accounts.ts functions as the CLI, so the
 * same rules hold and each change commits with its audit entry (role `admin`, the
 * administrator's address); disabling and password resets end the account's sessions there.
 */
export function createAccountServices(
  database: AppDatabase,
  request: FastifyRequest,
  {
    siteUrl,
    mail,
  }: {
    siteUrl: string | undefined;
    /** The site's mail (the bid-alert sender), when it sends any: forgotten passwords need it. */
    mail?: Pick<AlertService, 'tokens' | 'wake'> | undefined;
  },
): StaffAccountServices {
  const clock = request.server.clock;

  /** Who makes the change, for its audit entry, or the refusal to show when it is not an administrator. */
  async function administrator(): Promise<AccountChangeBy | AccountRefusal> {
    try {
      const admin = await staffWithRole(database, request, 'admin');
      return { actor: admin.email, address: request.ip, role: 'admin', at: clock.now() };
    } catch (error) {
      if (!(error instanceof StaffRefusal)) throw error;
      if (error.statusCode === 401) throw new NotSignedInError();
      return { ...refusal(403, 'NOT_PERMITTED'), message: error.message };
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

  async function passwordLink(token: string): Promise<PasswordLinkInfo> {
    const link = TOKEN_PATTERN.test(token)
      ? await findPasswordLink(database, tokenSha256(token))
      : undefined;
    const state = linkState(link, clock.now().toISOString());
    return { state, email: state === 'valid' ? link!.email : null, expires: link?.expires ?? null };
  }

  async function accountNow(email: string): Promise<StaffAccount | undefined> {
    const user = await findStaffByEmail(database, email);
    if (!user) return undefined;
    return toAccount(
      user,
      (await accountsAwaitingPassword(database, clock.now().toISOString())).has(user.id),
    );
  }

  return {
    async staffAccounts() {
      const by = await administrator();
      if ('ok' in by) throw new StaffRefusal(403, by.message);
      const awaiting = await accountsAwaitingPassword(database, clock.now().toISOString());
      return (await listStaff(database)).map((user) => toAccount(user, awaiting.has(user.id)));
    },

    async addStaffAccount(account) {
      const by = await administrator();
      if ('ok' in by) return by;
      const problems = newAccountProblems(account);
      if (Object.keys(problems).length > 0) {
        return refusal(400, 'INVALID_INPUT', { email: account.email, problems });
      }
      const email = normalizeEmail(account.email);
      if (await findStaffByEmail(database, email)) return emailTaken(email);
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
        return ruleRefusal(error, email);
      }
    },

    async changeStaffAccount(email, change) {
      const by = await administrator();
      if ('ok' in by) return by;
      const current = await findStaffByEmail(database, email);
      if (!current) return noSuchAccount(normalizeEmail(email));
      const problem = change.roles && rolesProblem(change.roles);
      if (problem) return refusal(400, 'INVALID_INPUT', { problems: { roles: problem } });
      const wanted = change.roles ? new Set(change.roles) : undefined;
      try {
        await changeStaffAccount(
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
        return ruleRefusal(error, current.email);
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
        if (!(await resetStaffPassword(database, current.email, passwordHash, by, delivery))) {
          return noSuchAccount(current.email);
        }
      } catch (error) {
        return ruleRefusal(error, current.email);
      }
      const account = await accountNow(current.email);
      return account ? { ok: true, account, issued } : noSuchAccount(current.email);
    },

    passwordLink: (token) => passwordLink(token),

    async setPasswordWithLink(token, password): Promise<SetPasswordOutcome> {
      const info = await passwordLink(token);
      if (info.state !== 'valid' || !info.email) {
        return brokenLink(info.state === 'valid' ? 'unknown' : info.state);
      }
      const problem = passwordProblemCode(password, info.email);
      if (problem) {
        const message = formatMessage(staffEn['staff.setPassword.refused'], {
          problem: passwordProblemText(problem),
        });
        return {
          ok: false,
          status: 400,
          code: problem,
          message,
          fieldErrors: { password: message },
        };
      }
      const outcome = await setPasswordWithLink(database, {
        tokenSha256: tokenSha256(token),
        passwordHash: await hashPassword(password),
        now: clock.now().toISOString(),
        address: request.ip,
      });
      if (outcome.state !== 'valid' || !outcome.email) {
        // Another sending of the same link got there while this password was hashed.
        return brokenLink(outcome.state === 'valid' ? 'used' : outcome.state);
      }
      return { ok: true, email: outcome.email };
    },

    async requestPasswordReset(email, lang) {
      if (mail) await requestPasswordReset(database, request, mail, { email, lang });
    },
  };
}
