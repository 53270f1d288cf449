import type { FastifyRequest } from 'fastify';
import type { AddRecordOutcome } from '../../client/staff/staff-services.ts';
import { writeAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { kindByCollection } from '../../db/record-kinds.ts';
import { insertRecord } from '../../db/record-queries.ts';
import { validateRecord } from '../../db/record-validation.ts';
import type { StaffUser } from '../../db/staff-accounts.ts';

/**
 * Validates and stores one record for a signed-in staff member, and audits it. The
 * outcome is only a success once the row is committed.
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
  const record = insertRecord(database, kind, validation.value);
  await writeAudit(database, {
    action: 'record-added',
    actor: user.email,
    address: request.ip,
    detail: { collection: kind.collection, id: record.id, fields: validation.value },
  });
  request.log.info(
    { collection: kind.collection, id: record.id, staff: user.email },
    'record added',
  );
  return { ok: true, record };
}
