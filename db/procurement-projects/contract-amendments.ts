import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { addDocument, type DocumentUpload } from '../documents/document-queries.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import { touchProject } from './project-updated.ts';

// Contract amendments (variation orders) of a project (migration 0026), on either engine
// (issue 36).

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
export async function insertAmendment(
  tx: SiteDatabase,
  amendment: NewAmendment,
  now: Date,
): Promise<number> {
  const created = now.toISOString();
  const { rows } = await sql<{ id: number }>`INSERT INTO contract_amendments
      (project_id, amount, date, reason, document_sha256, created, actor)
    VALUES (${amendment.projectId}, ${amendment.amount}, ${amendment.date}, ${amendment.reason},
      ${amendment.documentSha256 ?? null}, ${created}, ${amendment.actor})
    RETURNING id`.execute(tx.db);
  await touchProject(tx, amendment.projectId, created);
  return rows[0]!.id;
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
export async function addAmendments(
  database: SiteDatabase,
  amendments: readonly (Omit<NewAmendment, 'actor' | 'documentSha256'> & {
    projectKey: string | undefined;
    /** The signed variation order, stored already: its row is added in this transaction. */
    document?: DocumentUpload;
  })[],
  source: AmendmentSource,
  now: Date,
): Promise<number[]> {
  return writeTransaction(database, async (tx) => {
    const ids: number[] = [];
    for (const { projectKey, document, ...amendment } of amendments) {
      if (document) await addDocument(tx, document);
      const documentSha256 = document?.sha256 ?? null;
      const id = await insertAmendment(
        tx,
        { ...amendment, documentSha256, actor: source.actor },
        now,
      );
      await writeAudit(tx, {
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
      ids.push(id);
    }
    return ids;
  });
}

const projectAmendmentRows =
  (projectId: number): Query<AmendmentRow> =>
  () =>
    sql<AmendmentRow>`SELECT a.id, a.project_id, a.amount, a.date, a.reason, a.created, a.actor,
        a.document_sha256, d.bytes, d.type, d.file_name
      FROM contract_amendments AS a LEFT JOIN documents AS d ON d.sha256 = a.document_sha256
      WHERE a.project_id = ${projectId} ORDER BY a.date, a.id`;

/** A project's amendments in the order they took effect: by date, then as entered. */
export async function amendmentsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<AmendmentRow[]> {
  return queryRows(database, projectAmendmentRows(projectId));
}
