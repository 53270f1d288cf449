import {
  MAX_ADVISORY_TEXT,
  MAX_ADVISORY_TITLE,
  SEVERITIES,
  type Advisory,
  type AdvisoryChange,
} from '../../shared/advisories/advisories.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { describesEvery } from '../http/describes-every.ts';
import { historyStepSchema } from '../http/history-schema.ts';

const TIME_DESCRIPTION =
  'ISO 8601 with its offset (2026-07-01T06:00:00Z, 2026-07-01T14:00+08:00), or without one as Manila time (2026-07-01T14:00).';

// Lengths are checked by the service after trimming, with messages for people; the schema
// only bounds what is read at all.
const fieldProperties = {
  severity: {
    type: 'string',
    enum: SEVERITIES,
    description: 'How urgent: information, warning or danger; the banner says it in words.',
  },
  title: {
    type: 'string',
    maxLength: MAX_ADVISORY_TITLE * 4,
    description: `A short title, at most ${MAX_ADVISORY_TITLE} characters.`,
  },
  text: {
    type: 'string',
    maxLength: MAX_ADVISORY_TEXT * 4,
    description: `The notice in plain text, at most ${MAX_ADVISORY_TEXT} characters.`,
  },
  starts: {
    type: 'string',
    maxLength: 64,
    description: `When the banner appears: ${TIME_DESCRIPTION}`,
  },
  ends: {
    type: 'string',
    maxLength: 64,
    description: `When the banner goes, after the start (else 400): ${TIME_DESCRIPTION}`,
  },
} as const;

const reasonSchema = {
  type: 'string',
  maxLength: MAX_REASON_LENGTH,
  description: 'Why, in words the public will read on /advisories. Required, not blank.',
} as const;

/** POST /api/advisories. */
export const advisoryBodySchema = {
  type: 'object',
  description: 'A new advisory: shown as a banner on every public page from its start to its end.',
  required: ['severity', 'title', 'text', 'starts', 'ends'],
  additionalProperties: false,
  properties: fieldProperties,
} as const;

/** PATCH /api/advisories/{id}: some fields, why, and the version they were read at. */
export const advisoryAmendmentBodySchema = {
  type: 'object',
  description: 'A correction of an advisory: the fields to change, the reason and the version.',
  required: ['reason', 'version'],
  additionalProperties: false,
  properties: {
    ...fieldProperties,
    reason: reasonSchema,
    version: {
      type: 'integer',
      minimum: 1,
      description:
        'The version of the advisory the change was made against; another current version answers 409.',
    },
  },
} as const;

/** POST /api/advisories/{id}/end. */
export const advisoryEndBodySchema = {
  type: 'object',
  description: 'Ends an advisory now: its banner goes; it stays listed on /advisories.',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: reasonSchema },
} as const;

export const advisoryIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,15}$',
      description: 'The advisory id. Any other value answers 404.',
    },
  },
} as const;

const advisoryChangeSchema = describesEvery<AdvisoryChange>()(
  historyStepSchema({
    actions: ['amended', 'ended'],
    reasonDescription: 'Why, as staff wrote it.',
    changesDescription: 'What a correction changed; empty for an early end.',
    change: {
      field: { type: 'string' },
      before: { type: 'string' },
      after: { type: 'string' },
    },
  }),
);

export const advisorySchema = describesEvery<Advisory>()({
  type: 'object',
  description: 'An advisory; times ISO 8601 UTC.',
  required: [
    'id',
    'severity',
    'title',
    'text',
    'starts',
    'ends',
    'ended',
    'state',
    'version',
    'created',
    'updated',
    'history',
  ],
  properties: {
    id: { type: 'integer' },
    severity: { type: 'string', enum: SEVERITIES },
    title: { type: 'string' },
    text: { type: 'string' },
    starts: { type: 'string', description: 'When the banner appears.' },
    ends: { type: 'string', description: 'When the banner goes, as planned.' },
    ended: {
      type: 'object',
      nullable: true,
      description: 'When and why it was ended early; null otherwise.',
      required: ['at', 'reason'],
      properties: { at: { type: 'string' }, reason: { type: 'string' } },
    },
    state: {
      type: 'string',
      enum: ['upcoming', 'active', 'past'],
      description: 'At the time of the answer: not shown yet, shown on every page, or over.',
    },
    version: { type: 'integer' },
    created: { type: 'string' },
    updated: {
      type: 'string',
      description: 'The last correction or the early end; `created` if none.',
    },
    history: { type: 'array', description: 'Oldest first.', items: advisoryChangeSchema },
  },
});

export const advisoryListSchema = {
  type: 'array',
  items: advisorySchema,
} as const;

/** GET /api/staff/advisories. */
export const staffAdvisoriesSchema = {
  type: 'object',
  required: ['now', 'advisories'],
  properties: {
    now: { type: 'string', description: 'The server’s time, ISO 8601 UTC.' },
    advisories: advisoryListSchema,
  },
} as const;
