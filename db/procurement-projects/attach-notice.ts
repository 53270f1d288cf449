import type { AppDatabase } from '../connection.ts';
import { parseMoney } from '../../shared/money.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { RecordValues } from '../records/record-queries.ts';
import { statement } from '../records/record-queries.ts';
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
export function attachNewNotice(
  database: AppDatabase,
  notice: { kind: RecordKind; id: number; values: RecordValues },
  choice: ProjectChoice,
  now: Date,
): number {
  const { kind, id, values } = notice;
  const reference = values.philgeps_reference?.trim() || undefined;
  const joined = reference === undefined ? undefined : projectWithReference(database, reference);
  const projectId =
    joined ??
    (choice === 'new'
      ? insertProject(
          database,
          {
            processKey: reference ?? `${kind.collection}-${id}`,
            title: values[kind.nameField] ?? '',
            mode: values.mode_of_procurement,
            abc: centavosOf(values.abc),
          },
          now,
        )
      : choice.projectId);
  linkNotice(database, { collection: kind.collection, recordId: id, projectId }, now);
  fillProjectGaps(database, projectId, values);
  return projectId;
}

function centavosOf(decimal: string | undefined): number | null {
  if (!decimal) return null;
  const parsed = parseMoney(decimal);
  return parsed.ok ? parsed.centavos : null;
}

/** A later notice states what the first left out (the mode on the award, the ABC on the invitation). */
function fillProjectGaps(database: AppDatabase, projectId: number, values: RecordValues): void {
  statement(
    database,
    'projects:fill-gaps',
    () =>
      `UPDATE procurement_projects SET mode = coalesce(mode, nullif(trim(:mode), '')), abc = coalesce(abc, :abc)
       WHERE id = :id`,
  ).run({ id: projectId, mode: values.mode_of_procurement ?? null, abc: centavosOf(values.abc) });
}

export type MoveOutcome =
  | { ok: true; from: number; to: number }
  | { ok: false; code: 'NO_SUCH_RECORD' | 'NO_SUCH_PROJECT' | 'ALREADY_IN_PROJECT' };

/**
 * Moves a notice to another project and writes the move (who, when, why) to its history,
 * in the caller's transaction (which also holds the audit entry).
 */
export function moveNotice(
  database: AppDatabase,
  move: {
    collection: string;
    recordId: number;
    toProjectId: number;
    reason: string;
    actor: string;
  },
  now: Date,
): MoveOutcome {
  const from = projectOfNotice(database, move.collection, move.recordId);
  if (!from) return { ok: false, code: 'NO_SUCH_RECORD' };
  if (!projectById(database, move.toProjectId)) return { ok: false, code: 'NO_SUCH_PROJECT' };
  if (from.id === move.toProjectId) return { ok: false, code: 'ALREADY_IN_PROJECT' };
  statement(
    database,
    'projects:move',
    () =>
      `INSERT INTO procurement_project_moves (collection, record_id, from_project, to_project, at, actor, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    move.collection,
    move.recordId,
    from.id,
    move.toProjectId,
    now.toISOString(),
    move.actor,
    move.reason,
  );
  linkNotice(
    database,
    { collection: move.collection, recordId: move.recordId, projectId: move.toProjectId },
    now,
  );
  return { ok: true, from: from.id, to: move.toProjectId };
}

/** Moves into or out of a project, oldest first, with the process keys at both ends. */
export function movesOfProject(
  database: AppDatabase,
  projectId: number,
): {
  collection: string;
  record_id: number;
  at: string;
  reason: string;
  from_key: string;
  to_key: string;
}[] {
  return statement(
    database,
    'projects:moves',
    () =>
      `SELECT m.collection, m.record_id, m.at, m.reason, f.process_key AS from_key, t.process_key AS to_key
       FROM procurement_project_moves AS m
       JOIN procurement_projects AS f ON f.id = m.from_project
       JOIN procurement_projects AS t ON t.id = m.to_project
       WHERE m.from_project = :id OR m.to_project = :id ORDER BY m.at, m.id`,
  ).all({ id: projectId }) as ReturnType<typeof movesOfProject>;
}
