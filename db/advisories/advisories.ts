import { sql, type RawBuilder } from 'kysely';
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
import { writeAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import {
  queryRows,
  queryRowsNow,
  writeTransaction,
  type Engine,
  type Query,
  type SiteDatabase,
} from '../site-database.ts';

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

/**
 * When the advisory stops being shown: its planned end, or its early end if that came
 * first. The smaller of two values is SQLite's scalar min() and PostgreSQL's least().
 */
function shownUntil(engine: Engine): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`least(ends, coalesce(ended_at, ends))`
    : sql<string>`min(ends, coalesce(ended_at, ends))`;
}

/** Most severe first, then the newest start: the order of the banners. */
const BANNER_ORDER = sql`CASE severity WHEN 'danger' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, starts DESC, id DESC`;

function stateAt(row: AdvisoryRow, now: string): AdvisoryState {
  if (row.ended_at !== null || row.ends <= now) return 'past';
  return row.starts <= now ? 'active' : 'upcoming';
}

async function historyOf(
  database: SiteDatabase,
  ids: readonly number[],
): Promise<Map<number, AdvisoryChange[]>> {
  const byId = new Map<number, AdvisoryChange[]>();
  if (ids.length === 0) return byId;
  const rows = await queryRows(
    database,
    () => sql<HistoryRow>`
      SELECT advisory_id, version, at, action, reason, changes FROM advisory_history
      WHERE advisory_id IN (${sql.join(ids)}) ORDER BY advisory_id, version`,
  );
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

async function toAdvisories(
  database: SiteDatabase,
  rows: AdvisoryRow[],
  now: string,
): Promise<Advisory[]> {
  const history = await historyOf(
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

/** The advisories `where` chooses, in `order` (a LIMIT included), with their histories. */
async function select(
  database: SiteDatabase,
  now: string,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<Advisory[]> {
  const rows = await queryRows(
    database,
    () => sql<AdvisoryRow>`SELECT * FROM advisories WHERE ${where} ORDER BY ${order}`,
  );
  return toAdvisories(database, rows, now);
}

/** The advisories running at `now`: the banners of every public page, most severe first. */
export async function activeAdvisories(database: SiteDatabase, now: string): Promise<Advisory[]> {
  return select(
    database,
    now,
    sql`ended_at IS NULL AND starts <= ${now} AND ends > ${now}`,
    BANNER_ORDER,
  );
}

/**
 * The latest advisories that were shown and are over at `now`, the one that ended last
 * first. One ended before it started was never shown, so it is not listed.
 */
export async function pastAdvisories(
  database: SiteDatabase,
  now: string,
  limit: number,
): Promise<Advisory[]> {
  const until = shownUntil(database.engine);
  return select(
    database,
    now,
    sql`${until} <= ${now} AND starts < ${until}`,
    sql`${until} DESC, id DESC LIMIT ${limit}`,
  );
}

/** Every advisory, upcoming and ended ones included, the latest posted first (the staff list). */
export async function allAdvisories(
  database: SiteDatabase,
  now: string,
  limit: number,
): Promise<Advisory[]> {
  return select(database, now, sql`1 = 1`, sql`id DESC LIMIT ${limit}`);
}

export async function findAdvisory(
  database: SiteDatabase,
  id: number,
  now: string,
): Promise<Advisory | undefined> {
  return (await select(database, now, sql`id = ${id}`, sql`id`))[0];
}

/** The advisories added or changed last, for the Atom feed, the latest change first. */
export async function latestAdvisoryChanges(
  database: SiteDatabase,
  now: string,
  limit: number,
): Promise<Advisory[]> {
  return select(database, now, sql`1 = 1`, sql`updated DESC, id DESC LIMIT ${limit}`);
}

const boundaryQuery =
  (now: string): Query<{ next: string | null }> =>
  () => sql<{ next: string | null }>`
    SELECT min(CASE WHEN starts > ${now} THEN starts ELSE ends END) AS next FROM advisories
    WHERE ended_at IS NULL AND ends > ${now}`;

/**
 * The next instant after `now` at which an advisory starts or ends as planned, or null
 * when none will: until then, with the same data, every page shows the same banners. The
 * render cache asks after each change of the data version and each time the instant
 * passes, never per request (server/render/cache/page-version.ts).
 */
export async function nextAdvisoryBoundary(
  database: SiteDatabase,
  now: string,
): Promise<string | null> {
  return (await queryRows(database, boundaryQuery(now)))[0]?.next ?? null;
}

/**
 * `nextAdvisoryBoundary` at once, on SQLite, with the same query: the render cache's page
 * version is computed synchronously on the request path (with the data version, read the
 * same way). Transitional: it goes when the page version is read asynchronously.
 */
export function nextAdvisoryBoundaryNow(database: AppDatabase, now: string): string | null {
  return queryRowsNow(database, boundaryQuery(now))[0]?.next ?? null;
}

/** Posts an advisory, with its audit entry, in one transaction. */
export async function addAdvisory(
  database: SiteDatabase,
  values: AdvisoryValues,
  author: AdvisoryAuthor,
): Promise<Advisory> {
  return writeTransaction(database, async (tx) => {
    const [inserted] = await queryRows(
      tx,
      () => sql<{ id: number }>`
        INSERT INTO advisories (severity, title, text, starts, ends, created, updated)
        VALUES (${values.severity}, ${values.title}, ${values.text}, ${values.starts},
                ${values.ends}, ${author.at}, ${author.at})
        RETURNING id`,
    );
    const id = inserted!.id;
    await writeAudit(tx, {
      action: 'advisory-posted',
      actor: author.actor,
      address: author.address,
      detail: { id, severity: values.severity, title: values.title, role: author.role },
    });
    return (await findAdvisory(tx, id, author.at))!;
  });
}

/**
 * The stored row, inside a write transaction: locked on PostgreSQL until it ends, so
 * another process's change of the same advisory waits and then sees this one's version
 * (SQLite's write lock already serialises the writes).
 */
async function storedRow(tx: SiteDatabase, id: number): Promise<AdvisoryRow | undefined> {
  const lock = tx.engine === 'postgres' ? sql`FOR UPDATE` : sql``;
  const rows = await queryRows(
    tx,
    () => sql<AdvisoryRow>`SELECT * FROM advisories WHERE id = ${id} ${lock}`,
  );
  return rows[0];
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
async function changeRunning(
  database: SiteDatabase,
  id: number,
  change: (tx: SiteDatabase, row: AdvisoryRow) => Promise<AdvisoryWriteOutcome>,
): Promise<AdvisoryWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<AdvisoryWriteOutcome> => {
    const row = await storedRow(tx, id);
    if (!row)
      return { ok: false, status: 404, code: 'NO_SUCH_ADVISORY', message: NO_SUCH_ADVISORY };
    if (row.ended_at !== null)
      return { ok: false, status: 409, code: 'ALREADY_ENDED', message: endedMessage(row) };
    return change(tx, row);
  });
}

/**
 * A correction's or an early end's history row and audit entry, in the caller's
 * transaction with the change itself.
 */
async function recordChange(
  tx: SiteDatabase,
  id: number,
  step: Omit<AdvisoryChange, 'at'>,
  author: AdvisoryAuthor,
): Promise<void> {
  await sql`
    INSERT INTO advisory_history (advisory_id, version, at, actor, action, reason, changes)
    VALUES (${id}, ${step.version}, ${author.at}, ${author.actor}, ${step.action},
            ${step.reason}, ${JSON.stringify(step.changes)})`.execute(tx.db);
  await writeAudit(tx, {
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
export async function amendAdvisory(
  database: SiteDatabase,
  id: number,
  amendment: { values: AdvisoryValues; reason: string; version: number },
  author: AdvisoryAuthor,
): Promise<AdvisoryWriteOutcome> {
  return changeRunning(database, id, async (tx, row) => {
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
    await sql`
      UPDATE advisories SET severity = ${severity}, title = ${title}, text = ${text},
        starts = ${starts}, ends = ${ends}, version = ${version}, updated = ${author.at}
      WHERE id = ${id}`.execute(tx.db);
    await recordChange(
      tx,
      id,
      { version, action: 'amended', reason: amendment.reason, changes },
      author,
    );
    return { ok: true, advisory: (await findAdvisory(tx, id, author.at))! };
  });
}

/**
 * Ends an advisory early: its banner goes at once. The row stays, with when and why, and
 * the step is in its history, with an audit entry, in one transaction. One already ended,
 * or already over, is a conflict.
 */
export async function endAdvisory(
  database: SiteDatabase,
  id: number,
  end: { reason: string },
  author: AdvisoryAuthor,
): Promise<AdvisoryWriteOutcome> {
  return changeRunning(database, id, async (tx, row) => {
    if (row.ends <= author.at) {
      return {
        ok: false,
        status: 409,
        code: 'ALREADY_OVER',
        message: `This advisory is already over: it ended on ${formatManilaDateTime(row.ends)}.`,
      };
    }
    const version = row.version + 1;
    await sql`
      UPDATE advisories SET ended_at = ${author.at}, end_reason = ${end.reason},
        version = ${version}, updated = ${author.at}
      WHERE id = ${id}`.execute(tx.db);
    await recordChange(
      tx,
      id,
      { version, action: 'ended', reason: end.reason, changes: [] },
      author,
    );
    return { ok: true, advisory: (await findAdvisory(tx, id, author.at))! };
  });
}

/**
 * Deletes an advisory posted by mistake, with its history, so no page, banner or feed
 * entry shows it any more; the audit entry keeps who, when, why and its title, in the same
 * transaction (shared/deletion.ts).
 */
export async function deleteAdvisory(
  database: SiteDatabase,
  id: number,
  reason: string,
  author: AdvisoryAuthor,
): Promise<{ ok: true } | { ok: false; status: 404; code: 'NO_SUCH_ADVISORY'; message: string }> {
  return writeTransaction(database, async (tx) => {
    const row = await storedRow(tx, id);
    if (!row)
      return {
        ok: false as const,
        status: 404 as const,
        code: 'NO_SUCH_ADVISORY' as const,
        message: NO_SUCH_ADVISORY,
      };
    await sql`DELETE FROM advisory_history WHERE advisory_id = ${id}`.execute(tx.db);
    await sql`DELETE FROM advisories WHERE id = ${id}`.execute(tx.db);
    await writeAudit(tx, {
      action: 'advisory-deleted',
      actor: author.actor,
      address: author.address,
      detail: { id, title: row.title, version: row.version, reason, role: author.role },
    });
    return { ok: true as const };
  });
}
