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

/** One field's value: NFC and trimmed, so a search for "Ñ" finds it however the keyboard composed it. */
function checkField(spec: FieldSpec, value: unknown): { value: string } | { error: string } {
  if (typeof value !== 'string') return { error: FILL_ALL_FIELDS };
  const text = value.normalize('NFC').trim();
  if (text === '') return { error: FILL_ALL_FIELDS };
  if ([...text].length > spec.maxLength) {
    return { error: `${spec.label} must be at most ${spec.maxLength} characters.` };
  }
  if (spec.name === 'link' && !isWebAddress(text)) return { error: LINK_MESSAGE };
  return { value: text };
}

/**
 * Checks one record of a kind as typed into the form, sent to the write API or read from
 * an import file. On success `value` holds exactly the kind's fields, trimmed; on failure
 * `errors` holds one message per bad field. Fields of other kinds are dropped.
 */
export function validateRecord(kind: RecordKind, input: unknown): RecordValidation {
  const candidate = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const value: RecordFields = {};
  const errors: FieldErrors = {};
  for (const spec of kind.fields) {
    const checked = checkField(
      spec,
      Object.hasOwn(candidate, spec.name) ? candidate[spec.name] : undefined,
    );
    if ('error' in checked) errors[spec.name] = checked.error;
    else value[spec.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
