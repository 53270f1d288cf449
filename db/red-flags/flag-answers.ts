import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { touchProject } from '../procurement-projects/project-updated.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';
import type { RedFlagAnswer, RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';

// The BAC's answers to red flags (issue 35, migration 0032): the latest row of a project's
// indicator is its answer, the earlier rows its history; rows are never changed. On either
// engine (issue 36).

interface AnswerRow {
  project_id: number;
  indicator: RedFlagIndicator;
  text: string;
  created: string;
}

/** Who writes and from where: the audit entry's actor, address and extra detail. */
export interface AnswerSource {
  actor: string;
  address: string | null;
  detail: Record<string, unknown>;
}

/** The key of one flag's answer in `answersOfProjects`' map. */
export const flagAnswerKey = (projectId: number, indicator: RedFlagIndicator): string =>
  `${projectId}\u0000${indicator}`;

/** A flag's rows, oldest first, as its answer: the last row, with the earlier ones newest first. */
function answerOf(rows: readonly AnswerRow[]): RedFlagAnswer {
  const latest = rows.at(-1)!;
  return {
    text: latest.text,
    answered: latest.created,
    history: rows
      .slice(0, -1)
      .reverse()
      .map((row) => ({ text: row.text, answered: row.created })),
  };
}

/** Groups rows (ordered by id) by flag into answers. */
function answersOfRows(rows: readonly AnswerRow[]): Map<string, RedFlagAnswer> {
  const grouped = new Map<string, AnswerRow[]>();
  for (const row of rows) {
    const key = flagAnswerKey(row.project_id, row.indicator);
    const list = grouped.get(key);
    if (list) list.push(row);
    else grouped.set(key, [row]);
  }
  return new Map([...grouped].map(([key, list]) => [key, answerOf(list)]));
}

const projectAnswerRows =
  (projectId: number): Query<AnswerRow> =>
  () =>
    sql<AnswerRow>`SELECT project_id, indicator, text, created FROM red_flag_answers
      WHERE project_id = ${projectId} ORDER BY id`;

/** One project's rows as answers by indicator. */
function byIndicator(rows: readonly AnswerRow[]): Map<RedFlagIndicator, RedFlagAnswer> {
  return new Map(
    [...answersOfRows(rows)].map(([key, answer]) => [
      key.split('\u0000')[1] as RedFlagIndicator,
      answer,
    ]),
  );
}

/** The answers of one project's flags, by indicator. */
export async function answersOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<Map<RedFlagIndicator, RedFlagAnswer>> {
  return byIndicator(await queryRows(database, projectAnswerRows(projectId)));
}

/**
 * The answers of many projects' flags at once (the flags' year list), keyed
 * `flagAnswerKey(projectId, indicator)` = `${projectId}\u0000${indicator}`; a flag without
 * an answer has no entry. One query per 500 projects.
 */
export async function answersOfProjects(
  database: SiteDatabase,
  projectIds: readonly number[],
): Promise<Map<string, RedFlagAnswer>> {
  const ids = [...new Set(projectIds)];
  const rows: AnswerRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    rows.push(
      ...(await queryRows(
        database,
        () => sql<AnswerRow>`SELECT project_id, indicator, text, created FROM red_flag_answers
          WHERE project_id IN (${sql.join(chunk)}) ORDER BY id`,
      )),
    );
  }
  // Each project's rows sit in one chunk, in order of id: each flag's history stays in order.
  return answersOfRows(rows);
}

/**
 * Answers a project's flag, or corrects its answer (the flag has one already): the row, the
 * history it leaves (the rows before it stay) and its audit entry in one transaction. A
 * correction without a reason is refused with REASON_REQUIRED; whether the write is one is
 * decided inside the transaction.
 */
export async function writeFlagAnswer(
  database: SiteDatabase,
  project: { id: number; key: string },
  indicator: RedFlagIndicator,
  answer: { text: string; reason: string | null },
  source: AnswerSource,
  now: Date,
): Promise<{ ok: true; corrected: boolean } | { ok: false; code: 'REASON_REQUIRED' }> {
  return writeTransaction(database, async (tx) => {
    const earlier = await queryRows(
      tx,
      () => sql`SELECT 1 AS one FROM red_flag_answers
        WHERE project_id = ${project.id} AND indicator = ${indicator} LIMIT 1`,
    );
    const corrected = earlier.length > 0;
    if (corrected && !answer.reason)
      return { ok: false as const, code: 'REASON_REQUIRED' as const };
    const created = now.toISOString();
    const reason = corrected ? answer.reason : null;
    await sql`INSERT INTO red_flag_answers (project_id, indicator, text, reason, created, actor)
      VALUES (${project.id}, ${indicator}, ${answer.text}, ${reason}, ${created}, ${source.actor})`.execute(
      tx.db,
    );
    // The project page changed: its `updated` (sitemap, feeds) follows, as conferences do.
    await touchProject(tx, project.id, created);
    await writeAudit(tx, {
      action: corrected ? 'flag-answer-corrected' : 'flag-answered',
      actor: source.actor,
      address: source.address,
      detail: {
        project: project.key,
        indicator,
        text: answer.text,
        ...(corrected ? { reason } : {}),
        ...source.detail,
      },
    });
    return { ok: true as const, corrected };
  });
}
