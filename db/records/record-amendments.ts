import { queueAlert } from '../alerts/alert-outbox.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
import type { FieldChange, RecordDetail } from '../../shared/records/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { FieldUpdates } from '../../shared/records/record-validation.ts';
import type { RecordChangeRefusalCode } from '../../shared/staff-services.ts';
import { formatManilaDate } from '../../shared/manila-time.ts';
import { toColumnValue } from './record-columns.ts';
import { findRecordDetail, findStoredRecord, type StoredRecord } from './record-detail-queries.ts';
import { toCreated } from './record-queries.ts';

// Table and column names below come from the registry, never from a request; values are always bound.

/** Why the database changed nothing (the code pages word; the message in English). */
export type RecordChangeOutcome =
  | { ok: true; record: RecordDetail }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: Extract<
        RecordChangeRefusalCode,
        'NOTHING_TO_CHANGE' | 'NO_SUCH_RECORD' | 'CHANGED_MEANWHILE' | 'ALREADY_WITHDRAWN'
      >;
      message: string;
    };

export const NOTHING_TO_CHANGE = 'Nothing to change: every field is as it was.';
export const NO_SUCH_RECORD = 'There is no such record.';

export function staleVersionMessage(current: number): string {
  return `This record has changed since you opened it (it is now version ${current}). Reload it, check the changes and make yours again.`;
}

function withdrawnMessage(stored: StoredRecord): string {
  return `This record was withdrawn on ${formatManilaDate(stored.withdrawn_at!)} and can no longer be changed.`;
}

/** Who makes a change and from where, for the history and the audit log. */
export interface ChangeAuthor {
  actor: string;
  /** The client address; null from the command line. */
  address: string | null;
  /** The staff role the change was made under (web); the command line acts outside roles. */
  role?: StaffRole;
  /** When the change is made: the server's app.clock; now when not given (the command line). */
  at?: Date;
}

export interface Amendment extends ChangeAuthor {
  /** Validated new values in their edge form (validateFieldUpdates); null clears a field. */
  fields: FieldUpdates;
  reason: string;
  /** The version the change was made against; any other current version is a conflict. */
  version: number;
}

async function addHistory(
  { db }: SiteDatabase,
  entry: {
    kind: RecordKind;
    id: number;
    version: number;
    at: string;
    actor: string;
    action: 'amended' | 'withdrawn';
    reason: string;
    changes: FieldChange[];
  },
): Promise<void> {
  await db
    .insertInto('record_history')
    .values({
      collection: entry.kind.collection,
      record_id: entry.id,
      version: entry.version,
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      reason: entry.reason,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

/** The record as it stands, or why it cannot be changed. */
async function changeable(
  transaction: SiteDatabase,
  kind: RecordKind,
  id: number,
): Promise<{ stored: StoredRecord } | Extract<RecordChangeOutcome, { ok: false }>> {
  // On PostgreSQL the row is locked until the change commits: a second change made
  // against the same version waits, then finds the version moved on.
  const stored = await findStoredRecord(transaction, kind, id, { lock: true });
  if (!stored) return { ok: false, status: 404, code: 'NO_SUCH_RECORD', message: NO_SUCH_RECORD };
  if (stored.withdrawn_at !== null) {
    return { ok: false, status: 409, code: 'ALREADY_WITHDRAWN', message: withdrawnMessage(stored) };
  }
  return { stored };
}

/**
 * Corrects a record: updates the changed fields, bumps its version and keeps the previous
 * values in its public history, with an audit entry and its alert, all in one transaction. A version
 * other than the current one, or a withdrawn record, is a conflict and changes nothing;
 * fields that all equal the stored ones are refused as nothing to change.
 */
export async function amendRecord(
  database: SiteDatabase,
  kind: RecordKind,
  id: number,
  amendment: Amendment,
): Promise<RecordChangeOutcome> {
  return writeTransaction(database, async (transaction): Promise<RecordChangeOutcome> => {
    const found = await changeable(transaction, kind, id);
    if (!('stored' in found)) return found;
    const { stored } = found;
    if (stored.version !== amendment.version) {
      return {
        ok: false,
        status: 409,
        code: 'CHANGED_MEANWHILE',
        message: staleVersionMessage(stored.version),
      };
    }
    const changes: FieldChange[] = kind.fields.flatMap((spec) => {
      if (!Object.hasOwn(amendment.fields, spec.name)) return [];
      const before = stored[spec.name] ?? null;
      const after = amendment.fields[spec.name] ?? null;
      return before === after ? [] : [{ field: spec.name, before, after }];
    });
    if (changes.length === 0)
      return { ok: false, status: 400, code: 'NOTHING_TO_CHANGE', message: NOTHING_TO_CHANGE };
    const when = amendment.at ?? new Date();
    const at = toCreated(when);
    const version = stored.version + 1;
    const specs = changes.map((change) => kind.fields.find((spec) => spec.name === change.field)!);
    await sql`UPDATE ${sql.table(kind.collection)} SET ${sql.join(
      specs.map(
        (spec, index) =>
          sql`${sql.ref(spec.name)} = ${toColumnValue(kind, spec, changes[index]!.after)}`,
      ),
    )}, version = ${version}, updated = ${at} WHERE id = ${id}`.execute(transaction.db);
    await addHistory(transaction, {
      kind,
      id,
      version,
      at,
      actor: amendment.actor,
      action: 'amended',
      reason: amendment.reason,
      changes,
    });
    await queueAlert(transaction, { kind, recordId: id, version, event: 'amended', at: when });
    await writeAudit(transaction, {
      action: 'record-amended',
      actor: amendment.actor,
      address: amendment.address,
      detail: {
        collection: kind.collection,
        id,
        version,
        reason: amendment.reason,
        changes,
        ...(amendment.role ? { role: amendment.role } : {}),
      },
    });
    return { ok: true, record: (await findRecordDetail(transaction, kind, id))! };
  });
}

/**
 * Takes a record out of the public lists, counts and searches (the table's triggers do
 * that when withdrawn_at is set) while its permalink stays, marked withdrawn with the date
 * and reason; history and audit entry in the same transaction. Withdrawing twice is a conflict.
 */
export async function withdrawRecord(
  database: SiteDatabase,
  kind: RecordKind,
  id: number,
  { reason, actor, address, role, at: when = new Date() }: ChangeAuthor & { reason: string },
): Promise<RecordChangeOutcome> {
  return writeTransaction(database, async (transaction): Promise<RecordChangeOutcome> => {
    const found = await changeable(transaction, kind, id);
    if (!('stored' in found)) return found;
    const at = toCreated(when);
    const version = found.stored.version + 1;
    await sql`UPDATE ${sql.table(kind.collection)}
        SET withdrawn_at = ${at}, withdrawal_reason = ${reason}, version = ${version}, updated = ${at}
        WHERE id = ${id}`.execute(transaction.db);
    await addHistory(transaction, {
      kind,
      id,
      version,
      at,
      actor,
      action: 'withdrawn',
      reason,
      changes: [],
    });
    await queueAlert(transaction, { kind, recordId: id, version, event: 'withdrawn', at: when });
    await writeAudit(transaction, {
      action: 'record-withdrawn',
      actor,
      address,
      detail: { collection: kind.collection, id, version, reason, ...(role ? { role } : {}) },
    });
    return { ok: true, record: (await findRecordDetail(transaction, kind, id))! };
  });
}
