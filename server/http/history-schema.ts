/** What one change in a history step holds, as JSON Schemas: the field, its value before and after. */
interface ChangeProperties {
  field: Record<string, unknown>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The response schema of one step in the history of what staff publish and then correct (a
 * record, a news item, an advisory): the version it produced, when, what was done and why,
 * and what a correction changed, field by field. Each caller names its actions, the schemas
 * of a change's field and values, and the descriptions its API documents.
 */
export function historyStepSchema(step: {
  actions: readonly string[];
  change: ChangeProperties;
  reasonDescription?: string;
  changesDescription?: string;
}) {
  return {
    type: 'object',
    required: ['version', 'at', 'action', 'reason', 'changes'],
    properties: {
      version: { type: 'integer', description: 'The version this step produced.' },
      at: { type: 'string', description: 'ISO 8601 UTC.' },
      action: { type: 'string', enum: [...step.actions] },
      reason: {
        type: 'string',
        ...(step.reasonDescription === undefined ? {} : { description: step.reasonDescription }),
      },
      changes: {
        type: 'array',
        ...(step.changesDescription === undefined ? {} : { description: step.changesDescription }),
        items: {
          type: 'object',
          required: ['field', 'before', 'after'],
          properties: step.change,
        },
      },
    },
  } as const;
}
