import type { FastifyBaseLogger } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  addNews,
  amendNews,
  deleteNews,
  findNews,
  listNewsPage,
  newsHistory,
  seedNewsOnce,
  staffNewsList,
  withdrawNews,
  type NewsAuthor,
  type NewsWriteOutcome,
  type RenderedNews,
  type StoredNews,
} from '../../db/news/news-queries.ts';
import type { NewsItem } from '../../shared/content-types.ts';
import type { DeletionOutcome } from '../../shared/deletion.ts';
import {
  formatNewsDate,
  NEWS_LIMITS,
  validateNewsInput,
  type NewsAmendment,
  type NewsDetail,
  type NewsErrors,
  type NewsInput,
  type NewsOutcome,
  type NewsPage,
  type StaffNewsItem,
  STAFF_NEWS_LIMIT,
} from '../../shared/news/news.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import { renderNewsMarkdown, summaryOf, type MarkdownRefusal } from '../../shared/markdown.ts';
import { MARKDOWN_MAX_DEPTH } from '../../shared/markdown-depth.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { loadNewsToSeed } from '../content/load.ts';
import { deleteForReason } from '../http/deletion.ts';

/** An item as its permalink and the read API show it: the HTML stored with it, and its history. */
export async function newsDetail(
  database: SiteDatabase,
  id: string,
): Promise<NewsDetail | undefined> {
  const stored = await findNews(database, id);
  if (!stored) return undefined;
  return {
    id: stored.id,
    title: stored.title,
    date: stored.date,
    summary: stored.summary,
    picture: stored.picture,
    status: stored.status,
    version: stored.version,
    created: stored.created,
    updated: stored.updated,
    withdrawn: stored.withdrawn,
    html: stored.html,
    history: await newsHistory(database, id),
  };
}

/** The content API's older shape of an item (GET /api/content/news/:id and parts/news). */
export function contentNewsItem(stored: StoredNews): NewsItem {
  return {
    id: stored.id,
    title: stored.title,
    date: formatNewsDate(stored.date),
    picture: stored.picture,
    summary: stored.summary,
    text: stored.html,
  };
}

/** Copies content/news.json into an empty news table, once per database (see seedNewsOnce). */
export async function seedNews(
  database: SiteDatabase,
  contentDir: string,
  at: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const copied = await seedNewsOnce(database, await loadNewsToSeed(contentDir), at);
  if (copied !== null)
    log.info(`copied ${copied} news items from content/news.json into the database`);
}

type Refusal = Extract<NewsOutcome, { ok: false }>;

function badInput(fieldErrors: NewsErrors): Refusal {
  const message = [...new Set(Object.values(fieldErrors))].join(' ');
  return { ok: false, status: 400, code: 'INVALID_INPUT', message, fieldErrors };
}

async function answer(
  database: SiteDatabase,
  outcome: Promise<NewsWriteOutcome>,
): Promise<NewsOutcome> {
  const written = await outcome;
  if (written.ok) return { ok: true, item: (await newsDetail(database, written.id))! };
  const { status, code, message, field } = written;
  return { ok: false, status, code, message, fieldErrors: field ? { [field]: message } : {} };
}

/** The words of the service's refusals: the API's, in English; a staff page shows its own language. */
export const API_WORDS = staffText('en');

/**
 * Why the renderer refused a text, in the words validateNewsInput uses for the same bounds
 * (it checks them first, so a staff page words the refusal in its own language too).
 */
function textRefusal(refusal: MarkdownRefusal): string {
  return refusal === 'tooLong'
    ? API_WORDS('staff.news.error.tooLong', {
        label: API_WORDS('staff.news.error.label.text'),
        max: NEWS_LIMITS.text,
      })
    : API_WORDS('staff.news.error.tooDeep', { max: MARKDOWN_MAX_DEPTH });
}

/**
 * Checks what staff sent (the JSON API after its schema, the no-JavaScript form as typed),
 * renders the text once, here, for the pages to serve, and fills in a missing summary from
 * it. A text that does not render is refused like any other field, so nothing is stored.
 */
function checked(
  input: Partial<Record<keyof NewsInput, unknown>>,
): { ok: true; value: RenderedNews } | { ok: false; errors: NewsErrors } {
  const result = validateNewsInput(input, API_WORDS);
  if (!result.ok) return result;
  const { value } = result;
  const rendered = renderNewsMarkdown(value.text);
  if (!rendered.ok) return { ok: false, errors: { text: textRefusal(rendered.refusal) } };
  return {
    ok: true as const,
    value: { ...value, html: rendered.html, summary: value.summary || summaryOf(value.text) },
  };
}

export async function addNewsAsStaff(
  database: SiteDatabase,
  input: Partial<Record<keyof NewsInput, unknown>>,
  author: NewsAuthor,
): Promise<NewsOutcome> {
  const result = checked(input);
  if (!result.ok) return badInput(result.errors);
  return answer(database, addNews(database, result.value, author));
}

export async function amendNewsAsStaff(
  database: SiteDatabase,
  id: string,
  input: Partial<Record<keyof NewsAmendment, unknown>>,
  author: NewsAuthor,
): Promise<NewsOutcome> {
  const errors: NewsErrors = {};
  const result = checked(input);
  if (!result.ok) Object.assign(errors, result.errors);
  const reason = checkReason(input.reason);
  if (!reason.ok) errors.reason = reason.message;
  const version = Number(input.version);
  if (!Number.isSafeInteger(version) || version < 1)
    errors.version = 'Send the version of the item you are changing, a whole number from 1.';
  if (!result.ok || !reason.ok || errors.version) return badInput(errors);
  return answer(
    database,
    amendNews(database, id, { values: result.value, reason: reason.reason, version }, author),
  );
}

export async function withdrawNewsAsStaff(
  database: SiteDatabase,
  id: string,
  input: { reason?: unknown },
  author: NewsAuthor,
): Promise<NewsOutcome> {
  const reason = checkReason(input.reason);
  if (!reason.ok) return badInput({ reason: reason.message });
  return answer(database, withdrawNews(database, id, reason.reason, author));
}

/** Deletes an item posted by mistake; the author holds the administrator's role (shared/deletion.ts). */
export async function deleteNewsAsStaff(
  database: SiteDatabase,
  id: string,
  input: { reason?: unknown },
  author: NewsAuthor,
): Promise<DeletionOutcome> {
  return deleteForReason(id, input.reason, async (reason) =>
    deleteNews(database, id, reason, author),
  );
}

export async function staffNewsItems(database: SiteDatabase): Promise<StaffNewsItem[]> {
  return (await staffNewsList(database, STAFF_NEWS_LIMIT)).map(
    ({ created: _created, updated: _updated, withdrawn: _withdrawn, ...item }) => item,
  );
}

/** A page of /news; a page number past the end gives the last page's number with no items. */
export async function newsPageOf(database: SiteDatabase, page: number): Promise<NewsPage> {
  return listNewsPage(database, Number.isSafeInteger(page) && page >= 1 ? page : 1);
}
