import type { Lang } from '../i18n/languages.ts';
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { isStaffRole, type StaffRole } from '../staff-roles.ts';

/**
 * Staff accounts as administrators manage them on the web (/staff/accounts and
 * /api/staff-accounts): the shapes both the server and the browser speak.
 */

/** Where the owner of a set-password link sets their password; the token is its `token` parameter. */
export const SET_PASSWORD_PATH = '/staff/set-password';

/** How long a set-password link works after it is made. */
export const PASSWORD_LINK_HOURS = 24;

/** Where staff who forgot their password have a set-password link mailed to them. */
export const FORGOT_PASSWORD_PATH = '/staff/forgot-password';

/** How an account's new password is given: a one-time set-password link, or a generated password; either is shown once. */
export const PASSWORD_CHOICES = ['link', 'generated'] as const;
export type PasswordChoice = (typeof PASSWORD_CHOICES)[number];

/** An account as the administrator sees it: never its password hash. */
export interface StaffAccount {
  email: string;
  displayName: string;
  roles: StaffRole[];
  active: boolean;
  /** UTC ISO times; pages show them in Manila time. */
  created: string;
  lastSignIn: string | null;
  /** A set-password link for it still works: its owner has not set a password yet. */
  awaitingPassword: boolean;
  /**
   * Its owner knows its password. False with no link awaiting it (the link was revoked when
   * the account was disabled, or ran out): nobody can sign in until it gets a new one.
   */
  passwordSet: boolean;
}

/** The new password's means, shown to the administrator once and kept nowhere readable. */
export type IssuedPassword =
  | { setPasswordLink: string; linkExpires: string; password?: never }
  | { password: string; setPasswordLink?: never; linkExpires?: never };

export interface NewStaffAccount {
  email: string;
  displayName: string;
  roles: StaffRole[];
  setPassword: PasswordChoice;
}

/** A change to an account: the whole set of roles it should hold, and/or whether it is disabled. */
export interface StaffAccountChange {
  roles?: StaffRole[];
  disabled?: boolean;
}

/**
 * Why an account change was refused, as a code the page words in its own language: bad
 * input (INVALID_INPUT, `problems` says which field), not an administrator
 * (NOT_PERMITTED), no such account (NO_SUCH_ACCOUNT), or one of the account rules
 * (EMAIL_TAKEN, LAST_ADMIN: the last active administrator, NO_ROLE_LEFT: an account
 * without a role).
 */
export const ACCOUNT_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_ACCOUNT',
  'EMAIL_TAKEN',
  'LAST_ADMIN',
  'NO_ROLE_LEFT',
] as const;
export type AccountRefusalCode = (typeof ACCOUNT_REFUSALS)[number];

/** What is wrong with one field of an account form, as a code. */
export type AccountProblem =
  | 'email-format'
  | 'email-taken'
  | 'name-length'
  | 'roles-none'
  | 'roles-unknown'
  | 'password-choice';

/** Each refusal's and problem's words in the staff catalogue (values: `email`, `max`). */
export const ACCOUNT_REFUSAL_KEYS: Record<AccountRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.accounts.refused.invalid',
  NOT_PERMITTED: 'staff.accounts.refused.notAdmin',
  NO_SUCH_ACCOUNT: 'staff.accounts.refused.noAccount',
  EMAIL_TAKEN: 'staff.accounts.refused.emailTaken',
  LAST_ADMIN: 'staff.accounts.refused.lastAdmin',
  NO_ROLE_LEFT: 'staff.accounts.refused.noRole',
};

export const ACCOUNT_PROBLEM_KEYS: Record<AccountProblem, StaffMessageKey> = {
  'email-format': 'staff.accounts.problem.emailFormat',
  'email-taken': 'staff.accounts.problem.emailTaken',
  'name-length': 'staff.accounts.problem.nameLength',
  'roles-none': 'staff.accounts.problem.rolesNone',
  'roles-unknown': 'staff.accounts.problem.rolesUnknown',
  'password-choice': 'staff.accounts.problem.passwordChoice',
};

/**
 * Why an account change was refused: 400 bad input (per field), 403 not an administrator,
 * 404 no such account, 409 the account rules (last administrator, e-mail taken). `code`
 * and `problems` are for pages, which word them in their language; `message` and
 * `fieldErrors` are the same in English, for the API's readers.
 */
export interface AccountRefusal {
  ok: false;
  status: 400 | 403 | 404 | 409;
  code: AccountRefusalCode;
  problems: Record<string, AccountProblem>;
  message: string;
  fieldErrors: Record<string, string>;
}

export type AccountOutcome<T> = ({ ok: true } & T) | AccountRefusal;

/** What a set-password link allows now: `valid`, or why it no longer works. */
export type PasswordLinkState =
  'valid' | 'unknown' | 'expired' | 'used' | 'replaced' | 'revoked' | 'disabled';

export interface PasswordLinkInfo {
  state: PasswordLinkState;
  /** The account it sets a password for, while the link is valid. */
  email: string | null;
  /** When it stops (or stopped) working, UTC ISO; null for an unknown link. */
  expires: string | null;
}

