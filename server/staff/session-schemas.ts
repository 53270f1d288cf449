import { FLASH_CODES, type StaffSessionInfo } from '../../shared/staff-services.ts';
import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { describesEvery } from '../http/describes-every.ts';

/** Sign-in: an e-mail and a password, both text, nothing else. */
export const credentialsSchema = {
  type: 'object',
  description: 'Staff sign-in.',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 320, description: 'The staff e-mail address.' },
    password: { type: 'string', maxLength: 1024, description: 'The password.' },
  },
} as const;

export const credentialLabels = { email: 'Email', password: 'Password' } as const;

/** GET /api/session: who is signed in, and the CSRF token every write must carry. */
export const staffSessionSchema = describesEvery<StaffSessionInfo>()({
  type: 'object',
  required: ['user', 'csrfToken', 'flash'],
  properties: {
    user: {
      type: 'object',
      nullable: true,
      description: 'The signed-in staff member; null when nobody is.',
      required: ['email', 'displayName', 'roles'],
      properties: {
        email: { type: 'string' },
        displayName: { type: 'string' },
        roles: {
          type: 'array',
          items: { type: 'string', enum: [...STAFF_ROLES] },
          description: 'What the account may do: admin, bac, information, transparency.',
        },
      },
    },
    csrfToken: {
      type: 'string',
      description: 'Send it in the x-csrf-token header with every write.',
    },
    flash: {
      type: 'object',
      nullable: true,
      description:
        'A one-time message from the previous step, shown once; null when there is none.',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: [...FLASH_CODES],
          description: 'What happened, as a code: SIGNED_IN after a sign-in.',
        },
        message: { type: 'string', description: 'The same in English, e.g. Login successful.' },
      },
    },
    formKey: {
      type: 'string',
      nullable: true,
      description:
        'A one-time key for one data-entry form, null when signed out: sent as the Idempotency-Key header with an add, it stores the record once however often it is sent.',
    },
  },
});

/** POST /api/session when the credentials were right; the session cookie comes with it. */
export const signedInSchema = {
  type: 'object',
  required: ['ok', 'roles'],
  properties: {
    ok: { type: 'boolean', enum: [true] },
    roles: {
      type: 'array',
      items: { type: 'string', enum: [...STAFF_ROLES] },
      description: 'The signed-in account’s roles.',
    },
  },
} as const;

/** DELETE /api/session: no body; the session cookie is cleared. */
export const signedOutSchema = {
  type: 'null',
  description: 'Signed out: the session cookie is cleared.',
} as const;
