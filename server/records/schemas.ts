import { MAX_PAGE, MAX_SEARCH_LENGTH, PAGE_SIZE } from '../../shared/records/list-query.ts';
import { recordKinds, type FieldSpec, type RecordKind } from '../../shared/record-kinds.ts';
import {
  describeFieldErrors,
  ENGLISH_VALIDATION,
  MAX_REASON_LENGTH,
  REASON_REQUIRED,
  validateRecord,
} from '../../shared/records/record-validation.ts';
import { MAX_RECENT_RECORDS, RECENT_RECORDS } from '../../shared/staff-services.ts';
import type { SchemaError } from '../http/strict-validator.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

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

function fieldDescription(field: FieldSpec): string {
  const optional = field.optional ? ' Optional: may be left out or blank.' : '';
  switch (field.type) {
    case 'link':
      return `${inEnglish(field.label)}: an absolute http: or https: address, or a hosted document path /documents/<sha256>/<name> from POST /api/documents.${optional}`;
    case 'money':
      return `${inEnglish(field.label)} in pesos, as 1234567.89 or 1,234,567.89: not negative, at most 2 decimals and ₱100,000,000,000.00.${optional}`;
    case 'datetime':
      return `${inEnglish(field.label)}: Manila time as 2026-02-03T14:00, or ISO 8601 with its offset.${optional}`;
    case 'text':
      return `${inEnglish(field.label)}.${optional}`;
  }
}

function fieldProperties(kind: RecordKind) {
  return Object.fromEntries(
    kind.fields.map((field) => [
      field.name,
      { type: 'string', maxLength: field.maxLength, description: fieldDescription(field) },
    ]),
  );
}

/** Exactly the kind's fields, each one text: no other keys, no numbers, lists or objects. */
export function recordBodySchema(kind: RecordKind) {
  return {
    type: 'object',
    description: `A new ${inEnglish(kind.label)} record. Values are trimmed; only optional ones may be blank.`,
    required: kind.fields.filter((field: FieldSpec) => !field.optional).map((field) => field.name),
    additionalProperties: false,
    properties: {
      ...fieldProperties(kind),
      project: {
        type: 'string',
        maxLength: 200,
        description:
          'The procurement project the notice is part of: its OCID (GET /api/procurements), or "new" (the default when left out) to start one. A PhilGEPS reference number a project already has joins that project whatever is sent. An unknown OCID is refused with NO_SUCH_PROJECT.',
      },
    },
  } as const;
}

const reasonSchema = {
  type: 'string',
  maxLength: MAX_REASON_LENGTH,
  description: 'Why, in words the public will read on the record’s page. Required, not blank.',
} as const;

/** PATCH: some of the kind's fields, why, and the version they were read at. */
export function amendmentBodySchema(kind: RecordKind) {
  return {
    type: 'object',
    description: `A correction of a ${inEnglish(kind.label)} record.`,
    required: ['fields', 'reason', 'version'],
    additionalProperties: false,
    properties: {
      fields: {
        type: 'object',
        description:
          'The fields to change, with their new values as text; a blank optional field is cleared.',
        additionalProperties: false,
        properties: fieldProperties(kind),
      },
      reason: reasonSchema,
      version: {
        type: 'integer',
        minimum: 1,
        description:
          'The version of the record the change was made against; another current version answers 409.',
      },
    },
  } as const;
}

export const withdrawalBodySchema = {
  type: 'object',
  description: 'Takes a record out of the lists; its page stays, marked withdrawn.',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: reasonSchema },
} as const;

export const recentRecordsQuerystringSchema = {
  type: 'object',
  properties: {
    limit: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,2}$',
      description: `How many records, 1 to ${MAX_RECENT_RECORDS}; ${RECENT_RECORDS} when missing.`,
    },
  },
} as const;

/**
 * Words for the schema errors of an amendment or withdrawal body, keyed by the field name
 * (for `fields`), `reason` or `version`, so a form can put each beside its input.
 */
export function describeChangeBodyErrors(
  kind: RecordKind | undefined,
  errors: readonly SchemaError[],
): BodyProblems {
  const labels = Object.fromEntries(
    (kind?.fields ?? []).map((field) => [field.name, inEnglish(field.label)]),
  );
  const fieldErrors: Record<string, string> = {};
  let bodyError: string | undefined;
  for (const error of errors) {
    if (Object.keys(fieldErrors).length >= MAX_FIELD_ERRORS) break;
    const [top, field] = error.instancePath.split('/').slice(1);
    if (top === 'fields' && field !== undefined) {
      fieldErrors[field] ??=
        error.keyword === 'maxLength'
          ? `${labels[field] ?? field} must be at most ${String(error.params.limit)} characters.`
          : `${labels[field] ?? field} must be text, not a number, list or object.`;
    } else if (top === 'fields' && error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      fieldErrors[name] ??=
        `Unknown field ${quoted(name)}: send only ${Object.keys(labels).join(', ')}.`;
    } else if (top === 'fields') {
      fieldErrors.fields ??= 'Send fields as an object of field names and text values.';
    } else if (top === 'reason' || error.params.missingProperty === 'reason') {
      fieldErrors.reason ??=
        error.keyword === 'maxLength'
          ? `The reason must be at most ${MAX_REASON_LENGTH} characters.`
          : REASON_REQUIRED;
    } else if (top === 'version' || error.params.missingProperty === 'version') {
      fieldErrors.version ??=
        'Send the version of the record you are changing, a whole number from 1.';
    } else if (error.params.missingProperty === 'fields') {
      fieldErrors.fields ??= 'Send the fields to change.';
    } else if (error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      fieldErrors[name] ??= `Unknown key ${quoted(name)}.`;
    } else {
      bodyError ??= 'Send one JSON object.';
    }
  }
  const messages = [bodyError, ...new Set(Object.values(fieldErrors))].filter(
    (message): message is string => message !== undefined,
  );
  return { message: messages.join(' ') || 'Send one JSON object.', fieldErrors };
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
  const labels = Object.fromEntries(
    kind.fields.map((field) => [field.name, inEnglish(field.label)]),
  );
  const fillAll = ENGLISH_VALIDATION.text('staff.validation.fillAll');
  const shape = describeBodyErrors(errors, labels, () => fillAll);
  // Required fields left out are blank, as are those the content rules found blank unless
  // the schema found something else wrong with them.
  const missing = errors
    .filter((error) => error.keyword === 'required')
    .map((error) => String(error.params.missingProperty));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return shape;
  const content = validateRecord(kind, body);
  const fieldErrors: Record<string, string> = content.ok
    ? shape.fieldErrors
    : { ...content.errors, ...shape.fieldErrors };
  const blank = [
    ...missing,
    ...(content.ok ? [] : content.blank.filter((name) => !Object.hasOwn(shape.fieldErrors, name))),
  ];
  return {
    message: describeFieldErrors(kind, { errors: fieldErrors, blank }) || shape.message,
    fieldErrors,
  };
}
