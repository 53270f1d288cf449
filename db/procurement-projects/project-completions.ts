import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { addDocumentNow, type DocumentUpload } from '../documents/document-queries.ts';
import { statement } from '../records/record-queries.ts';

// A procurement project's completion (migration 0029): the latest row is the completion,
// the earlier ones the statements it corrected.

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
export function stateCompletion(
  database: AppDatabase,
  completion: NewCompletion,
  source: CompletionSource,
  now: Date,
): CompletionWrite {
  return database.sqlite
    .transaction((): CompletionWrite => {
      const corrects = completionsOfProject(database, completion.projectId).length > 0;
      if (corrects && completion.reason === null) return { ok: false, code: 'REASON_REQUIRED' };
      if (completion.document) {
        addDocumentNow(database, {
          ...completion.document,
          uploader: source.actor,
          address: source.address,
        });
      }
      const created = now.toISOString();
      const result = statement(
        database,
        'completions:insert',
        () =>
          `INSERT INTO project_completions (project_id, date, document_sha256, reason, created, actor)
           VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        completion.projectId,
        completion.date,
        completion.document?.sha256 ?? null,
        corrects ? completion.reason : null,
        created,
        source.actor.email,
      );
      statement(
        database,
        'completions:touch',
        () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
      ).run(created, completion.projectId);
      const id = Number(result.lastInsertRowid);
      recordAudit(database, {
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
    })
    .immediate();
}

/** Every statement of a project's completion, oldest first: the last is the completion. */
export function completionsOfProject(database: AppDatabase, projectId: number): CompletionRow[] {
  return statement(
    database,
    'completions:of-project',
    () =>
      `SELECT c.id, c.project_id, c.date, c.document_sha256, c.reason, c.created, c.actor,
              d.bytes, d.type, d.file_name
       FROM project_completions AS c LEFT JOIN documents AS d ON d.sha256 = c.document_sha256
       WHERE c.project_id = ? ORDER BY c.id`,
  ).all(projectId) as CompletionRow[];
}
