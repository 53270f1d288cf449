import { formatMessage } from '../i18n/format-message.ts';
import type { Lang } from '../i18n/languages.ts';
import { localize } from '../i18n/localized-text.ts';
import { parseManilaDateTime } from '../manila-time.ts';
import {
  formatDecimal,
  formatPesos,
  MAX_CENTAVOS,
  parseMoney,
  type MoneyProblem,
} from '../money.ts';
import type { FieldName, FieldSpec, RecordKind } from '../record-kinds.ts';

/**
 * The validation messages in English: the API's, the import's and the English pages'. The
 * staff catalogue takes them in under the same keys (staff-messages-en.ts), so a staff page
 * in another language has them translated; they live here, not there, because public pages
 * import this module (isWebAddress) and must not carry the whole staff catalogue.
 */
export const VALIDATION_MESSAGES_EN = {
  /** The original site's message for a missing field, kept word for word. */
  'staff.validation.fillAll': 'Fill all the Fields',
  'staff.validation.fillAllNamed': 'Fill all the Fields: {fields}.',
  'staff.validation.notText': '{label} must be text.',
  'staff.validation.tooLong': '{label} must be at most {max} characters.',
  'staff.validation.link':
    'Link must be a full web address starting with http:// or https://, or the address of a document uploaded to this site.',
  'staff.validation.moneyNegative': '{label} must not be negative.',
  'staff.validation.moneyCommas':
    '{label} may use commas only between groups of three digits, like 1,234,567.89.',
  'staff.validation.moneyFormat':
    '{label} must be an amount in pesos, like 1234567.89 or 1,234,567.89.',
  'staff.validation.moneyDecimals': '{label} may have at most 2 decimal places (centavos).',
  'staff.validation.moneyTooLarge': '{label} must be at most {max}.',
  'staff.validation.dateTime':
    '{label} must be a real date and time, like 2026-02-03T14:00 (Manila time).',
  'staff.validation.reasonRequired': 'Give the reason for this change; it is shown to the public.',
  'staff.validation.reasonTooLong': 'The reason must be at most {max} characters.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;

/**
 * The language validation messages are written in: a message's text by its key, and the
 * language whose field labels (the registry's) they name fields by. English by default; a
 * staff page passes its own language's (the staff catalogue's text, the labels its form shows).
 */
export interface ValidationWords {
  text(key: ValidationMessageKey, values?: Record<string, string | number>): string;
  lang: Lang;
}

export const ENGLISH_VALIDATION: ValidationWords = {
  text: (key, values) => formatMessage(VALIDATION_MESSAGES_EN[key], values),
  lang: 'en',
};

/** A field's label in the words' language, as the form shows it. */
function labelOf(spec: FieldSpec, words: ValidationWords): string {
  return localize(spec.label, words.lang).text;
}

/**
 * The English words of a blank required field, for the API's readers and tests. Code
 * never compares a field's message with them: a refused record lists its `blank` fields.
 */
export const FILL_ALL_FIELDS = VALIDATION_MESSAGES_EN['staff.validation.fillAll'];
export const LINK_MESSAGE = VALIDATION_MESSAGES_EN['staff.validation.link'];

const MONEY_MESSAGES: Record<MoneyProblem, ValidationMessageKey> = {
  negative: 'staff.validation.moneyNegative',
  commas: 'staff.validation.moneyCommas',
  format: 'staff.validation.moneyFormat',
  decimals: 'staff.validation.moneyDecimals',
  tooLarge: 'staff.validation.moneyTooLarge',
};

export type RecordFields = Partial<Record<FieldName, string>>;
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * A refused record: one message per bad field, and which of them are required fields left
 * blank (or not sent), in form order, so a message can name them together without
 * comparing any field's words.
 */
export interface FieldProblems {
  errors: FieldErrors;
  blank: FieldName[];
}

export type RecordValidation = { ok: true; value: RecordFields } | ({ ok: false } & FieldProblems);

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

/**
 * A record's link that pages may make a live link: a web address, or a document this site
 * hosts (a path on the same site, so as safe to follow as the address itself).
 */
export function isRecordLink(value: string): boolean {
  return isWebAddress(value) || hostedDocumentSha256(value) !== undefined;
}

/** One field's typed text in the form it is sent and shown at the edge, or why it is refused. */
function checkTyped(
  spec: FieldSpec,
  text: string,
  words: ValidationWords,
): { value: string } | { error: string } {
  const label = labelOf(spec, words);
  switch (spec.type) {
    case 'link':
      return isRecordLink(text) ? { value: text } : { error: words.text('staff.validation.link') };
    case 'money': {
      const parsed = parseMoney(text);
      if (parsed.ok) return { value: formatDecimal(parsed.centavos) };
      const max = formatPesos(MAX_CENTAVOS);
      return { error: words.text(MONEY_MESSAGES[parsed.problem], { label, max }) };
    }
    case 'datetime': {
      const parsed = parseManilaDateTime(text);
      return parsed.ok
        ? { value: parsed.iso }
        : { error: words.text('staff.validation.dateTime', { label }) };
    }
    case 'text':
      return { value: text };
  }
}

type FieldCheck = { value: string } | { blank: true } | { error: string; required?: true };

/**
 * One field's value: NFC and trimmed, so a search for "Ñ" finds it however the keyboard
 * composed it; amounts as "1234567.89" and times as ISO 8601 UTC. A blank optional field
 * is `blank`, a blank required one an error marked `required`.
 */
function checkField(spec: FieldSpec, value: unknown, words: ValidationWords): FieldCheck {
  const required = { error: words.text('staff.validation.fillAll'), required: true as const };
  if (value === undefined || value === null) return spec.optional ? { blank: true } : required;
  if (typeof value !== 'string') {
    return spec.optional
      ? { error: words.text('staff.validation.notText', { label: labelOf(spec, words) }) }
      : required;
  }
  const text = value.normalize('NFC').trim();
  if (text === '') return spec.optional ? { blank: true } : required;
  if ([...text].length > spec.maxLength) {
    const values = { label: labelOf(spec, words), max: spec.maxLength };
    return { error: words.text('staff.validation.tooLong', values) };
  }
  return checkTyped(spec, text, words);
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
export function validateRecord(
  kind: RecordKind,
  input: unknown,
  words: ValidationWords = ENGLISH_VALIDATION,
): RecordValidation {
  const candidate = asObject(input);
  const value: RecordFields = {};
  const errors: FieldErrors = {};
  const blank: FieldName[] = [];
  for (const spec of kind.fields) {
    const checked = checkField(
      spec,
      Object.hasOwn(candidate, spec.name) ? candidate[spec.name] : undefined,
      words,
    );
    if ('error' in checked) {
      errors[spec.name] = checked.error;
      if (checked.required) blank.push(spec.name);
    } else if ('value' in checked) value[spec.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors, blank } : { ok: true, value };
}

/**
 * The one message for a refused record: the original's "Fill all the Fields" naming the
 * `blank` fields, in form order, then every other field's problem once.
 */
export function describeFieldErrors(
  kind: RecordKind,
  {
    errors,
    blank,
  }: { errors: Readonly<Record<string, string | undefined>>; blank: readonly string[] },
  words: ValidationWords = ENGLISH_VALIDATION,
): string {
  const isBlank = new Set(blank);
  const named = kind.fields
    .filter((spec) => isBlank.has(spec.name))
    .map((spec) => labelOf(spec, words));
  const others = new Set(
    Object.entries(errors).flatMap(([name, message]) =>
      message === undefined || isBlank.has(name) ? [] : [message],
    ),
  );
  const fillAll =
    named.length > 0
      ? words.text('staff.validation.fillAllNamed', { fields: named.join(', ') })
      : '';
  return [fillAll, ...others].filter(Boolean).join(' ');
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
export function validateFieldUpdates(
  kind: RecordKind,
  input: unknown,
  words: ValidationWords = ENGLISH_VALIDATION,
): AmendmentValidation {
  const value: FieldUpdates = {};
  const errors: Record<string, string> = {};
  for (const [name, given] of Object.entries(asObject(input))) {
    const spec = kind.fields.find((field) => field.name === name);
    if (!spec) {
      errors[name] =
        `Unknown field ${JSON.stringify(name.slice(0, 60))}: send only ${kind.fields.map((field) => field.name).join(', ')}.`;
      continue;
    }
    const checked = checkField(spec, given, words);
    if ('error' in checked) errors[name] = checked.error;
    else value[spec.name] = 'value' in checked ? checked.value : null;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The reason given for an amendment or withdrawal: required, one line or a short paragraph. */
export const MAX_REASON_LENGTH = 1000;
export const REASON_REQUIRED = VALIDATION_MESSAGES_EN['staff.validation.reasonRequired'];

export function checkReason(
  input: unknown,
  words: ValidationWords = ENGLISH_VALIDATION,
): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = typeof input === 'string' ? input.normalize('NFC').trim() : '';
  if (reason === '') return { ok: false, message: words.text('staff.validation.reasonRequired') };
  if ([...reason].length > MAX_REASON_LENGTH) {
    const message = words.text('staff.validation.reasonTooLong', { max: MAX_REASON_LENGTH });
    return { ok: false, message };
  }
  return { ok: true, reason };
}
