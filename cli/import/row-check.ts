import type { RecordKind } from '../../shared/record-kinds.ts';
import type { RecordValues } from '../../db/records/record-queries.ts';
import { validateRecord } from '../../shared/records/record-validation.ts';
import { parseCreated, parseSpreadsheetDateTime } from './created-date.ts';

/**
 * Keys an import row may carry besides the kind's fields. `id` is the original's document
 * id; records get new ids. `document` is a file to host, which becomes the record's link.
 * `project` names the procurement project the notice joins (an OCID, APP code or PR number
 * already used in it), checked against the database by the import.
 */
export const EXTRA_COLUMNS = ['created', 'id', 'document', 'project'] as const;

/**
 * Columns of the site's own downloads that say nothing an import keeps: a new database
 * gives new ids, hence new permalinks, and only published records are downloaded.
 */
const DOWNLOAD_COLUMNS = ['status', 'url', 'document_sha256'] as const;

/** Columns read past: `created` is checked on its own and `document` below. */
const IGNORED_COLUMNS = new Set<string>(['created', 'id', 'project', ...DOWNLOAD_COLUMNS]);

export type RowCheck =
  | {
      ok: true;
      values: RecordValues;
      created: Date;
      /** The `document` column as written (a path), when the row links to a file it hosts. */
      document?: string;
      /** The `project` column, trimmed, when filled in. */
      project?: string;
    }
  | { ok: false; errors: Record<string, string> };

const BOTH_LINK_AND_DOCUMENT =
  'and link are both filled in: a record links either to a web address (link) or to a file it hosts (document), not both';

function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A date-and-time field (closing_date) as the web form's validator reads it: a
 * spreadsheet's '3/5/2024 3:07 PM' (Manila time) becomes ISO 8601; other text is left for
 * the validator to accept or refuse with its own message.
 */
function spreadsheetTimeAsIso(kind: RecordKind, key: string, value: string): string {
  const isDateTime = kind.fields.some((field) => field.name === key && field.type === 'datetime');
  return (isDateTime && parseSpreadsheetDateTime(value)?.toISOString()) || value;
}

/** The kind without its link, for a row whose link is the document it hosts. */
function withoutLink(kind: RecordKind): RecordKind {
  return { ...kind, fields: kind.fields.filter((field) => field.name !== 'link') };
}

export function allowedColumns(kind: RecordKind): Set<string> {
  return new Set<string>([
    ...kind.fields.map((field) => field.name),
    ...EXTRA_COLUMNS,
    ...DOWNLOAD_COLUMNS,
  ]);
}

/**
 * Checks one imported row with the same validator as the web form, plus what only files
 * can get wrong: columns the kind does not have, values that are not text, and `created`.
 * Rows without `created` take `importTime`.
 */
export function checkRow(kind: RecordKind, data: unknown, importTime: Date): RowCheck {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, errors: { row: 'is not an object with the fields as keys' } };
  }
  const errors: Record<string, string> = {};
  const allowed = allowedColumns(kind);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!allowed.has(key)) {
      errors[key] =
        `is not a field of ${kind.collection} (expected ${kind.fields.map((field) => field.name).join(', ')})`;
    } else if (key === 'document') {
      if (value !== null && value !== undefined && typeof value !== 'string') {
        errors.document = `must be text (a file path), not ${Array.isArray(value) ? 'a list' : typeof value}`;
      }
    } else if (!IGNORED_COLUMNS.has(key)) {
      if (value !== null && value !== undefined && typeof value !== 'string') {
        errors[key] = `must be text, not ${Array.isArray(value) ? 'a list' : typeof value}`;
      } else {
        fields[key] =
          typeof value === 'string' ? spreadsheetTimeAsIso(kind, key, value) : (value ?? undefined);
      }
    }
  }
  const document = (data as { document?: unknown }).document;
  const hostsDocument = isFilled(document);
  if (hostsDocument && isFilled(fields.link)) errors.document = BOTH_LINK_AND_DOCUMENT;
  const validation = validateRecord(hostsDocument ? withoutLink(kind) : kind, fields);
  if (!validation.ok) {
    const blank = new Set<string>(validation.blank);
    for (const [field, message] of Object.entries(validation.errors)) {
      errors[field] ??= blank.has(field) ? 'is required (missing or blank)' : message;
    }
  }
  const rawCreated = (data as { created?: unknown }).created;
  let created = importTime;
  if (rawCreated !== undefined && rawCreated !== null && rawCreated !== '') {
    const parsed = parseCreated(rawCreated);
    if (parsed.ok) created = parsed.date;
    else errors.created = parsed.reason;
  }
  const project = (data as { project?: unknown }).project;
  if (project !== undefined && project !== null && typeof project !== 'string') {
    errors.project = 'must be text (an OCID, APP code or PR number)';
  }
  if (Object.keys(errors).length > 0 || !validation.ok) return { ok: false, errors };
  return {
    ok: true,
    values: validation.value,
    created,
    ...(hostsDocument ? { document: (document as string).trim() } : {}),
    ...(isFilled(project) ? { project: (project as string).trim() } : {}),
  };
}
