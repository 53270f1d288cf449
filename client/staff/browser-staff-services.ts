import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { RecentRecord, RecordDetail } from '../../shared/records/record-detail.ts';
import type { FieldErrors } from '../../shared/records/record-validation.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { apiError, getJson, refusalCode, sendJson } from '../api-client.ts';
import { browserNewsStaffServices } from '../news/browser-news-services.ts';
import {
  ADD_RECORD_REFUSALS,
  IDEMPOTENCY_KEY_HEADER,
  RECORD_CHANGE_REFUSALS,
  SIGN_IN_REFUSALS,
  type AddRecordOutcome,
  type RecordChangeOutcome,
  type StaffServices,
} from '../../shared/staff-services.ts';

type ErrorBody = { message?: string; errors?: FieldErrors } | null;

/** The refusals a page words, by status; the code says why. */
const REFUSAL_STATUSES = new Set([400, 403, 404, 409]);

/** A change's answer: the record as it now stands, or the refusal the page shows. */
function changeOutcome(status: number, body: unknown): RecordChangeOutcome {
  if (status === 200) return { ok: true, record: body as RecordDetail };
  // A token from another session is the app's refusal, without a code: the page's failure.
  const code = refusalCode(RECORD_CHANGE_REFUSALS, status, body, { 400: 'INVALID_INPUT' });
  if (!code || !REFUSAL_STATUSES.has(status)) throw apiError(status, body);
  const error = body as ErrorBody;
  return {
    ok: false,
    status: status as Extract<RecordChangeOutcome, { ok: false }>['status'],
    code,
    message: error?.message ?? 'The record was not changed.',
    fieldErrors: error?.errors ?? {},
  };
}

function recordPath(collection: string, id: number): string {
  return `/api/records/${encodeURIComponent(collection)}/${id}`;
}

/** The staff services in the browser: the session and write endpoints of the JSON API. */
export const browserStaffServices: StaffServices = {
  ...browserNewsStaffServices,
  staffSession: () => getJson('/api/session'),

  async signIn(credentials, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/session', csrfToken, credentials);
    if (status === 200) return { ok: true, roles: (body as { roles: StaffRole[] }).roles };
    const code = refusalCode(SIGN_IN_REFUSALS, status, body);
    if (code && (status === 401 || status === 429 || status === 503)) {
      return { ok: false, status, code, message: (body as ErrorBody)?.message ?? '' };
    }
    throw apiError(status, body);
  },

  async signOut(csrfToken) {
    const { status, body } = await sendJson('DELETE', '/api/session', csrfToken);
    if (status !== 204) throw apiError(status, body);
  },

  async addRecord(collection, fields, csrfToken, formKey) {
    const { status, body } = await sendJson(
      'POST',
      `/api/records/${encodeURIComponent(collection)}`,
      csrfToken,
      fields,
      formKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: formKey },
    );
    if (status === 201 || status === 200) {
      return { ok: true, record: body as ProcurementRecord, alreadyStored: status === 200 };
    }
    // An unknown type's address is the API's 404, without a code.
    const code = refusalCode(ADD_RECORD_REFUSALS, status, body, {
      400: 'INVALID_INPUT',
      404: 'NO_SUCH_KIND',
    });
    if (!code || !REFUSAL_STATUSES.has(status)) throw apiError(status, body);
    const error = body as ErrorBody;
    return {
      ok: false,
      status: status as Extract<AddRecordOutcome, { ok: false }>['status'],
      code,
      message: error?.message ?? 'The record was not added.',
      fieldErrors: error?.errors ?? {},
    };
  },
  async amendRecord(collection, id, amendment, csrfToken) {
    const { status, body } = await sendJson(
      'PATCH',
      recordPath(collection, id),
      csrfToken,
      amendment,
    );
    return changeOutcome(status, body);
  },

  async withdrawRecord(collection, id, withdrawal, csrfToken) {
    const { status, body } = await sendJson(
      'POST',
      `${recordPath(collection, id)}/withdrawal`,
      csrfToken,
      withdrawal,
    );
    return changeOutcome(status, body);
  },

  recentRecords: (limit) =>
    getJson<RecentRecord[]>(
      `/api/staff/recent-records${limit === undefined ? '' : `?limit=${limit}`}`,
    ),
};
