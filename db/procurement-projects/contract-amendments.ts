import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { addDocumentNow, type DocumentUpload } from '../documents/document-queries.ts';
import { formatDecimal } from '../../shared/money.ts';
import { statement } from '../records/record-queries.ts';

// Contract amendments (variation orders) of a project (migration 0026).

/** An amendment as stored: `amount` is the contract's new total in integer centavos. */
export interface AmendmentRow {
  id: number;
  project_id: number;
  amount: number;
  date: string;
  reason: string;
  created: string;
  actor: string;
  /** The signed variation order, when one was uploaded: its hash and hosted file's facts. */
  document_sha256: string | null;
  bytes: number | null;
  type: string | null;
  file_name: string | null;
}

export interface NewAmendment {
  projectId: number;
  amount: number;
  date: string;
  reason: string;
  actor: string;
  /** The signed variation order's SHA-256, a document hosted already (0006). */
  documentSha256?: string | null;
}

/** Stores an amendment, in the caller's transaction (which holds its audit entry); answers its id. */
export function insertAmendment(database: AppDatabase, amendment: NewAmendment, now: Date): number {
  const result = statement(
    database,
    'amendments:insert',
    () =>
      `INSERT INTO contract_amendments (project_id, amount, date, reason, document_sha256, created, actor)
       VALUES (:projectId, :amount, :date, :reason, :documentSha256, :created, :actor)`,
  ).run({ documentSha256: null, ...amendment, created: now.toISOString() });
  statement(
    database,
    'amendments:touch',
    () => 'UPDATE procurement_projects SET updated = max(updated, ?) WHERE id = ?',
  ).run(now.toISOString(), amendment.projectId);
  return Number(result.lastInsertRowid);
}

/** Who added amendments and from where: the audit entry's actor, address and extra detail. */
export interface AmendmentSource {
  actor: string;
  /** The client's address for the web, null for the command line. */
  address: string | null;
  /** What else the audit entry says: the role used, or the file imported. */
  detail: Record<string, unknown>;
}

/**
 * Adds amendments of projects and one audit entry each, all in one transaction (the web
 * form's one amendment and the CLI's whole file alike): all are stored or none. Answers the
 * new ids in order.
 */
export function addAmendments(
  database: AppDatabase,
  amendments: readonly (Omit<NewAmendment, 'actor' | 'documentSha256'> & {
    projectKey: string | undefined;
    /** The signed variation order, stored already: its row is added in this transaction. */
    document?: DocumentUpload;
  })[],
  source: AmendmentSource,
  now: Date,
): number[] {
  return database.sqlite
    .transaction(() =>
      amendments.map(({ projectKey, document, ...amendment }) => {
        if (document) addDocumentNow(database, document);
        const documentSha256 = document?.sha256 ?? null;
        const id = insertAmendment(
          database,
          { ...amendment, documentSha256, actor: source.actor },
          now,
        );
        recordAudit(database, {
          action: 'contract-amended',
          actor: source.actor,
          address: source.address,
          detail: {
            project: projectKey,
            amendment: id,
            amount: formatDecimal(amendment.amount),
            date: amendment.date,
            reason: amendment.reason,
            ...(documentSha256 ? { document: documentSha256 } : {}),
            ...source.detail,
          },
        });
        return id;
      }),
    )
    .immediate();
}

/** A project's amendments in the order they took effect: by date, then as entered. */
export function amendmentsOfProject(database: AppDatabase, projectId: number): AmendmentRow[] {
  return statement(
    database,
    'amendments:of-project',
    () =>
      `SELECT a.id, a.project_id, a.amount, a.date, a.reason, a.created, a.actor,
              a.document_sha256, d.bytes, d.type, d.file_name
       FROM contract_amendments AS a LEFT JOIN documents AS d ON d.sha256 = a.document_sha256
       WHERE a.project_id = ? ORDER BY a.date, a.id`,
  ).all(projectId) as AmendmentRow[];
}
