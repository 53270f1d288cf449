/** GET /openapi.json: the document itself, open as OpenAPI documents are. */
export const openApiDocumentSchema = {
  type: 'object',
  description: 'An OpenAPI 3.0 document (https://spec.openapis.org/oas/v3.0.3).',
  required: ['openapi', 'info', 'paths'],
  additionalProperties: true,
  properties: {
    openapi: { type: 'string' },
    info: { type: 'object', additionalProperties: true },
    paths: { type: 'object', additionalProperties: true },
  },
} as const;
