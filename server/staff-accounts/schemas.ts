import { LANGUAGES } from '../../shared/i18n/languages.ts';
import {
  ACCOUNT_REFUSALS,
  EMAIL_PATTERN,
  MAX_DISPLAY_NAME,
  MAX_EMAIL_LENGTH,
  PASSWORD_CHOICES,
  type AccountProblem,
  type PasswordLinkInfo,
  type StaffAccount,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { describesEvery } from '../http/describes-every.ts';
import { errorSchema } from '../http/error-schemas.ts';
import type { SchemaError } from '../http/strict-validator.ts';

const rolesSchema = {
  type: 'array',
  items: { type: 'string', enum: [...STAFF_ROLES] },
  uniqueItems: true,
  description: 'What the account may do: admin, bac, information, transparency.',
} as const;

const setPasswordSchema = {
  type: 'string',
  enum: [...PASSWORD_CHOICES],
  description:
    'How the new password is given: `link`, a one-time set-password link that works for 24 hours, or `generated`, a strong password; the answer holds either, once.',
} as const;

/** An account as administrators see it; never its password hash. */
export const staffAccountSchema = describesEvery<StaffAccount>()({
  type: 'object',
  required: [
    'email',
    'displayName',
    'roles',
    'active',
    'created',
    'lastSignIn',
    'awaitingPassword',
    'passwordSet',
  ],
  additionalProperties: false,
  properties: {
    email: { type: 'string' },
    displayName: { type: 'string' },
    roles: rolesSchema,
    active: { type: 'boolean', description: 'False when the account is disabled.' },
    created: { type: 'string', format: 'date-time' },
    lastSignIn: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description: 'The last sign-in (UTC); null when never.',
    },
    awaitingPassword: {
      type: 'boolean',
      description:
        'A set-password link for the account still works: its owner has not used it yet.',
    },
    passwordSet: {
      type: 'boolean',
      description:
        'The owner knows the password. False and awaitingPassword false: the link was revoked (the account was disabled) or ran out, so nobody can sign in until a reset gives a new one.',
    },
  },
});

export const staffAccountListSchema = {
  type: 'array',
  description: 'Every staff account, by e-mail address.',
  items: staffAccountSchema,
} as const;

/** An added account or a reset password: the account, and once the link or the password. */
export const issuedPasswordSchema = {
  type: 'object',
  required: ['account'],
  additionalProperties: false,
  description:
    'Shown once and stored nowhere readable: either setPasswordLink and linkExpires, or password.',
  properties: {
    account: staffAccountSchema,
    setPasswordLink: {
      type: 'string',
      description:
        'The one-time link for the account’s owner (absolute from SITE_URL, else the path).',
    },
    linkExpires: {
      type: 'string',
      format: 'date-time',
      description: 'When the link stops working.',
    },
    password: { type: 'string', description: 'The generated password.' },
  },
} as const;

export const changedAccountSchema = {
  type: 'object',
  required: ['account'],
  additionalProperties: false,
  properties: { account: staffAccountSchema },
} as const;

export const newAccountBodySchema = {
  type: 'object',
  description: 'A new staff account.',
  required: ['email', 'displayName', 'roles', 'setPassword'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 320, description: 'The e-mail address; the sign-in name.' },
    displayName: {
      type: 'string',
      maxLength: MAX_DISPLAY_NAME,
      description: 'The person’s name.',
    },
    roles: rolesSchema,
    setPassword: setPasswordSchema,
  },
} as const;

export const accountChangeBodySchema = {
  type: 'object',
  description:
    'What to change: the whole set of roles the account should hold, and/or whether it is disabled (disabling ends its sessions). Both commit or neither.',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    roles: rolesSchema,
    disabled: { type: 'boolean' },
  },
} as const;

export const passwordResetBodySchema = {
  type: 'object',
  description:
    'A new password for the account: its sessions and earlier links end, and the old password stops working.',
  required: ['setPassword'],
  additionalProperties: false,
  properties: { setPassword: setPasswordSchema },
} as const;

export const accountParamsSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', maxLength: 320, description: 'The account’s e-mail address.' },
  },
} as const;

const tokenSchema = {
  type: 'string',
  maxLength: 100,
  description: 'The `token` parameter of the set-password link.',
} as const;

export const passwordLinkQuerySchema = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: tokenSchema },
} as const;

