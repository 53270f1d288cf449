import { isStaffRole, type StaffRole } from './staff-roles.ts';

/**
 * Staff accounts as administrators manage them on the web (/staff/accounts and
 * /api/staff-accounts): the shapes both the server and the browser speak.
 */

/** Where the owner of a set-password link sets their password; the token is its `token` parameter. */
export const SET_PASSWORD_PATH = '/staff/set-password';

/** How long a set-password link works after it is made. */
export const PASSWORD_LINK_HOURS = 24;

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
 * Why an account change was refused: 400 bad input (per field), 403 not an administrator,
 * 404 no such account, 409 the account rules (last administrator, e-mail taken).
 */
export interface AccountRefusal {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
  fieldErrors: Record<string, string>;
}

export type AccountOutcome<T> = ({ ok: true } & T) | AccountRefusal;

/** What a set-password link allows now: `valid`, or why it no longer works. */
export type PasswordLinkState = 'valid' | 'unknown' | 'expired' | 'used' | 'replaced' | 'disabled';

export interface PasswordLinkInfo {
  state: PasswordLinkState;
  /** The account it sets a password for, while the link is valid. */
  email: string | null;
  /** When it stops (or stopped) working, UTC ISO; null for an unknown link. */
  expires: string | null;
}

export type SetPasswordOutcome =
  | { ok: true; email: string }
  | {
      ok: false;
      /** 400 the password is refused (fieldErrors.password says why); 410 the link no longer works. */
      status: 400 | 410;
      message: string;
      fieldErrors: Record<string, string>;
    };

/** What a refused link says, in words for the one holding it. */
export const LINK_STATE_MESSAGES: Record<Exclude<PasswordLinkState, 'valid'>, string> = {
  unknown:
    'This set-password link is not valid. Check that the whole link was copied, or ask an administrator for a new one.',
  expired: `This set-password link has expired (links work for ${PASSWORD_LINK_HOURS} hours). Ask an administrator for a new one.`,
  used: 'This set-password link has already been used. Sign in with the password you set, or ask an administrator for a new link.',
  replaced:
    'This set-password link was replaced by a newer link or password. Use the newest link, or ask an administrator for a new one.',
  disabled: 'This account is disabled. Ask an administrator.',
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
}

/** An e-mail address as the CLI and the admin pages accept it: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_DISPLAY_NAME = 100;

/** The form's labels, which the refusals name. */
export const ACCOUNT_FIELD_LABELS = {
  email: 'E-mail address',
  displayName: 'Name',
  roles: 'Roles',
  setPassword: 'First password',
  disabled: 'Disabled',
} as const;

/**
 * What is wrong with a new account, per field (empty when nothing is): the admin page
 * shows these beside the inputs, the API sends them in `errors`. The e-mail is compared
 * trimmed and lower-cased, as stored.
 */
export function newAccountProblems(account: {
  email: string;
  displayName: string;
  roles: readonly string[];
  setPassword: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!EMAIL_PATTERN.test(account.email.trim())) {
    problems.email = `${ACCOUNT_FIELD_LABELS.email}: enter an address such as name@example.gov.ph.`;
  }
  const name = account.displayName.trim();
  if (!name || name.length > MAX_DISPLAY_NAME) {
    problems.displayName = `${ACCOUNT_FIELD_LABELS.displayName}: enter the person's name (at most ${MAX_DISPLAY_NAME} characters).`;
  }
  const roleProblem = rolesProblem(account.roles);
  if (roleProblem) problems.roles = roleProblem;
  if (!(PASSWORD_CHOICES as readonly string[]).includes(account.setPassword)) {
    problems.setPassword = `${ACCOUNT_FIELD_LABELS.setPassword}: choose a set-password link or a generated password.`;
  }
  return problems;
}

/** Why a set of roles cannot be an account's, or undefined. */
export function rolesProblem(roles: readonly string[]): string | undefined {
  if (roles.length === 0) return `${ACCOUNT_FIELD_LABELS.roles}: choose at least one role.`;
  const unknown = roles.find((role) => !isStaffRole(role));
  return unknown === undefined
    ? undefined
    : `${ACCOUNT_FIELD_LABELS.roles}: "${unknown}" is not a role.`;
}
