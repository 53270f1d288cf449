import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
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
}

export interface NewAmendment {
  projectId: number;
  amount: number;
  date: string;
  reason: string;
  actor: string;
}

/** Stores an amendment, in the caller's transaction (which holds its audit entry); answers its id. */
export function insertAmendment(database: AppDatabase, amendment: NewAmendment, now: Date): number {
  const result = statement(
    database,
    'amendments:insert',
    () =>
      `INSERT INTO contract_amendments (project_id, amount, date, reason, created, actor)
       VALUES (:projectId, :amount, :date, :reason, :created, :actor)`,
  ).run({ ...amendment, created: now.toISOString() });
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
  amendments: readonly (Omit<NewAmendment, 'actor'> & { projectKey: string | undefined })[],
  source: AmendmentSource,
  now: Date,
): number[] {
  return database.sqlite
    .transaction(() =>
      amendments.map(({ projectKey, ...amendment }) => {
        const id = insertAmendment(database, { ...amendment, actor: source.actor }, now);
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
      `SELECT id, project_id, amount, date, reason, created, actor FROM contract_amendments
       WHERE project_id = ? ORDER BY date, id`,
  ).all(projectId) as AmendmentRow[];
}
