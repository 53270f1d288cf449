import { z } from 'zod';
import type { FieldName, FieldSpec, RecordKind } from './record-kinds.ts';

/** The original site's message for a missing field, kept word for word. */
export const FILL_ALL_FIELDS = 'Fill all the Fields';
export const LINK_MESSAGE = 'Link must be a full web address starting with http:// or https://';

export type RecordFields = Partial<Record<FieldName, string>>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export type RecordValidation =
  { ok: true; value: RecordFields } | { ok: false; errors: FieldErrors };

/** Only absolute http(s) addresses with a host: no javascript:, data:, relative or scheme-less links. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function fieldSchema(spec: FieldSpec) {
  const text = z
    .string({ error: FILL_ALL_FIELDS })
    .min(1, FILL_ALL_FIELDS)
    .max(spec.maxLength, `${spec.label} must be at most ${spec.maxLength} characters.`);
  return z.preprocess(
    // NFC so that a search for "Ñ" finds the record however the keyboard composed it.
    (value) => (typeof value === 'string' ? value.normalize('NFC').trim() : value),
    spec.name === 'link' ? text.refine(isWebAddress, LINK_MESSAGE) : text,
  );
}

const schemas = new WeakMap<RecordKind, z.ZodType<RecordFields>>();

/** The zod schema of one kind, built from the registry: every field required, trimmed, bounded. */
export function recordSchema(kind: RecordKind): z.ZodType<RecordFields> {
  let schema = schemas.get(kind);
  if (!schema) {
    schema = z.object(
      Object.fromEntries(kind.fields.map((spec) => [spec.name, fieldSchema(spec)])),
    ) as unknown as z.ZodType<RecordFields>;
    schemas.set(kind, schema);
  }
  return schema;
}

/**
 * Checks one record of a kind as typed into the form, sent to the write API or read from
 * an import file. On success `value` holds exactly the kind's fields, trimmed; on failure
 * `errors` holds one message per bad field. Fields of other kinds are dropped.
 */
export function validateRecord(kind: RecordKind, input: unknown): RecordValidation {
  const candidate = typeof input === 'object' && input !== null ? input : {};
  const result = recordSchema(kind).safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
