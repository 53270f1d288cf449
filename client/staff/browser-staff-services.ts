import type { ProcurementRecord } from '../../shared/list-query.ts';
import type { FieldErrors } from '../../shared/record-validation.ts';
import { ApiError, getJson, sendJson } from '../api-client.ts';
import type { StaffServices } from './staff-services.ts';

type ErrorBody = { message?: string; errors?: FieldErrors } | null;

function failure(status: number, body: unknown): never {
  throw new ApiError(
    status,
    (body as ErrorBody)?.message ?? `Request failed with status ${status}`,
  );
}

/** The staff services in the browser: the session and write endpoints of the JSON API. */
export const browserStaffServices: StaffServices = {
  staffSession: () => getJson('/api/session'),

  async signIn(credentials, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/session', csrfToken, credentials);
    if (status === 200) return { ok: true };
    if (status === 401 || status === 429 || status === 503) {
      return { ok: false, status, message: (body as ErrorBody)?.message ?? 'Wrong Credentials' };
    }
    return failure(status, body);
  },

  async signOut(csrfToken) {
    const { status, body } = await sendJson('DELETE', '/api/session', csrfToken);
    if (status !== 204) failure(status, body);
  },

  async addRecord(collection, fields, csrfToken) {
    const { status, body } = await sendJson(
      'POST',
      `/api/records/${encodeURIComponent(collection)}`,
      csrfToken,
      fields,
    );
    if (status === 201) return { ok: true, record: body as ProcurementRecord };
    if (status === 400 || status === 404) {
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
};
