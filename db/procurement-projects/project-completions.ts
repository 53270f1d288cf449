import { sql } from 'kysely';
import { addDocument, type DocumentUpload } from '../documents/document-queries.ts';
import { touchProject } from './project-updated.ts';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';

// A procurement project's completion (migration 0029): the latest row is the completion,
// the earlier ones the statements it corrected. On either engine (issue 36).

export interface CompletionRow {
  id: number;
  project_id: number;
  date: string;
  document_sha256: string | null;
  reason: string | null;
  created: string;
  actor: string;
  /** The hosted document's size, type and name, when it has one. */
  bytes: number | null;
  type: string | null;
  file_name: string | null;
}

export interface NewCompletion {
  projectId: number;
  projectKey: string;
  date: string;
  reason: string | null;
  /** The certificate, stored already; its row is added in the same transaction. */
  document: Omit<DocumentUpload, 'uploader' | 'address'> | null;
}

export interface CompletionSource {
  actor: { id: number; email: string };
  /** The client's address for the web, null for the command line. */
  address: string | null;
  detail: Record<string, unknown>;
}

export type CompletionWrite = { ok: true; id: number } | { ok: false; code: 'REASON_REQUIRED' };

/**
 * States a project's completion, or corrects it: the document's row, the completion and
 * its audit entry in one transaction. A correction (the project has one already) needs a
 * reason; the first statement takes none, so a reason sent with it is not kept.
 */
export async function stateCompletion(
  database: SiteDatabase,
  completion: NewCompletion,
  source: CompletionSource,
  now: Date,
): Promise<CompletionWrite> {
  return writeTransaction(database, async (tx): Promise<CompletionWrite> => {
    const corrects = (await completionsOfProject(tx, completion.projectId)).length > 0;
    if (corrects && completion.reason === null) return { ok: false, code: 'REASON_REQUIRED' };
    if (completion.document) {
      await addDocument(tx, {
        ...completion.document,
        uploader: source.actor,
        address: source.address,
      });
    }
    const created = now.toISOString();
    const { rows } = await sql<{ id: number }>`INSERT INTO project_completions
        (project_id, date, document_sha256, reason, created, actor)
      VALUES (${completion.projectId}, ${completion.date}, ${completion.document?.sha256 ?? null},
        ${corrects ? completion.reason : null}, ${created}, ${source.actor.email})
      RETURNING id`.execute(tx.db);
    await touchProject(tx, completion.projectId, created);
    const id = rows[0]!.id;
    await writeAudit(tx, {
      action: corrects ? 'completion-corrected' : 'project-completed',
      actor: source.actor.email,
      address: source.address,
      detail: {
        project: completion.projectKey,
        completion: id,
        date: completion.date,
        ...(completion.document ? { document: completion.document.sha256 } : {}),
        ...(corrects ? { reason: completion.reason } : {}),
        ...source.detail,
      },
    });
    return { ok: true, id };
  });
}

const projectCompletionRows =
  (projectId: number): Query<CompletionRow> =>
  () =>
    sql<CompletionRow>`SELECT c.id, c.project_id, c.date, c.document_sha256, c.reason, c.created,
        c.actor, d.bytes, d.type, d.file_name
      FROM project_completions AS c LEFT JOIN documents AS d ON d.sha256 = c.document_sha256
      WHERE c.project_id = ${projectId} ORDER BY c.id`;

/** Every statement of a project's completion, oldest first: the last is the completion. */
export async function completionsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<CompletionRow[]> {
  return queryRows(database, projectCompletionRows(projectId));
}
