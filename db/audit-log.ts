import type { SiteDatabase } from './site-database.ts';

/** Every action the audit log records; the CLI's `audit list --action` accepts these alone. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-out',
  'record-added',
  'record-amended',
  'record-withdrawn',
  // A notice moved to another procurement project (issue 34).
  'notice-moved',
  // A contract amendment (variation order) added to a procurement project (issue 34).
  'contract-amended',
  // A procurement project's completion stated, or corrected with a reason (issue 34).
  'project-completed',
  'completion-corrected',
  // A bid of a project's abstract of bids, entered on the web or imported (issue 34).
  'bid-added',
  // Staff merged two spellings of a supplier, said a suggested pair are two companies, or
  // gave a supplier its PhilGEPS registration number (issue 34).
  'supplier-merged',
  'supplier-dismissed',
  'supplier-registered',
  // A line of the Annual Procurement Plan imported as a planned project, added or updated (issue 34).
  'app-line-imported',
  // RA 12009 section 38: a procurement conference or an observer added or corrected, and a
  // project's procurement category stated or corrected (issue 34).
  'conference-added',
  'conference-corrected',
  'observer-added',
  'observer-corrected',
  'category-stated',
  'category-corrected',
  // The BAC answered a red flag of a project, or corrected its answer with a reason (issue 35).
  'flag-answered',
  'flag-answer-corrected',
  'import',
  'user-added',
  'user-disabled',
  'user-enabled',
  'password-reset',
  'password-set',
  // A set-password link mailed to an account's owner who forgot the password, and a
  // request for one refused by the rate limits (issue 31).
  'password-reset-mailed',
  'password-reset-throttled',
  'roles-changed',
  'forbidden',
  'document-uploaded',
  'demo-removed',
  'picture-uploaded',
  'news-added',
  'news-amended',
  'news-withdrawn',
  'news-deleted',
  'news-reseeded',
  'advisory-posted',
  'advisory-amended',
  'advisory-ended',
  'advisory-deleted',
  'fund-report-quarter-imported',
  'full-disclosure-posted',
  'full-disclosure-corrected',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  /** The staff e-mail, or the e-mail that was tried for a failed sign-in. */
  actor: string | null;
  /** Client address for web actions; null for the command line. */
  address: string | null;
  /** What was written or attempted; never a password or hash. */
  detail: Record<string, unknown>;
}

export interface StoredAuditEntry extends AuditEntry {
  id: number;
  at: string;
}

/**
 * Adds an audit entry on either engine. Given the transaction of a `writeTransaction`, it
 * commits with the write it describes, or neither does.
 */
export async function writeAudit({ db }: SiteDatabase, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: entry.action,
      actor: entry.actor,
      address: entry.address,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}

export async function listAudit(
  { db }: SiteDatabase,
  filter: { limit: number; action?: string | undefined; actor?: string | undefined },
): Promise<StoredAuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor.trim().toLowerCase());
  const rows = await query.limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action as AuditAction,
    actor: row.actor,
    address: row.address,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }));
}
