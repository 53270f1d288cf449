import type {
  Advisory,
  AdvisoryChange,
  AdvisoryField,
  AdvisoryState,
  AdvisoryRefusalCode,
  AdvisoryValues,
  Severity,
} from '../../shared/advisories/advisories.ts';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';

// Times are ISO 8601 UTC with milliseconds everywhere (CHECKed by migration 0013), so
// comparing them as text compares them as instants.

interface AdvisoryRow {
  id: number;
  severity: Severity;
  title: string;
  text: string;
  starts: string;
  ends: string;
  ended_at: string | null;
  end_reason: string | null;
  version: number;
  created: string;
  updated: string;
}

interface HistoryRow {
  advisory_id: number;
  version: number;
  at: string;
  action: 'amended' | 'ended';
  reason: string;
  changes: string;
}

/** Who makes a write and from where, for the history and the audit log. */
export interface AdvisoryAuthor {
  actor: string;
  address: string | null;
  /** The role the write was allowed under, for the audit log. */
  role: string;
  /** The moment of the write, from the app's clock. */
  at: string;
}

/** Why the database changed nothing: the code pages word, and the message in English. */
export type AdvisoryWriteOutcome =
  | { ok: true; advisory: Advisory }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: Exclude<AdvisoryRefusalCode, 'INVALID_INPUT' | 'ENDS_PASSED'>;
      message: string;
    };

/** When the advisory stops being shown: its planned end, or its early end if that came first. */
const SHOWN_UNTIL = 'min(ends, coalesce(ended_at, ends))';

/** Most severe first, then the newest start: the order of the banners. */
const BANNER_ORDER = `CASE severity WHEN 'danger' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, starts DESC, id DESC`;

function stateAt(row: AdvisoryRow, now: string): AdvisoryState {
  if (row.ended_at !== null || row.ends <= now) return 'past';
  return row.starts <= now ? 'active' : 'upcoming';
}

function historyOf(database: AppDatabase, ids: readonly number[]): Map<number, AdvisoryChange[]> {
  const byId = new Map<number, AdvisoryChange[]>();
  if (ids.length === 0) return byId;
  const rows = database.sqlite
    .prepare(
      `SELECT advisory_id, version, at, action, reason, changes FROM advisory_history
        WHERE advisory_id IN (SELECT value FROM json_each(?)) ORDER BY advisory_id, version`,
    )
    .all(JSON.stringify(ids)) as HistoryRow[];
  for (const row of rows) {
    const list = byId.get(row.advisory_id) ?? [];
    list.push({
      version: row.version,
      at: row.at,
      action: row.action,
      reason: row.reason,
      changes: JSON.parse(row.changes) as AdvisoryChange['changes'],
    });
    byId.set(row.advisory_id, list);
  }
  return byId;
}

function toAdvisories(database: AppDatabase, rows: AdvisoryRow[], now: string): Advisory[] {
  const history = historyOf(
    database,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    severity: row.severity,
    title: row.title,
    text: row.text,
    starts: row.starts,
    ends: row.ends,
    ended: row.ended_at === null ? null : { at: row.ended_at, reason: row.end_reason ?? '' },
    state: stateAt(row, now),
    version: row.version,
    created: row.created,
    updated: row.updated,
    history: history.get(row.id) ?? [],
  }));
}

function select(database: AppDatabase, where: string, order: string, ...values: unknown[]) {
  return database.sqlite
    .prepare(`SELECT * FROM advisories WHERE ${where} ORDER BY ${order}`)
    .all(...values) as AdvisoryRow[];
}

/** The advisories running at `now`: the banners of every public page, most severe first. */
export function activeAdvisories(database: AppDatabase, now: string): Advisory[] {
  const rows = select(
    database,
    'ended_at IS NULL AND starts <= ? AND ends > ?',
    BANNER_ORDER,
    now,
    now,
  );
  return toAdvisories(database, rows, now);
}

/**
 * The latest advisories that were shown and are over at `now`, the one that ended last
 * first. One ended before it started was never shown, so it is not listed.
 */
export function pastAdvisories(database: AppDatabase, now: string, limit: number): Advisory[] {
  const rows = select(
    database,
    `${SHOWN_UNTIL} <= ? AND starts < ${SHOWN_UNTIL}`,
    `${SHOWN_UNTIL} DESC, id DESC LIMIT ?`,
    now,
    limit,
  );
  return toAdvisories(database, rows, now);
}

