/**
 * The body of every refusal and failure of the JSON routes: the routes' own answers and
 * the app's error handler (server/plugins/error-handler.ts) send this shape.
 */
export const errorSchema = {
  type: 'object',
  description: 'Why the request was refused or failed.',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated.' },
    error: { type: 'string', description: 'The status’s reason phrase, e.g. Not Found.' },
    message: { type: 'string', description: 'What went wrong, in words for people.' },
    errors: {
      type: 'object',
      description:
        'Staff writes only: one message per problem, keyed by the field name as sent (or reason, version), so a form can show each beside its input.',
      additionalProperties: { type: 'string' },
    },
  },
} as const;

/**
 * Client and server errors of a route under /api/, for its `response` map. Elsewhere the
 * error handler answers a server error with an HTML page: those routes declare 4xx only.
 */
export const errorResponses = { '4xx': errorSchema, '5xx': errorSchema } as const;