export const passwordLinkInfoSchema = describesEvery<PasswordLinkInfo>()({
  type: 'object',
  required: ['state', 'email', 'expires'],
  additionalProperties: false,
  properties: {
    state: {
      type: 'string',
      enum: ['valid', 'unknown', 'expired', 'used', 'replaced', 'revoked', 'disabled'],
      description: 'valid, or why the link no longer works.',
    },
    email: { type: 'string', nullable: true, description: 'The account, while the link is valid.' },
    expires: { type: 'string', format: 'date-time', nullable: true },
  },
});

export const setPasswordBodySchema = {
  type: 'object',
  description: 'The holder of a set-password link sets the account’s password.',
  required: ['token', 'password'],
  additionalProperties: false,
  properties: {
    token: tokenSchema,
    password: { type: 'string', maxLength: 1024, description: 'The new password.' },
  },
} as const;

export const passwordSetSchema = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', description: 'The account whose password was set.' } },
} as const;

export const passwordResetRequestBodySchema = {
  type: 'object',
  description:
    'Someone who forgot a staff password asks for a set-password link by e-mail (only where the site sends mail). The answer is the same whether or not an enabled account uses the address.',
  required: ['email'],
  additionalProperties: false,
  properties: {
    email: {
      type: 'string',
      maxLength: MAX_EMAIL_LENGTH,
      pattern: EMAIL_PATTERN.source,
      description: 'The staff account’s e-mail address.',
    },
    lang: {
      type: 'string',
      enum: [...LANGUAGES],
      description: 'The language of the mail and of the page its link opens; en when not given.',
    },
  },
} as const;

export const passwordResetRequestedSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: {
      type: 'string',
      description: 'The same words for every address: a link was sent if an account uses it.',
    },
  },
} as const;

/** The fields as the API's refusals name them. */
const labels: Record<string, string> = {
  email: 'E-mail address',
  displayName: 'Name',
  roles: 'Roles',
  setPassword: 'First password',
  disabled: 'Disabled',
  token: 'Link token',
  password: 'Password',
};

/** A schema refusal of an account form's field as the page words it (a page sends no other field). */
const FIELD_PROBLEMS: Record<string, AccountProblem> = {
  email: 'email-format',
  displayName: 'name-length',
  roles: 'roles-unknown',
  setPassword: 'password-choice',
};

/** The staff-accounts routes' refusals: the common shape, with codes pages word in their language. */
export const accountErrorSchema = {
  ...errorSchema,
  properties: {
    ...errorSchema.properties,
    code: {
      type: 'string',
      description: `Why, as a code: ${ACCOUNT_REFUSALS.join(', ')} (NOT_SIGNED_IN without a session); for the set-password link, the link state (unknown, expired, used, replaced, disabled) or the password problem (too-short, too-long, common, contains-email, one-character).`,
    },
    problems: {
      type: 'object',
      description:
        'Per field, what is wrong as a code: email-format, email-taken, name-length, roles-none, roles-unknown, password-choice.',
      additionalProperties: { type: 'string' },
    },
  },
} as const;

export const accountErrorResponses = { '4xx': accountErrorSchema, '5xx': errorSchema } as const;

/** Each schema problem of an account body as a sentence naming its field, keyed by the field. */
export function describeAccountBodyErrors(errors: readonly SchemaError[]): {
  message: string;
  fieldErrors: Record<string, string>;
  problems: Record<string, AccountProblem>;
} {
  const fieldErrors: Record<string, string> = {};
  const problems: Record<string, AccountProblem> = {};
  let bodyError: string | undefined;
  for (const error of errors) {
    const field =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params.additionalProperty)
          : error.instancePath.split('/')[1];
    if (field === undefined) {
      bodyError ??=
        error.keyword === 'minProperties'
          ? 'Send at least one change: roles or disabled.'
          : 'Send a JSON object.';
      continue;
    }
    const problem = FIELD_PROBLEMS[field];
    if (problem) problems[field] = problem;
    const label = labels[field] ?? field;
    fieldErrors[field] ??=
      error.keyword === 'required'
        ? `${label}: required.`
        : error.keyword === 'additionalProperties'
          ? `Unknown field "${field}".`
          : field === 'roles' && error.keyword === 'enum'
            ? `${label}: each must be one of ${STAFF_ROLES.join(', ')}.`
            : field === 'setPassword'
              ? `${label}: send "link" or "generated".`
              : `${label}: ${error.message ?? 'not accepted'}.`;
  }
  const messages = [bodyError, ...Object.values(fieldErrors)].filter(Boolean);
  return { message: messages.join(' '), fieldErrors, problems };
}
