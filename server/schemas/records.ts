import { MAX_PAGE, MAX_SEARCH_LENGTH, PAGE_SIZE } from '../../shared/list-query.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { FILL_ALL_FIELDS, validateRecord } from '../../shared/record-validation.ts';
import type { SchemaError } from './strict-validator.ts';

// The request schemas of the records API, built from the kinds registry so that the routes,
// their validation and a later OpenAPI document share one source.

export const listParamsSchema = {
  type: 'object',
  required: ['collection'],
  properties: {
    collection: {
      type: 'string',
      description: `One of the record collections: ${recordKinds.map((kind) => kind.collection).join(', ')}. Any other answers 404.`,
    },
  },
} as const;

/**
 * Only the types are declared: parseListQuery gives the reason for a bad value (too long,
 * control characters, a repeated parameter, a page out of range) in words, with 400.
 * Other parameters are ignored.
 */
export const listQuerystringSchema = {
  type: 'object',
  properties: {
    q: {
      type: 'string',
      description: `Search text, at most ${MAX_SEARCH_LENGTH} characters after trimming, no control characters: a case-insensitive substring of the list's search fields.`,
    },
    page: {
      type: 'string',
      description: `Page number from 1 to ${MAX_PAGE}, ${PAGE_SIZE} records a page, newest first; 1 when empty or missing.`,
    },
    from: {
      type: 'string',
      description:
        'First day posted, YYYY-MM-DD, a Manila date (inclusive); open when empty or missing.',
    },
    to: {
      type: 'string',
      description:
        'Last day posted, YYYY-MM-DD, a Manila date (inclusive); open when empty or missing. Not before from.',
    },
  },
} as const;

/** Record ids as URLs carry them: a plain positive whole number, as SQLite's rowids are. */
export const RECORD_ID_PATTERN = '^[1-9][0-9]{0,15}$';

export const recordParamsSchema = {
  type: 'object',
  required: ['collection', 'id'],
  properties: {
    collection: listParamsSchema.properties.collection,
    id: {
      type: 'string',
      pattern: RECORD_ID_PATTERN,
      description: 'The record id. Any other value, or an id of another collection, answers 404.',
    },
  },
} as const;

/** The id of a record route of one collection (the collection is part of the path). */
export const recordIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: recordParamsSchema.properties.id },
} as const;

/** Exactly the kind's fields, each one text: no other keys, no numbers, lists or objects. */
export function recordBodySchema(kind: RecordKind) {
  return {
    type: 'object',
    description: `A new ${kind.label} record. Values are trimmed; none may be blank.`,
    required: kind.fields.map((field) => field.name),
    additionalProperties: false,
    properties: Object.fromEntries(
      kind.fields.map((field) => [
        field.name,
        {
          type: 'string',
          maxLength: field.maxLength,
          description:
            field.name === 'link'
              ? `${field.label}: an absolute http: or https: address.`
              : field.label,
        },
      ]),
    ),
  } as const;
}

export interface BodyProblems {
  message: string;
  /** One message per field, keyed by the field as sent (unknown keys included). */
  fieldErrors: Record<string, string>;
}

/** Enough to fix a body; a body of thousands of unknown keys does not get thousands back. */
const MAX_FIELD_ERRORS = 20;

const BODY_NOT_OBJECT = 'Send the fields as one JSON object of text values.';

function quoted(key: string): string {
  return JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);
}

/**
 * Words for the schema errors of a JSON body: the field named, in the labels people see.
 * `missing` is the message for a required field that was left out.
 */
export function describeBodyErrors(
  errors: readonly SchemaError[],
  labels: Readonly<Record<string, string>>,
  missing: (label: string) => string,
): BodyProblems {
  const fieldErrors: Record<string, string> = {};
  let bodyError: string | undefined;
  for (const error of errors) {
    if (Object.keys(fieldErrors).length >= MAX_FIELD_ERRORS) break;
    const field = error.instancePath.split('/')[1];
    if (error.keyword === 'required') {
      const name = String(error.params.missingProperty);
      fieldErrors[name] ??= missing(labels[name] ?? name);
    } else if (error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      fieldErrors[name] ??=
        `Unknown field ${quoted(name)}: send only ${Object.keys(labels).join(', ')}.`;
    } else if (field === undefined) {
      bodyError ??= BODY_NOT_OBJECT;
    } else if (error.keyword === 'maxLength') {
      fieldErrors[field] ??=
        `${labels[field] ?? field} must be at most ${String(error.params.limit)} characters.`;
    } else {
      fieldErrors[field] ??=
        `${labels[field] ?? field} must be text, not a number, list or object.`;
    }
  }
  const messages = [...new Set([bodyError, ...Object.values(fieldErrors)])].filter(
    (message): message is string => message !== undefined,
  );
  return { message: messages.join(' ') || BODY_NOT_OBJECT, fieldErrors };
}

/**
 * Every problem of a record body that failed its schema: the schema's (wrong type,
 * unknown key, missing) and, for the fields that passed it, the content rules of
 * validateRecord (blank after trimming, bad link), so a form sees all of them at once.
 */
export function describeRecordBodyErrors(
  kind: RecordKind,
  errors: readonly SchemaError[],
  body: unknown,
): BodyProblems {
  const labels = Object.fromEntries(kind.fields.map((field) => [field.name, field.label]));
  const shape = describeBodyErrors(errors, labels, () => FILL_ALL_FIELDS);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return shape;
  const content = validateRecord(kind, body);
  if (content.ok) return shape;
  const fieldErrors: Record<string, string> = { ...content.errors, ...shape.fieldErrors };
  const messages = [...new Set(Object.values(fieldErrors))];
  return { message: messages.join(' '), fieldErrors };
}
