import { parseManilaDateTime } from './manila-time.ts';
import { formatDecimal, parseMoney } from './money.ts';
import type { FieldName, FieldSpec, RecordKind } from './record-kinds.ts';

/** The original site's message for a missing field, kept word for word. */
export const FILL_ALL_FIELDS = 'Fill all the Fields';
export const LINK_MESSAGE =
  'Link must be a full web address starting with http:// or https://, or the address of a document uploaded to this site.';

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

/**
 * The path `POST /api/documents` answers for a hosted document: /documents/<sha256>/<name>,
 * one name segment without spaces, controls, query or fragment.
 */
const HOSTED_DOCUMENT = /^\/documents\/([0-9a-f]{64})\/[^/?#\\\s\p{Cc}]{1,255}$/u;

/** The SHA-256 of a hosted document path, or undefined when the link is not one. */
export function hostedDocumentSha256(link: string): string | undefined {
  return HOSTED_DOCUMENT.exec(link)?.[1];
}

/** One field's typed text in the form it is sent and shown at the edge, or why it is refused. */
function checkTyped(spec: FieldSpec, text: string): { value: string } | { error: string } {
  switch (spec.type) {
    case 'link':
      return isWebAddress(text) || hostedDocumentSha256(text) !== undefined
        ? { value: text }
        : { error: LINK_MESSAGE };
    case 'money': {
      const parsed = parseMoney(text, spec.label);
      return parsed.ok ? { value: formatDecimal(parsed.centavos) } : { error: parsed.message };
    }
    case 'datetime': {
      const parsed = parseManilaDateTime(text, spec.label);
      return parsed.ok ? { value: parsed.iso } : { error: parsed.message };
    }
    case 'text':
      return { value: text };
  }
}

type FieldCheck = { value: string } | { blank: true } | { error: string };

/**
 * One field's value: NFC and trimmed, so a search for "Ñ" finds it however the keyboard
 * composed it; amounts as "1234567.89" and times as ISO 8601 UTC. A blank optional field
 * is `blank`, a blank required one an error.
 */
function checkField(spec: FieldSpec, value: unknown): FieldCheck {
  if (value === undefined || value === null) {
    return spec.optional ? { blank: true } : { error: FILL_ALL_FIELDS };
  }
  if (typeof value !== 'string') {
    return spec.optional ? { error: `${spec.label} must be text.` } : { error: FILL_ALL_FIELDS };
  }
  const text = value.normalize('NFC').trim();
  if (text === '') return spec.optional ? { blank: true } : { error: FILL_ALL_FIELDS };
  if ([...text].length > spec.maxLength) {
    return { error: `${spec.label} must be at most ${spec.maxLength} characters.` };
  }
  return checkTyped(spec, text);
}

function asObject(input: unknown): Record<string, unknown> {
  return (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
}

/**
 * Checks one record of a kind as typed into the form, sent to the write API or read from
 * an import file. On success `value` holds the kind's fields that have a value, trimmed and
 * in their edge form (amounts "1234567.89", times ISO UTC), which the form may send back
 * as they are; on failure `errors` holds one message per bad field. Fields of other kinds
 * are dropped.
 */
export function validateRecord(kind: RecordKind, input: unknown): RecordValidation {
  const candidate = asObject(input);
  const value: RecordFields = {};
  const errors: FieldErrors = {};
  for (const spec of kind.fields) {
    const checked = checkField(
      spec,
      Object.hasOwn(candidate, spec.name) ? candidate[spec.name] : undefined,
    );
    if ('error' in checked) errors[spec.name] = checked.error;
    else if ('value' in checked) value[spec.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/**
 * The one message for a refused record: the original's "Fill all the Fields" naming the
 * fields left blank, in form order, then every other problem once.
 */
export function describeFieldErrors(
  kind: RecordKind,
  errors: Readonly<Record<string, string | undefined>>,
): string {
  const blank = kind.fields
    .filter((spec) => errors[spec.name] === FILL_ALL_FIELDS)
    .map((spec) => spec.label);
  const others = new Set(
    Object.values(errors).filter(
      (message): message is string => message !== undefined && message !== FILL_ALL_FIELDS,
    ),
  );
  return [blank.length > 0 ? `${FILL_ALL_FIELDS}: ${blank.join(', ')}.` : '', ...others]
    .filter(Boolean)
    .join(' ');
}

/** New values for some of a record's fields; null clears an optional field. */
export type FieldUpdates = Partial<Record<FieldName, string | null>>;

export type AmendmentValidation =
  { ok: true; value: FieldUpdates } | { ok: false; errors: Record<string, string> };

/**
 * Checks the fields of an amendment: only the fields given, each by the same rules as a
 * new record; a blank optional field becomes null (cleared). A name that is not a field of
 * the kind is an error, since a correction that silently did nothing would mislead.
 */
export function validateFieldUpdates(kind: RecordKind, input: unknown): AmendmentValidation {
  const value: FieldUpdates = {};
  const errors: Record<string, string> = {};
  for (const [name, given] of Object.entries(asObject(input))) {
    const spec = kind.fields.find((field) => field.name === name);
    if (!spec) {
      errors[name] =
        `Unknown field ${JSON.stringify(name.slice(0, 60))}: send only ${kind.fields.map((field) => field.name).join(', ')}.`;
      continue;
    }
    const checked = checkField(spec, given);
    if ('error' in checked) errors[name] = checked.error;
    else value[spec.name] = 'value' in checked ? checked.value : null;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The reason given for an amendment or withdrawal: required, one line or a short paragraph. */
export const MAX_REASON_LENGTH = 1000;
export const REASON_REQUIRED = 'Give the reason for this change; it is shown to the public.';

export function checkReason(
  input: unknown,
): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = typeof input === 'string' ? input.normalize('NFC').trim() : '';
  if (reason === '') return { ok: false, message: REASON_REQUIRED };
  if ([...reason].length > MAX_REASON_LENGTH) {
    return { ok: false, message: `The reason must be at most ${MAX_REASON_LENGTH} characters.` };
  }
  return { ok: true, reason };
}
