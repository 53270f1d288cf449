import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';

// The bodies of POST /api/news/:id/deletion and /api/advisories/:id/deletion (shared/deletion.ts).

export const deletionBodySchema = {
  type: 'object',
  description:
    'Deletes what was posted by mistake, with its history: no page, banner or feed shows it any more. The audit log keeps who, when, why and its title.',
  required: ['reason'],
  additionalProperties: false,
  properties: {
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why it is deleted, kept in the audit log.',
    },
  },
} as const;

export const deletionAnswerSchema = {
  type: 'object',
  description: 'Deleted.',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The id that was deleted.' } },
} as const;
