import { ADVISORY_REFUSALS } from '../../shared/advisories/advisories.ts';
import { DELETION_REFUSALS } from '../../shared/deletion.ts';
import { UPLOAD_REFUSALS } from '../../shared/documents/document-uploads.ts';
import { DISCLOSURE_REFUSALS } from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { NEWS_REFUSALS } from '../../shared/news/news.ts';
import { PROJECT_REFUSALS } from '../../shared/procurement-projects/project-services.ts';
import { ACCESS_REFUSALS } from '../../shared/refusals.ts';
import {
  ADD_RECORD_REFUSALS,
  RECORD_CHANGE_REFUSALS,
  SIGN_IN_REFUSALS,
} from '../../shared/staff-services.ts';

/** Each area's refusal codes, for the description of `code`. */
const REFUSAL_CODES: Record<string, readonly string[]> = {
  'any staff write': [...ACCESS_REFUSALS, 'INVALID_INPUT'],
  'sign-in': SIGN_IN_REFUSALS,
  'adding a record': ADD_RECORD_REFUSALS,
  'correcting or withdrawing a record': RECORD_CHANGE_REFUSALS,
  'moving a notice to another procurement project': PROJECT_REFUSALS,
  news: NEWS_REFUSALS,
  advisories: ADVISORY_REFUSALS,
  'deleting news or an advisory': DELETION_REFUSALS,
  'Full Disclosure postings': DISCLOSURE_REFUSALS,
  'uploads of documents and pictures': UPLOAD_REFUSALS,
};

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
    code: {
      type: 'string',
      description: `Staff writes and sign-in: why, as a code that stays the same whatever the message's words (decide by it, not by \`message\`). ${Object.entries(
        REFUSAL_CODES,
      )
        .map(([area, codes]) => `${area}: ${[...new Set(codes)].join(', ')}`)
        .join('; ')}.`,
    },
    message: { type: 'string', description: 'What went wrong, in words for people (English).' },
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
