import type { FastifyRequest } from 'fastify';
import {
  ADD_RECORD_REFUSAL_KEYS,
  type AddRecordOutcome,
  type AddRecordRefusalCode,
} from '../../shared/staff-services.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { queueAlert } from '../../db/alerts/alert-outbox.ts';
import { writeAudit } from '../../db/audit-log.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { spendFormKey, spentFormKey } from '../../db/records/record-form-keys.ts';
import { findRecord, insertRecord } from '../../db/records/record-queries.ts';
import { writeTransaction } from '../../db/site-database.ts';
import { lockForTransaction } from '../../db/postgres/job-lock.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { roleUsed } from '../../shared/staff-roles.ts';
import { describeFieldErrors, validateRecord } from '../../shared/records/record-validation.ts';
import { ABSOLUTE_TIMEOUT_MS } from '../plugins/staff-session.ts';
import { isFormKeyOf } from './form-keys.ts';
import { attachNewNotice } from '../../db/procurement-projects/attach-notice.ts';
import { chosenProject } from '../procurement-projects/chosen-project.ts';

/** A refusal whose English, for the API's readers, is the staff catalogue's for its code. */
function refusal(
  status: 400 | 409,
  code: Extract<
    AddRecordRefusalCode,
    'FORM_EXPIRED' | 'FORM_KEY_SPENT' | 'FORM_KEY_SPENT_ON_OTHER_KIND'
  >,
): AddRecordOutcome {
  return {
    ok: false,
    status,
    code,
    message: staffEn[ADD_RECORD_REFUSAL_KEYS[code]],
    fieldErrors: {},
  };
}

/**
 * Validates and stores one record for a signed-in staff member, and audits it in the same
 * transaction. The outcome is only a success once both are committed. With a form key (see
 * form-keys.ts) the key is spent in that transaction too, and a key already spent answers
 * with the record it stored: a form sent twice stores one record.
 */
export async function addRecordAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  collection: string,
  input: unknown,
  formKey?: string,
): Promise<AddRecordOutcome> {
  const kind = kindByCollection(collection);
  if (!kind) {
    return {
      ok: false,
      status: 404,
      code: 'NO_SUCH_KIND',
      message: `There is no record type "${collection}".`,
      fieldErrors: {},
    };
  }
  if (formKey !== undefined && !isFormKeyOf(request.session.get('sid') ?? '', formKey)) {
    return refusal(400, 'FORM_EXPIRED');
  }
  const validation = validateRecord(kind, input);
  if (!validation.ok) {
    const message = describeFieldErrors(kind, validation);
    return {
      ok: false,
      status: 400,
      code: 'INVALID_INPUT',
      message,
      fieldErrors: validation.errors,
    };
  }
  const choice = await chosenProject(database, input);
  if (choice === undefined) {
    return {
      ok: false,
      status: 400,
      code: 'NO_SUCH_PROJECT',
      message: staffEn[ADD_RECORD_REFUSAL_KEYS.NO_SUCH_PROJECT],
      fieldErrors: {},
    };
  }
  // The record, its procurement project link, the counters its triggers keep, its alert,
  // its audit entry and the spent form key commit together or not at all: a crash or a failed audit insert never leaves an
  // unaudited record, nor a key that names no record. Two sends of one form at once store
  // one record, and the second is answered with it: SQLite's IMMEDIATE takes the write lock
  // before the key is looked up; on PostgreSQL (READ COMMITTED) a lock on the key makes the
  // second wait for the first to commit, then find the key spent (without it both found the
  // key unspent, and the primary key refused the second insert with a 500).
  // The app's clock, as every page reading `created` and the outbox's sender use.
  const now = request.server.clock.now();
  const outcome = await writeTransaction(database, async (transaction) => {
    if (formKey !== undefined) await lockForTransaction(transaction, `form-key:${formKey}`);
    const spent = formKey === undefined ? undefined : await spentFormKey(transaction, formKey);
    if (spent) {
      if (spent.collection !== kind.collection)
        return { refused: 'FORM_KEY_SPENT_ON_OTHER_KIND' as const };
      const record = await findRecord(transaction, kind, spent.recordId);
      return record ? { record, alreadyStored: true } : { refused: 'FORM_KEY_SPENT' as const };
    }
    const stored = await insertRecord(transaction, kind, validation.value, now);
    const projectId = await attachNewNotice(
      transaction,
      { kind, id: stored.id, values: validation.value },
      choice,
      now,
    );
    await queueAlert(transaction, {
      kind,
      recordId: stored.id,
      version: 1,
      event: 'posted',
      at: now,
    });
    await writeAudit(transaction, {
      action: 'record-added',
      actor: user.email,
      address: request.ip,
      detail: {
        collection: kind.collection,
        id: stored.id,
        fields: validation.value,
        project: projectId,
        role: roleUsed(user.roles, 'bac'),
      },
    });
    if (formKey !== undefined) {
      await spendFormKey(
        transaction,
        { formKey, accountId: user.id, collection: kind.collection, recordId: stored.id },
        { now: now.getTime(), keepMs: ABSOLUTE_TIMEOUT_MS },
      );
    }
    return { record: stored, alreadyStored: false };
  });
  if (outcome.refused !== undefined) return refusal(409, outcome.refused);
  const { record, alreadyStored } = outcome;
  request.log.info(
    { collection: kind.collection, id: record.id, staff: user.email },
    alreadyStored ? 'record already added by this form' : 'record added',
  );
  return { ok: true, record, alreadyStored };
}
