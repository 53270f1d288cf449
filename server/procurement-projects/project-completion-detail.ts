import type { AppDatabase } from '../../db/connection.ts';
import { completionsOfProject } from '../../db/procurement-projects/project-completions.ts';
import type {
  CompletionStatement,
  ProjectCompletion,
} from '../../shared/procurement-projects/project-completion.ts';
import type { HostedDocument } from '../../shared/records/record-detail.ts';
import { documentPath } from '../documents/document-name.ts';

/** A row's hosted document (an amendment's variation order, a completion's certificate), if any. */
export function hostedDocumentOf(row: {
  document_sha256: string | null;
  bytes: number | null;
  type: string | null;
  file_name: string | null;
}): HostedDocument | null {
  const { document_sha256: sha256, bytes, type, file_name: fileName } = row;
  if (sha256 === null || bytes === null || type === null || fileName === null) return null;
  return { url: documentPath(sha256, fileName), sha256, bytes, type };
}

/** A project's completion as it stands (its latest statement) with the earlier ones; null before any. */
export async function projectCompletion(
  database: AppDatabase,
  projectId: number,
): Promise<ProjectCompletion | null> {
  const statements = (await completionsOfProject(database, projectId)).map(
    (row): CompletionStatement => ({
      date: row.date,
      document: hostedDocumentOf(row),
      reason: row.reason,
      created: row.created,
    }),
  );
  const current = statements.at(-1);
  return current ? { ...current, earlier: statements.slice(0, -1) } : null;
}
