import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { RecentRecord, RecordDetail } from '../../shared/records/record-detail.ts';
import type { FieldErrors } from '../../shared/records/record-validation.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { ApiError, getJson, sendJson } from '../api-client.ts';
import { browserNewsStaffServices } from '../news/browser-news-services.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  type RecordChangeOutcome,
  type StaffServices,
} from '../../shared/staff-services.ts';

type ErrorBody = { message?: string; errors?: FieldErrors } | null;

function failure(status: number, body: unknown): never {
  throw new ApiError(
    status,
    (body as ErrorBody)?.message ?? `Request failed with status ${status}`,
  );
}

/** A change's answer: the record as it now stands, or the refusal the page shows. */
function changeOutcome(status: number, body: unknown): RecordChangeOutcome {
  if (status === 200) return { ok: true, record: body as RecordDetail };
  if (status === 400 || status === 404 || status === 409) {
    const error = body as { message?: string; errors?: Record<string, string> } | null;
    return {
      ok: false,
      status,
      message: error?.message ?? 'The record was not changed.',
      fieldErrors: error?.errors ?? {},
    };
  }
  return failure(status, body);
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
    if (status === 401 || status === 429 || status === 503) {
      return { ok: false, status, message: (body as ErrorBody)?.message ?? 'Wrong Credentials' };
    }
    return failure(status, body);
  },

  async signOut(csrfToken) {
    const { status, body } = await sendJson('DELETE', '/api/session', csrfToken);
    if (status !== 204) failure(status, body);
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
    if (status === 400 || status === 404 || status === 409) {
      const error = body as ErrorBody;
      return {
        ok: false,
        status,
        message: error?.message ?? 'The record was not added.',
        fieldErrors: error?.errors ?? {},
      };
    }
    return failure(status, body);
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
