import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { MAX_ANSWER_LENGTH } from '../../shared/red-flags/flag-answers.ts';
import { RED_FLAG_INDICATORS, type RedFlagAnswer } from '../../shared/red-flags/red-flags.ts';
import { describesEvery } from '../http/describes-every.ts';

// The BAC's answers to red flags (issue 35): a flag's `answer` in /api/procurements/<ocid>
// (and in the flags' year list), and POST /api/procurements/<ocid>/flags/<indicator>/answer.

const wording = {
  text: { type: 'string', description: 'The answer as the BAC worded it.' },
  answered: { type: 'string', description: 'When it was given, ISO 8601 UTC.' },
} as const;

export const flagAnswerSchema = describesEvery<RedFlagAnswer>()({
  type: 'object',
  nullable: true,
  description:
    'The Bids and Awards Committee’s answer to the flag, as published under it; null when not answered.',
  required: ['text', 'answered', 'history'],
  properties: {
    ...wording,
    history: {
      type: 'array',
      description: 'The earlier wordings it corrected, newest first.',
      items: { type: 'object', required: ['text', 'answered'], properties: wording },
    },
  },
});

export const flagAnswerParamsSchema = {
  type: 'object',
  required: ['ocid', 'indicator'],
  properties: {
    ocid: { type: 'string', maxLength: 200, description: 'The project’s OCID.' },
    indicator: {
      type: 'string',
      maxLength: 60,
      description: `The flag’s indicator, one of ${RED_FLAG_INDICATORS.join(', ')}; the project must raise it now.`,
    },
  },
} as const;

export const flagAnswerBodySchema = {
  type: 'object',
  description: 'The answer to the flag; a reason when it corrects an answer given before.',
  required: ['text'],
  additionalProperties: false,
  properties: {
    text: {
      type: 'string',
      maxLength: MAX_ANSWER_LENGTH,
      description: `The answer, published under the flag: at most ${MAX_ANSWER_LENGTH} characters.`,
    },
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description:
        'Why the answer is corrected: required when the flag has an answer already (kept in the audit log, not published).',
    },
  },
} as const;

export const flagAnsweredSchema = {
  type: 'object',
  description: 'The flag’s answer as now published, with its earlier wordings.',
  required: ['indicator', 'corrected', 'answer'],
  properties: {
    indicator: { type: 'string', enum: [...RED_FLAG_INDICATORS] },
    corrected: {
      type: 'boolean',
      description: 'True when the write corrected an earlier answer.',
    },
    answer: { ...flagAnswerSchema, nullable: false },
  },
} as const;
