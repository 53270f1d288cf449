import {
  RED_FLAG_INDICATORS,
  type RedFlagAnswer,
  type RedFlagItem,
  type RedFlagsOfYear,
} from '../../shared/red-flags/red-flags.ts';
import { describesEvery } from '../http/describes-every.ts';
import { yearQuerystringSchema } from '../http/year-query.ts';

/** `?year=` of GET /api/red-flags and /red-flags.csv. */
export const redFlagsQuerystringSchema = yearQuerystringSchema(
  'the current year in Manila if a project began in it, else the latest year one began in.',
);

const wordingSchema = {
  type: 'object',
  required: ['text', 'answered'],
  properties: {
    text: { type: 'string' },
    answered: { type: 'string', format: 'date-time', description: 'ISO 8601, UTC.' },
  },
} as const;

const answerSchema = describesEvery<RedFlagAnswer>()({
  type: 'object',
  nullable: true,
  description: 'The BAC’s answer to the flag, shown beside it; null when not answered.',
  required: ['text', 'answered', 'history'],
  properties: {
    ...wordingSchema.properties,
    history: {
      type: 'array',
      description: 'Earlier wordings of the answer, newest first.',
      items: wordingSchema,
    },
  },
});

const itemSchema = describesEvery<RedFlagItem>()({
  type: 'object',
  required: ['indicator', 'ocid', 'title', 'facts', 'answer'],
  properties: {
    indicator: {
      type: 'string',
      enum: [...RED_FLAG_INDICATORS],
      description: 'The indicator raised: /red-flags/methodology explains each.',
    },
    ocid: { type: 'string', description: 'The project: /procurement/{ocid}.' },
    title: { type: 'string' },
    facts: {
      type: 'object',
      additionalProperties: true,
      description:
        'The facts that raised the flag (dates, amounts as decimal strings in pesos, counts, the threshold), by indicator.',
    },
    answer: answerSchema,
  },
});

/** GET /api/red-flags. */
export const redFlagsSchema = describesEvery<RedFlagsOfYear>()({
  type: 'object',
  description:
    'The flags on projects begun in one year: our analysis of the published data, reasons to look again and never findings. OCDS releases do not carry them.',
  required: ['year', 'years', 'counts', 'total', 'items'],
  properties: {
    year: { type: 'integer' },
    years: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Every year a project began in, newest first.',
    },
    counts: {
      type: 'object',
      description: 'Projects flagged per indicator this year.',
      required: [...RED_FLAG_INDICATORS],
      properties: Object.fromEntries(
        RED_FLAG_INDICATORS.map((indicator) => [indicator, { type: 'integer' }]),
      ),
    },
    total: { type: 'integer', description: 'The number of items.' },
    items: { type: 'array', items: itemSchema },
  },
});
