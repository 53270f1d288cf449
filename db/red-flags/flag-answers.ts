import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { statement } from '../records/record-queries.ts';
import type { RedFlagAnswer, RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';

// The BAC's answers to red flags (issue 35, migration 0032): the latest row of a project's
// indicator is its answer, the earlier rows its history; rows are never changed.

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

/** The answers of one project's flags, by indicator. */
export function answersOfProject(
  database: AppDatabase,
  projectId: number,
): Map<RedFlagIndicator, RedFlagAnswer> {
  const rows = statement(
    database,
    'flag-answers:of-project',
    () =>
      `SELECT project_id, indicator, text, created FROM red_flag_answers
       WHERE project_id = ? ORDER BY id`,
  ).all(projectId) as AnswerRow[];
  return new Map(
    [...answersOfRows(rows)].map(([key, answer]) => [
      key.split('\u0000')[1] as RedFlagIndicator,
      answer,
    ]),
  );
}

/**
 * The answers of many projects' flags at once (the flags' year list), keyed
 * `flagAnswerKey(projectId, indicator)` = `${projectId}\u0000${indicator}`; a flag without
 * an answer has no entry. One query per 500 projects.
 */
export function answersOfProjects(
  database: AppDatabase,
  projectIds: readonly number[],
): Map<string, RedFlagAnswer> {
  const ids = [...new Set(projectIds)];
  const rows: AnswerRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    rows.push(
      ...(database.sqlite
        .prepare(
          `SELECT project_id, indicator, text, created FROM red_flag_answers
           WHERE project_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY id`,
        )
        .all(...chunk) as AnswerRow[]),
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
export function writeFlagAnswer(
  database: AppDatabase,
  project: { id: number; key: string },
  indicator: RedFlagIndicator,
  answer: { text: string; reason: string | null },
  source: AnswerSource,
  now: Date,
): { ok: true; corrected: boolean } | { ok: false; code: 'REASON_REQUIRED' } {
  return database.sqlite
    .transaction(() => {
      const corrected =
        statement(
          database,
          'flag-answers:exists',
          () => 'SELECT 1 FROM red_flag_answers WHERE project_id = ? AND indicator = ? LIMIT 1',
        ).get(project.id, indicator) !== undefined;
      if (corrected && !answer.reason)
        return { ok: false as const, code: 'REASON_REQUIRED' as const };
      const created = now.toISOString();
      const reason = corrected ? answer.reason : null;
      statement(
        database,
        'flag-answers:insert',
        () =>
          `INSERT INTO red_flag_answers (project_id, indicator, text, reason, created, actor)
           VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(project.id, indicator, answer.text, reason, created, source.actor);
      // The project page changed: its `updated` (sitemap, feeds) follows, as conferences do.
      statement(
        database,
        'flag-answers:touch',
        () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
      ).run(created, project.id);
      recordAudit(database, {
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
    })
    .immediate();
}
