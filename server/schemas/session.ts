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
