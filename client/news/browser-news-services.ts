import type {
  NewsDetail,
  NewsOutcome,
  NewsStaffServices,
  StaffNewsItem,
} from '../../shared/news/news.ts';
import { ApiError, getJson, sendJson } from '../api-client.ts';
import { sendDeletion } from '../staff/browser-deletion.ts';

/** A write's answer: the item as it now stands, or the refusal the page shows. */
function outcome(success: number, status: number, body: unknown): NewsOutcome {
  if (status === success) return { ok: true, item: body as NewsDetail };
  const error = body as { message?: string; errors?: Record<string, string> } | null;
  const message = error?.message ?? `Request failed with status ${status}`;
  // 403: an account without the role, or a token this session did not issue; the API says which.
  if (status === 400 || status === 403 || status === 404 || status === 409) {
    return { ok: false, status, message, fieldErrors: error?.errors ?? {} };
  }
  throw new ApiError(status, message);
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
