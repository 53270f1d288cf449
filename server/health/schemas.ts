export const healthResponses = {
  200: {
    type: 'object',
    description: 'The database can be read.',
    required: ['status'],
    properties: { status: { type: 'string', enum: ['ok'] } },
  },
  503: {
    type: 'object',
    description: 'The database cannot be read; the server log names the fault.',
    required: ['status', 'message'],
    properties: {
      status: { type: 'string', enum: ['unavailable'] },
      message: { type: 'string' },
    },
  },
} as const;
