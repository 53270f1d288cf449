import {
  NEWS_REFUSALS,
  type NewsDetail,
  type NewsOutcome,
  type NewsStaffServices,
  type StaffNewsItem,
} from '../../shared/news/news.ts';
import { apiError, getJson, refusalCode, sendJson } from '../api-client.ts';
import { sendDeletion } from '../staff/browser-deletion.ts';

/** A write's answer: the item as it now stands, or the refusal the page shows, by its code. */
function outcome(success: number, status: number, body: unknown): NewsOutcome {
  if (status === success) return { ok: true, item: body as NewsDetail };
  // Answers without a code are the app's own refusals (a token from another session, a
  // body that is not JSON), read as the page always worded them.
  const code = refusalCode(NEWS_REFUSALS, status, body, {
    400: 'INVALID_INPUT',
    403: 'NOT_PERMITTED',
    404: 'NO_SUCH_ITEM',
  });
  if (!code || (status !== 400 && status !== 403 && status !== 404 && status !== 409)) {
    throw apiError(status, body);
  }
  const error = body as { message?: string; errors?: Record<string, string> } | null;
  return {
    ok: false,
    status,
    code,
    message: error?.message ?? `Request failed with status ${status}`,
    fieldErrors: error?.errors ?? {},
  };
}

const itemPath = (id: string) => `/api/news/${encodeURIComponent(id)}`;

/** The news part of the staff services in the browser: the news API. */
export const browserNewsStaffServices: NewsStaffServices = {
  staffNews: () => getJson<StaffNewsItem[]>('/api/staff/news'),

  async addNews(input, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/news', csrfToken, input);
    return outcome(201, status, body);
  },

  async amendNews(id, amendment, csrfToken) {
    const { status, body } = await sendJson('PATCH', itemPath(id), csrfToken, amendment);
    return outcome(200, status, body);
  },

  async withdrawNews(id, withdrawal, csrfToken) {
    const { status, body } = await sendJson(
      'POST',
      `${itemPath(id)}/withdrawal`,
      csrfToken,
      withdrawal,
    );
    return outcome(200, status, body);
  },
  deleteNews: (id, deletion, csrfToken) =>
    sendDeletion(`${itemPath(id)}/deletion`, deletion, csrfToken),
};
