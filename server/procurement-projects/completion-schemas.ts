import type {
  CompletionStatement,
  ProjectCompletion,
} from '../../shared/procurement-projects/project-completion.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { describesEvery } from '../http/describes-every.ts';
import { hostedDocumentSchema } from '../records/record-responses.ts';

// The schemas of a project's completion (issue 34): in the project's answer, and its POST.

const statementProperties = describesEvery<CompletionStatement>()({
  properties: {
    date: { type: 'string', description: 'The day of completion, YYYY-MM-DD (Manila).' },
    document: {
      ...hostedDocumentSchema,
      description: 'The certificate of completion or acceptance, if uploaded.',
    },
    reason: {
      type: 'string',
      nullable: true,
      description: 'Why the statement before it was corrected; null for the first.',
    },
    created: { type: 'string', description: 'When it was entered, ISO 8601 UTC.' },
  },
}).properties;

const statementSchema = {
  type: 'object',
  required: Object.keys(statementProperties),
  properties: statementProperties,
} as const;

export const completionSchema = {
  ...describesEvery<ProjectCompletion>()({
    type: 'object',
    nullable: true,
    description:
      'The completion as staff stated it (the latest statement), with the statements it corrected; null before any. A completed project’s status is `completed`.',
    required: [...Object.keys(statementProperties), 'earlier'],
    properties: {
      ...statementProperties,
      earlier: {
        type: 'array',
        description: 'Earlier statements, corrected since, oldest first.',
        items: statementSchema,
      },
    },
  }),
};

export const completionBodySchema = {
  type: 'object',
  description:
    'A project’s completion: the day of completion. A project has one; stating it again corrects it and needs a reason, and the earlier statement stays in its history.',
  required: ['date'],
  additionalProperties: false,
  properties: {
    date: {
      type: 'string',
      maxLength: 10,
      description: 'The day of completion, YYYY-MM-DD (Manila).',
    },
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why an earlier completion is corrected; required then, ignored the first time.',
    },
  },
} as const;