/** The password rules (OWASP ASVS 5.0: length matters, composition rules do not). */
export const MIN_PASSWORD_LENGTH = 8;
export const RECOMMENDED_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 128;

/** Why a new password is refused (server/auth/password-policy.ts decides), as a code. */
export type PasswordProblem =
  'too-short' | 'too-long' | 'common' | 'contains-email' | 'one-character';

/** Each password problem's words in the staff catalogue (values: PASSWORD_LENGTHS). */
export const PASSWORD_PROBLEM_KEYS: Record<PasswordProblem, StaffMessageKey> = {
  'too-short': 'staff.setPassword.problem.tooShort',
  'too-long': 'staff.setPassword.problem.tooLong',
  common: 'staff.setPassword.problem.common',
  'contains-email': 'staff.setPassword.problem.containsEmail',
  'one-character': 'staff.setPassword.problem.oneCharacter',
};

export const PASSWORD_LENGTHS = {
  min: MIN_PASSWORD_LENGTH,
  recommended: RECOMMENDED_PASSWORD_LENGTH,
  max: MAX_PASSWORD_LENGTH,
};

/** Why a link does not work now. */
export type BrokenLinkState = Exclude<PasswordLinkState, 'valid'>;

/** What a refused link says to the one holding it (value: `hours`). */
export const LINK_STATE_KEYS: Record<BrokenLinkState, StaffMessageKey> = {
  unknown: 'staff.setPassword.link.unknown',
  expired: 'staff.setPassword.link.expired',
  used: 'staff.setPassword.link.used',
  replaced: 'staff.setPassword.link.replaced',
  revoked: 'staff.setPassword.link.revoked',
  disabled: 'staff.setPassword.link.disabled',
};

export type SetPasswordOutcome =
  | { ok: true; email: string }
  | {
      ok: false;
      /** 400 the password is refused (fieldErrors.password says why); 410 the link no longer works. */
      status: 400 | 410;
      /** Why, for the page's own words: the link's state or the password's problem. */
      code: BrokenLinkState | PasswordProblem;
      /** The same in English, for the API's readers. */
      message: string;
      fieldErrors: Record<string, string>;
    };

/** The staff-accounts side of the loaders' services; every call but the link's own needs the admin role. */
export interface StaffAccountServices {
  staffAccounts(): Promise<StaffAccount[]>;
  addStaffAccount(
    account: NewStaffAccount,
    csrfToken: string,
  ): Promise<AccountOutcome<{ account: StaffAccount; issued: IssuedPassword }>>;
  changeStaffAccount(
    email: string,
    change: StaffAccountChange,
    csrfToken: string,
  ): Promise<AccountOutcome<{ account: StaffAccount }>>;
  resetAccountPassword(
    email: string,
    setPassword: PasswordChoice,
    csrfToken: string,
  ): Promise<AccountOutcome<{ account: StaffAccount; issued: IssuedPassword }>>;
  /** Anyone holding a link may ask what it allows. */
  passwordLink(token: string): Promise<PasswordLinkInfo>;
  setPasswordWithLink(
    token: string,
    password: string,
    csrfToken: string,
  ): Promise<SetPasswordOutcome>;
  /**
   * Anyone, where the site sends mail (`alertsEnabled`: the mail goes by the bid-alert
   * sender): mails the enabled account with this address a set-password link, when the
   * rate limits allow. Answers nothing either way, so the page says the same whatever the
   * address. `lang` is the page's language, which the mail is written in.
   */
  requestPasswordReset(email: string, lang: Lang, csrfToken: string): Promise<void>;
}

/** An e-mail address as the CLI and the admin pages accept it: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_DISPLAY_NAME = 100;

/** The longest e-mail address (RFC 5321's limit on a path). */
export const MAX_EMAIL_LENGTH = 254;

/** What is wrong with the address typed on the forgotten-password page, or undefined. */
export function resetEmailProblem(email: string): 'missing' | 'format' | undefined {
  const typed = email.trim();
  if (!typed) return 'missing';
  return typed.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(typed) ? 'format' : undefined;
}

/**
 * What is wrong with a new account, per field (empty when nothing is): the admin page
 * words these beside the inputs, the API sends them in `errors`. The e-mail is compared
 * trimmed and lower-cased, as stored.
 */
export function newAccountProblems(account: {
  email: string;
  displayName: string;
  roles: readonly string[];
  setPassword: string;
}): Record<string, AccountProblem> {
  const problems: Record<string, AccountProblem> = {};
  if (!EMAIL_PATTERN.test(account.email.trim())) problems.email = 'email-format';
  const name = account.displayName.trim();
  if (!name || name.length > MAX_DISPLAY_NAME) problems.displayName = 'name-length';
  const roleProblem = rolesProblem(account.roles);
  if (roleProblem) problems.roles = roleProblem;
  if (!(PASSWORD_CHOICES as readonly string[]).includes(account.setPassword)) {
    problems.setPassword = 'password-choice';
  }
  return problems;
}

/** Why a set of roles cannot be an account's, or undefined. */
export function rolesProblem(roles: readonly string[]): AccountProblem | undefined {
  if (roles.length === 0) return 'roles-none';
  return roles.every(isStaffRole) ? undefined : 'roles-unknown';
}