/** Every advisory, upcoming and ended ones included, the latest posted first (the staff list). */
export function allAdvisories(database: AppDatabase, now: string, limit: number): Advisory[] {
  return toAdvisories(database, select(database, '1', `id DESC LIMIT ?`, limit), now);
}

export function findAdvisory(database: AppDatabase, id: number, now: string): Advisory | undefined {
  return toAdvisories(database, select(database, 'id = ?', 'id', id), now)[0];
}

/** The advisories added or changed last, for the Atom feed, the latest change first. */
export function latestAdvisoryChanges(
  database: AppDatabase,
  now: string,
  limit: number,
): Advisory[] {
  return toAdvisories(database, select(database, '1', 'updated DESC, id DESC LIMIT ?', limit), now);
}

const boundaryStatements = new WeakMap<AppDatabase, (now: string) => string | null>();

/**
 * The next instant after `now` at which an advisory starts or ends as planned, or null
 * when none will: until then, with the same data, every page shows the same banners. The
 * render cache asks after each change of the data version and each time the instant
 * passes, never per request (server/render/cache/page-version.ts).
 */
export function nextAdvisoryBoundary(database: AppDatabase, now: string): string | null {
  let read = boundaryStatements.get(database);
  if (!read) {
    const statement = database.sqlite
      .prepare(
        `SELECT min(CASE WHEN starts > @now THEN starts ELSE ends END) FROM advisories
          WHERE ended_at IS NULL AND ends > @now`,
      )
      .pluck();
    read = (now) => statement.get({ now }) as string | null;
    boundaryStatements.set(database, read);
  }
  return read(now);
}

