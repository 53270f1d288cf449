import { localizedTextSchema } from '../http/localized-text-schema.ts';
import {
  DISCLOSURE_STATES,
  FIRST_DISCLOSURE_YEAR,
  LAST_DISCLOSURE_YEAR,
} from '../../shared/full-disclosure/full-disclosure.ts';

/**
 * The Full Disclosure routes' JSON schemas (server/full-disclosure/full-disclosure-routes.ts), so
 * /openapi.json describes them. Shapes: shared/full-disclosure/full-disclosure-grid.ts.
 */

const isoTime = { type: 'string', format: 'date-time' } as const;
const manilaDay = {
  type: 'string',
  format: 'date',
  description: 'A Manila calendar day, YYYY-MM-DD.',
} as const;

export const yearQuerySchema = {
  type: 'object',
  properties: {
    year: {
      type: 'string',
      pattern: '^[0-9]{4}$',
      description: `The fiscal year (the calendar year), from ${FIRST_DISCLOSURE_YEAR}; the current one in Manila when not given.`,
    },
  },
  additionalProperties: true,
} as const;

export const postingParamsSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', pattern: '^[a-z0-9-]+$', description: 'A document type id.' },
    period: {
      type: 'string',
      pattern: '^[0-9]{4}(-q[1-4])?$',
      description: 'The fiscal year (2025) or a quarter of it (2025-q1).',
    },
  },
  required: ['type', 'period'],
} as const;

const documentSchema = {
  type: 'object',
  description: 'The file posted, with its SHA-256 so a copy can be checked.',
  required: ['url', 'fileName', 'mediaType', 'bytes', 'sha256', 'postedAt', 'version'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', description: 'Where to download it (absolute from SITE_URL when set).' },
    fileName: { type: 'string' },
    mediaType: {
      type: 'string',
      enum: [
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
    },
    bytes: { type: 'integer', minimum: 1 },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    postedAt: isoTime,
    version: { type: 'integer', minimum: 1, description: '1, then one more per correction.' },
  },
} as const;

/** Names in both languages as content/full-disclosure.json gives them; `fil` feeds the /fil pages. */
const documentTypeProperties = {
  id: { type: 'string' },
  name: localizedTextSchema('The type’s name'),
  frequency: { type: 'string', enum: ['annual', 'quarterly'] },
  deadlineDays: { type: 'integer', description: 'Days after the period by which it is due.' },
  basis: localizedTextSchema('The rule that requires it'),
} as const;

const documentTypeSchema = {
  type: 'object',
  required: Object.keys(documentTypeProperties),
  additionalProperties: false,
  properties: documentTypeProperties,
} as const;

const cellProperties = {
  year: { type: 'integer' },
  quarter: {
    type: 'integer',
    minimum: 1,
    maximum: 4,
    nullable: true,
    description: 'Null for an annual document.',
  },
  period: { type: 'string', description: '"FY 2025" or "Q1 2025".' },
  state: { type: 'string', enum: [...DISCLOSURE_STATES] },
  periodEnds: { ...isoTime, description: 'Midnight in Manila after the period’s last day.' },
  deadline: { ...manilaDay, description: 'The last Manila day to post on.' },
  overdueFrom: { ...isoTime, description: 'When a missing document becomes overdue.' },
  permalink: {
    type: 'string',
    nullable: true,
    description: 'The posting’s page; null until posted.',
  },
  document: { ...documentSchema, nullable: true },
} as const;

const cellSchema = {
  type: 'object',
  required: Object.keys(cellProperties),
  additionalProperties: false,
  properties: cellProperties,
} as const;

export const gridSchema = {
  type: 'object',
  description: 'Every Full Disclosure document type and period of a fiscal year with its state.',
  required: ['year', 'currentYear', 'asOf', 'years', 'counts', 'types'],
  additionalProperties: false,
  properties: {
    year: { type: 'integer', minimum: FIRST_DISCLOSURE_YEAR, maximum: LAST_DISCLOSURE_YEAR },
    currentYear: { type: 'integer', description: 'The fiscal year running in Manila.' },
    asOf: { ...manilaDay, description: 'The Manila day the states hold for.' },
    years: { type: 'array', items: { type: 'integer' }, description: 'Years worth offering.' },
    counts: {
      type: 'object',
      required: [...DISCLOSURE_STATES],
      additionalProperties: false,
      properties: Object.fromEntries(
        DISCLOSURE_STATES.map((state) => [state, { type: 'integer' }]),
      ),
    },
    types: {
      type: 'array',
      items: {
        type: 'object',
        required: [...Object.keys(documentTypeProperties), 'cells'],
        additionalProperties: false,
        properties: { ...documentTypeProperties, cells: { type: 'array', items: cellSchema } },
      },
    },
  },
} as const;

export const postingSchema = {
  type: 'object',
  description: 'A posting: its type, its period with the file shown, and every file it has shown.',
  required: ['type', 'cell', 'history'],
  additionalProperties: false,
  properties: {
    type: documentTypeSchema,
    cell: cellSchema,
    history: {
      type: 'array',
      description:
        'Every file posted for the period, the first first; each later one with why it replaced the one before.',
      items: {
        type: 'object',
        required: [...documentSchema.required, 'reason'],
        additionalProperties: false,
        properties: { ...documentSchema.properties, reason: { type: 'string', nullable: true } },
      },
    },
  },
} as const;

export const postedSchema = {
  type: 'object',
  description: 'The posting made or corrected.',
  required: ['permalink', 'version', 'corrected'],
  additionalProperties: false,
  properties: {
    permalink: {
      type: 'string',
      description: 'The posting’s page (absolute from SITE_URL when set).',
    },
    version: { type: 'integer', minimum: 1 },
    corrected: { type: 'boolean', description: 'True when the file replaced one posted before.' },
  },
} as const;

/** The multipart body, described for people: Fastify does not validate multipart bodies. */
export const postingBodyDescription =
  'multipart/form-data: `type` (an id of content/full-disclosure.json), `year`, `quarter` (1–4, quarterly types only), `reason` (required for a correction) and then `file` (PDF or XLSX), with the CSRF token in the x-csrf-token header.';
