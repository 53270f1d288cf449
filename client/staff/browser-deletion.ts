import { DELETION_REFUSALS, type DeletionOutcome } from '../../shared/deletion.ts';
import { apiError, refusalCode, sendJson } from '../api-client.ts';

/**
 * Posts a deletion (POST …/deletion with the reason) and answers what the page shows:
 * deleted, or the API's refusal by its code (INVALID_INPUT, NOT_PERMITTED, NO_SUCH_ITEM).
 */
export async function sendDeletion(
  path: string,
  deletion: { reason: string },
  csrfToken: string,
): Promise<DeletionOutcome> {
  const { status, body } = await sendJson('POST', path, csrfToken, deletion);
  if (status === 200) return { ok: true, id: (body as { id: string }).id };
  // Answers without a code (a token from another session, an id the route's schema
  // refuses) are read as the page always worded them.
  const code = refusalCode(DELETION_REFUSALS, status, body, {
    400: 'INVALID_INPUT',
    403: 'NOT_PERMITTED',
    404: 'NO_SUCH_ITEM',
  });
  if (!code || (status !== 400 && status !== 403 && status !== 404)) throw apiError(status, body);
  const error = body as { message?: string; errors?: { reason?: string } } | null;
  return {
    ok: false,
    status,
    code,
    message: error?.message ?? `Request failed with status ${status}`,
    fieldErrors: error?.errors ?? {},
  };
}
