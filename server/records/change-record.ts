import type { FastifyRequest } from 'fastify';
import type { RecordAmendment, RecordChangeOutcome } from '../../shared/staff-services.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { amendRecord, NO_SUCH_RECORD, withdrawRecord } from '../../db/records/record-amendments.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';
import { checkReason, validateFieldUpdates } from '../../shared/records/record-validation.ts';
import { roleUsed } from '../../shared/staff-roles.ts';

// The page actions (forms without JavaScript) call these directly, not through the API's
// schemas, so everything is checked here again.

type Refusal = Extract<RecordChangeOutcome, { ok: false }>;

function refused(
  status: Refusal['status'],
  code: Refusal['code'],
  message: string,
  fieldErrors: Record<string, string> = {},
): Refusal {
  return { ok: false, status, code, message, fieldErrors };
}

function badInput(fieldErrors: Record<string, string>): Refusal {
  const message = [...new Set(Object.values(fieldErrors))].join(' ');
  return refused(400, 'INVALID_INPUT', message, fieldErrors);
}

export const VERSION_MESSAGE =
  'Send the version of the record you are changing, a whole number from 1.';

function kindOf(collection: string): RecordKind | Refusal {
  return (
    kindByCollection(collection) ??
    refused(404, 'NO_SUCH_KIND', `There is no record type "${collection}".`)
  );
}

function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1;
}

/** Who changes a record, for its history and the audit entry, and when (the app's clock). */
function bacAuthor(request: FastifyRequest, user: StaffUser) {
  return {
    actor: user.email,
    address: request.ip,
    role: roleUsed(user.roles, 'bac'),
    at: request.server.clock.now(),
  };
}

/** Corrects a record for a signed-in staff member: checked, then stored with history and audit in one transaction. */
export async function amendRecordAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  collection: string,
  id: number,
  input: RecordAmendment,
): Promise<RecordChangeOutcome> {
  const kind = kindOf(collection);
  if (!('fields' in kind)) return kind;
  if (!isRecordId(id)) return refused(404, 'NO_SUCH_RECORD', NO_SUCH_RECORD);
  const errors: Record<string, string> = {};
  const reason = checkReason(input.reason);
  if (!reason.ok) errors.reason = reason.message;
  if (!Number.isSafeInteger(input.version) || input.version < 1) errors.version = VERSION_MESSAGE;
  const fields = validateFieldUpdates(kind, input.fields);
  if (!fields.ok) Object.assign(errors, fields.errors);
  if (!reason.ok || !fields.ok || errors.version) return badInput(errors);
  const outcome = await amendRecord(database, kind, id, {
    fields: fields.value,
    reason: reason.reason,
    version: input.version,
    ...bacAuthor(request, user),
  });
  if (!outcome.ok) return refused(outcome.status, outcome.code, outcome.message);
  request.log.info(
    { collection, id, version: outcome.record.version, staff: user.email },
    'record amended',
  );
  return outcome;
}

/** Withdraws a record for a signed-in staff member, with history and audit in one transaction. */
export async function withdrawRecordAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  collection: string,
  id: number,
  input: { reason: string },
): Promise<RecordChangeOutcome> {
  const kind = kindOf(collection);
  if (!('fields' in kind)) return kind;
  if (!isRecordId(id)) return refused(404, 'NO_SUCH_RECORD', NO_SUCH_RECORD);
  const reason = checkReason(input.reason);
  if (!reason.ok) return badInput({ reason: reason.message });
  const outcome = await withdrawRecord(database, kind, id, {
    reason: reason.reason,
    ...bacAuthor(request, user),
  });
  if (!outcome.ok) return refused(outcome.status, outcome.code, outcome.message);
  request.log.info({ collection, id, staff: user.email }, 'record withdrawn');
  return outcome;
}
