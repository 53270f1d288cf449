import type { DeletionOutcome } from '../../shared/deletion.ts';
import { ApiError, sendJson } from '../api-client.ts';

/**
 * Posts a deletion (POST …/deletion with the reason) and answers what the page shows:
 * deleted, or the API's refusal (400 reason, 403 not an administrator, 404 already gone).
 */
export async function sendDeletion(
  path: string,
  deletion: { reason: string },
  csrfToken: string,
): Promise<DeletionOutcome> {
  const { status, body } = await sendJson('POST', path, csrfToken, deletion);
  if (status === 200) return { ok: true, id: (body as { id: string }).id };
  const error = body as { message?: string; errors?: { reason?: string } } | null;
  const message = error?.message ?? `Request failed with status ${status}`;
  if (status === 400 || status === 403 || status === 404) {
    return { ok: false, status, message, fieldErrors: error?.errors ?? {} };
  }
  throw new ApiError(status, message);
}
