import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { parseMoney } from '../../shared/money.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { RecordValues } from '../records/record-queries.ts';
import {
  insertProject,
  linkNotice,
  projectById,
  projectOfNotice,
  projectWithReference,
} from './project-notices.ts';

/** Which project a new notice joins: one staff chose, or a new one (the default). */
export type ProjectChoice = { projectId: number } | 'new';

/**
 * Attaches a just-stored notice to its project, in the caller's transaction, and answers
 * the project's id. A PhilGEPS reference already used by a project joins that project
 * whatever was chosen (the reference is the process's number on PhilGEPS); otherwise the
 * chosen project, else a new one keyed as the OCDS code keyed a lone notice before projects
 * existed: by its reference, else `<collection>-<id>`.
 */
export async function attachNewNotice(
  transaction: SiteDatabase,
  notice: { kind: RecordKind; id: number; values: RecordValues },
  choice: ProjectChoice,
  now: Date,
): Promise<number> {
  const { kind, id, values } = notice;
  const reference = values.philgeps_reference?.trim() || undefined;
  const joined =
    reference === undefined ? undefined : await projectWithReference(transaction, reference);
  const projectId =
    joined ??
    (choice === 'new'
      ? await insertProject(
          transaction,
          {
            processKey: reference ?? `${kind.collection}-${id}`,
            title: values[kind.nameField] ?? '',
            mode: values.mode_of_procurement,
            abc: centavosOf(values.abc),
          },
          now,
        )
      : choice.projectId);
  await linkNotice(transaction, { collection: kind.collection, recordId: id, projectId }, now);
  await fillProjectGaps(transaction, projectId, values);
  return projectId;
}

function centavosOf(decimal: string | undefined): number | null {
  if (!decimal) return null;
  const parsed = parseMoney(decimal);
  return parsed.ok ? parsed.centavos : null;
}

/** A later notice states what the first left out (the mode on the award, the ABC on the invitation). */
async function fillProjectGaps(
  { db }: SiteDatabase,
  projectId: number,
  values: RecordValues,
): Promise<void> {
  const mode = values.mode_of_procurement ?? null;
  await sql`UPDATE procurement_projects
    SET mode = coalesce(mode, nullif(trim(${mode}), '')), abc = coalesce(abc, ${centavosOf(values.abc)})
    WHERE id = ${projectId}`.execute(db);
}

export type MoveOutcome =
  | { ok: true; from: number; to: number }
  | { ok: false; code: 'NO_SUCH_RECORD' | 'NO_SUCH_PROJECT' | 'ALREADY_IN_PROJECT' };

/**
 * Moves a notice to another project and writes the move (who, when, why) to its history,
 * in the caller's transaction (which also holds the audit entry).
 */
export async function moveNotice(
  transaction: SiteDatabase,
  move: {
    collection: string;
    recordId: number;
    toProjectId: number;
    reason: string;
    actor: string;
  },
  now: Date,
): Promise<MoveOutcome> {
  const from = await projectOfNotice(transaction, move.collection, move.recordId);
  if (!from) return { ok: false, code: 'NO_SUCH_RECORD' };
  if (!(await projectById(transaction, move.toProjectId))) {
    return { ok: false, code: 'NO_SUCH_PROJECT' };
  }
  if (from.id === move.toProjectId) return { ok: false, code: 'ALREADY_IN_PROJECT' };
  await sql`INSERT INTO procurement_project_moves
    (collection, record_id, from_project, to_project, at, actor, reason)
    VALUES (${move.collection}, ${move.recordId}, ${from.id}, ${move.toProjectId},
      ${now.toISOString()}, ${move.actor}, ${move.reason})`.execute(transaction.db);
  await linkNotice(
    transaction,
    { collection: move.collection, recordId: move.recordId, projectId: move.toProjectId },
    now,
  );
  return { ok: true, from: from.id, to: move.toProjectId };
}

/** A move into or out of a project, with the process keys at both ends. */
export interface ProjectMove {
  collection: string;
  record_id: number;
  at: string;
  reason: string;
  from_key: string;
  to_key: string;
}

const movesOfProjectRows =
  (projectId: number): Query<ProjectMove> =>
  () =>
    sql`SELECT m.collection, m.record_id, m.at, m.reason, f.process_key AS from_key,
        t.process_key AS to_key
      FROM procurement_project_moves AS m
      JOIN procurement_projects AS f ON f.id = m.from_project
      JOIN procurement_projects AS t ON t.id = m.to_project
      WHERE m.from_project = ${projectId} OR m.to_project = ${projectId} ORDER BY m.at, m.id`;

/** Moves into or out of a project, oldest first. */
export async function movesOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<ProjectMove[]> {
  return queryRows(database, movesOfProjectRows(projectId));
}