/** Posts an advisory, with its audit entry, in one transaction. */
export function addAdvisory(
  database: AppDatabase,
  values: AdvisoryValues,
  author: AdvisoryAuthor,
): Advisory {
  return database.sqlite.transaction(() => {
    const id = database.sqlite
      .prepare(
        `INSERT INTO advisories (severity, title, text, starts, ends, created, updated)
          VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .pluck()
      .get(
        values.severity,
        values.title,
        values.text,
        values.starts,
        values.ends,
        author.at,
        author.at,
      ) as number;
    recordAudit(database, {
      action: 'advisory-posted',
      actor: author.actor,
      address: author.address,
      detail: { id, severity: values.severity, title: values.title, role: author.role },
    });
    return findAdvisory(database, id, author.at)!;
  })();
}

function storedRow(database: AppDatabase, id: number): AdvisoryRow | undefined {
  return database.sqlite.prepare('SELECT * FROM advisories WHERE id = ?').get(id) as
    AdvisoryRow | undefined;
}

export const NO_SUCH_ADVISORY = 'There is no such advisory.';

export function staleAdvisoryMessage(current: number): string {
  return `This advisory has changed since you opened it (it is now version ${current}). Reload it, check the changes and make yours again.`;
}

function endedMessage(row: AdvisoryRow): string {
  return `This advisory was ended on ${formatManilaDateTime(row.ended_at!)} and can no longer be changed.`;
}

/**
 * Makes `change` to an advisory still running, given its stored row, in one transaction:
 * no such advisory is not found, and one ended early can no longer be changed (a conflict).
 */
function changeRunning(
  database: AppDatabase,
  id: number,
  change: (row: AdvisoryRow) => AdvisoryWriteOutcome,
): AdvisoryWriteOutcome {
  return database.sqlite.transaction((): AdvisoryWriteOutcome => {
    const row = storedRow(database, id);
    if (!row)
      return { ok: false, status: 404, code: 'NO_SUCH_ADVISORY', message: NO_SUCH_ADVISORY };
    if (row.ended_at !== null)
      return { ok: false, status: 409, code: 'ALREADY_ENDED', message: endedMessage(row) };
    return change(row);
  })();
}

/**
 * A correction's or an early end's history row and audit entry, in the caller's
 * transaction with the change itself.
 */
function recordChange(
  database: AppDatabase,
  id: number,
  step: Omit<AdvisoryChange, 'at'>,
  author: AdvisoryAuthor,
): void {
  const change = { ...step, id, at: author.at, actor: author.actor };
  database.sqlite
    .prepare(
      `INSERT INTO advisory_history (advisory_id, version, at, actor, action, reason, changes)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      change.id,
      change.version,
      change.at,
      change.actor,
      change.action,
      change.reason,
      JSON.stringify(change.changes),
    );
  recordAudit(database, {
    action: `advisory-${step.action}`,
    actor: author.actor,
    address: author.address,
    detail: { id, version: step.version, reason: step.reason, role: author.role },
  });
}

/**
 * Corrects an advisory: the changed fields, a new version and the old values in its
 * history, with an audit entry, in one transaction. Another version than the current one,
 * or an advisory ended early, is a conflict; values all as stored are nothing to change.
 */
export function amendAdvisory(
  database: AppDatabase,
  id: number,
  amendment: { values: AdvisoryValues; reason: string; version: number },
  author: AdvisoryAuthor,
): AdvisoryWriteOutcome {
  return changeRunning(database, id, (row) => {
    if (row.version !== amendment.version)
      return {
        ok: false,
        status: 409,
        code: 'CHANGED_MEANWHILE',
        message: staleAdvisoryMessage(row.version),
      };
    const changes = (Object.keys(amendment.values) as AdvisoryField[]).flatMap((field) =>
      row[field] === amendment.values[field]
        ? []
        : [{ field, before: row[field], after: amendment.values[field] }],
    );
    if (changes.length === 0)
      return {
        ok: false,
        status: 400,
        code: 'NOTHING_TO_CHANGE',
        message: 'Nothing to change: every field is as it was.',
      };
    const version = row.version + 1;
    const { severity, title, text, starts, ends } = amendment.values;
    database.sqlite
      .prepare(
        `UPDATE advisories SET severity = ?, title = ?, text = ?, starts = ?, ends = ?,
          version = ?, updated = ? WHERE id = ?`,
      )
      .run(severity, title, text, starts, ends, version, author.at, id);
    recordChange(
      database,
      id,
      { version, action: 'amended', reason: amendment.reason, changes },
      author,
    );
    return { ok: true, advisory: findAdvisory(database, id, author.at)! };
  });
}

/**
 * Ends an advisory early: its banner goes at once. The row stays, with when and why, and
 * the step is in its history, with an audit entry, in one transaction. One already ended,
 * or already over, is a conflict.
 */
export function endAdvisory(
  database: AppDatabase,
  id: number,
  end: { reason: string },
  author: AdvisoryAuthor,
): AdvisoryWriteOutcome {
  return changeRunning(database, id, (row) => {
    if (row.ends <= author.at) {
      return {
        ok: false,
        status: 409,
        code: 'ALREADY_OVER',
        message: `This advisory is already over: it ended on ${formatManilaDateTime(row.ends)}.`,
      };
    }
    const version = row.version + 1;
    database.sqlite
      .prepare(
        'UPDATE advisories SET ended_at = ?, end_reason = ?, version = ?, updated = ? WHERE id = ?',
      )
      .run(author.at, end.reason, version, author.at, id);
    recordChange(
      database,
      id,
      { version, action: 'ended', reason: end.reason, changes: [] },
      author,
    );
    return { ok: true, advisory: findAdvisory(database, id, author.at)! };
  });
}

/**
 * Deletes an advisory posted by mistake, with its history, so no page, banner or feed
 * entry shows it any more; the audit entry keeps who, when, why and its title, in the same
 * transaction (shared/deletion.ts).
 */
export function deleteAdvisory(
  database: AppDatabase,
  id: number,
  reason: string,
  author: AdvisoryAuthor,
): { ok: true } | { ok: false; status: 404; code: 'NO_SUCH_ADVISORY'; message: string } {
  return database.sqlite.transaction(() => {
    const row = storedRow(database, id);
    if (!row)
      return {
        ok: false as const,
        status: 404 as const,
        code: 'NO_SUCH_ADVISORY' as const,
        message: NO_SUCH_ADVISORY,
      };
    database.sqlite.prepare('DELETE FROM advisory_history WHERE advisory_id = ?').run(id);
    database.sqlite.prepare('DELETE FROM advisories WHERE id = ?').run(id);
    recordAudit(database, {
      action: 'advisory-deleted',
      actor: author.actor,
      address: author.address,
      detail: { id, title: row.title, version: row.version, reason, role: author.role },
    });
    return { ok: true as const };
  })();
}
