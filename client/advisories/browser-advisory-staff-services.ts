import {
  ADVISORY_REFUSALS,
  type Advisory,
  type AdvisoryOutcome,
  type AdvisoryStaffServices,
} from '../../shared/advisories/advisories.ts';
import { apiError, getJson, refusalCode, sendJson } from '../api-client.ts';
import { sendDeletion } from '../staff/browser-deletion.ts';

/**
 * A write's answer: the advisory as it now stands, or the refusal the page shows, by its
 * code. A missing role (403) or session (401) throws, as the services on the server do.
 */
function outcomeOf(status: number, body: unknown): AdvisoryOutcome {
  if (status === 200 || status === 201) return { ok: true, advisory: body as Advisory };
  // An id the route's schema refuses is its 404, without a code.
  const code = refusalCode(ADVISORY_REFUSALS, status, body, {
    400: 'INVALID_INPUT',
    404: 'NO_SUCH_ADVISORY',
  });
  if (!code || (status !== 400 && status !== 404 && status !== 409)) throw apiError(status, body);
  const error = body as { message?: string; errors?: Record<string, string> } | null;
  return {
    ok: false,
    status,
    code,
    message: error?.message ?? 'The advisory was not saved.',
    fieldErrors: error?.errors ?? {},
  };
}

/** The advisory staff services in the browser: the JSON API (loaded on a staff page's first call). */
export const browserAdvisoryStaffServices: AdvisoryStaffServices = {
  staffAdvisories: () => getJson('/api/staff/advisories'),
  async postAdvisory(input, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/advisories', csrfToken, input);
    return outcomeOf(status, body);
  },
  async amendAdvisory(id, amendment, csrfToken) {
    const { status, body } = await sendJson('PATCH', `/api/advisories/${id}`, csrfToken, amendment);
    return outcomeOf(status, body);
  },
  async endAdvisory(id, end, csrfToken) {
    const { status, body } = await sendJson('POST', `/api/advisories/${id}/end`, csrfToken, end);
    return outcomeOf(status, body);
  },
  deleteAdvisory: (id, deletion, csrfToken) =>
    sendDeletion(`/api/advisories/${id}/deletion`, deletion, csrfToken),
};
