import type { FastifyRequest } from 'fastify';
import type { AddRecordOutcome } from '../../client/staff/staff-services.ts';
import { recordAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { insertRecord } from '../../db/record-queries.ts';
import { validateRecord } from '../../shared/record-validation.ts';
import type { StaffUser } from '../../db/staff-accounts.ts';

/**
 * Validates and stores one record for a signed-in staff member, and audits it in the same
 * transaction. The outcome is only a success once both are committed.
 */
export async function addRecordAsStaff(
  database: AppDatabase,
  request: FastifyRequest,
  user: StaffUser,
  collection: string,
  input: unknown,
): Promise<AddRecordOutcome> {
  const kind = kindByCollection(collection);
  if (!kind) {
    return {
      ok: false,
      status: 404,
      message: `There is no record type "${collection}".`,
      fieldErrors: {},
    };
  }
  const validation = validateRecord(kind, input);
  if (!validation.ok) {
    const messages = [...new Set(Object.values(validation.errors))];
    return { ok: false, status: 400, message: messages.join(' '), fieldErrors: validation.errors };
  }
  // The record, the counters its triggers keep and its audit entry commit together or not
  // at all: a crash or a failed audit insert never leaves an unaudited record.
  const record = database.sqlite
    .transaction(() => {
      const stored = insertRecord(database, kind, validation.value);
      recordAudit(database, {
        action: 'record-added',
        actor: user.email,
        address: request.ip,
        detail: { collection: kind.collection, id: stored.id, fields: validation.value },
      });
      return stored;
    })
    .immediate();
  request.log.info(
    { collection: kind.collection, id: record.id, staff: user.email },
    'record added',
  );
  return { ok: true, record };
}
