import type { Html, Picture } from '../content-types.ts';
import type { DeletionOutcome } from '../deletion.ts';
import { monthFromName, parseManilaDate } from '../manila-time.ts';
import { MARKDOWN_MAX_DEPTH, markdownDepth } from '../markdown-depth.ts';
import { INTL_LOCALES, type Lang } from '../i18n/languages.ts';
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import type { StaffText } from '../i18n/staff-text.ts';

/*
 * News items as pages, the read API and the staff forms see them. The item's date is a
 * Manila calendar day (YYYY-MM-DD); its text is Markdown the server turns into HTML
 * once, when it is saved (shared/markdown.ts), so neither a request nor the browser renders
 * Markdown.
 */

/** Items on one page of /news. */
export const NEWS_PAGE_SIZE = 10;
/** Items the home page shows. */
export const HOME_NEWS_COUNT = 3;

export type NewsStatus = 'published' | 'withdrawn';

/** What a card on /news or the home page shows. */
export interface NewsSummary {
  id: string;
  title: string;
  /** The Manila calendar day the item is dated, YYYY-MM-DD. */
  date: string;
  summary: string;
  picture: Picture;
}

export interface NewsPage {
  items: NewsSummary[];
  page: number;
  pages: number;
  total: number;
}

/** The fields an amendment can change, as history names them. */
export const NEWS_FIELDS = ['title', 'date', 'summary', 'text', 'picture', 'alt'] as const;
export type NewsField = (typeof NEWS_FIELDS)[number];

export interface NewsChange {
  field: NewsField;
  before: string;
  after: string;
}

/** One step of an item's public history, oldest first, like a procurement record's. */
export interface NewsHistoryEntry {
  version: number;
  at: string;
  action: 'amended' | 'withdrawn';
  reason: string;
  changes: NewsChange[];
}

/** One item as its permalink shows it, withdrawn ones included. */
export interface NewsDetail extends NewsSummary {
  html: Html;
  status: NewsStatus;
  version: number;
  created: string;
  updated: string;
  withdrawn: { at: string; reason: string } | null;
  history: NewsHistoryEntry[];
}

/** What staff write: `picture` is the id `POST /api/pictures` answered. */
export interface NewsInput {
  title: string;
  date: string;
  /** Optional: left empty, the first words of the text are used. */
  summary?: string;
  text: string;
  picture: number;
  alt: string;
}

export interface NewsAmendment extends NewsInput {
  reason: string;
  version: number;
}

/** One line of the staff list, with the Markdown so it can be edited. */
export interface StaffNewsItem extends NewsSummary {
  text: string;
  pictureId: number;
  status: NewsStatus;
  version: number;
}

export type NewsErrors = Partial<Record<keyof NewsAmendment, string>>;

/**
 * Why a news write changed nothing: INVALID_INPUT (400, `fieldErrors` says which),
 * NO_SUCH_PICTURE (400, the picture number names no upload), NOTHING_TO_CHANGE (400),
 * NOT_PERMITTED (403, no information role), NO_SUCH_ITEM (404), CHANGED_MEANWHILE (409,
 * made against an older version) and ALREADY_WITHDRAWN (409).
 */
export const NEWS_REFUSALS = [
  'INVALID_INPUT',
  'NO_SUCH_PICTURE',
  'NOTHING_TO_CHANGE',
  'NOT_PERMITTED',
  'NO_SUCH_ITEM',
  'CHANGED_MEANWHILE',
  'ALREADY_WITHDRAWN',
] as const;
export type NewsRefusalCode = (typeof NEWS_REFUSALS)[number];

/**
 * Each refusal's words on the staff page (value: NO_SUCH_PICTURE's `number`). INVALID_INPUT's
 * are the page's own check of what was typed; its key here is for when that finds nothing.
 */
export const NEWS_REFUSAL_KEYS: Record<NewsRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.news.refused.failed',
  NO_SUCH_PICTURE: 'staff.news.refused.noPicture',
  NOTHING_TO_CHANGE: 'staff.news.refused.unchanged',
  NOT_PERMITTED: 'staff.news.forbidden',
  NO_SUCH_ITEM: 'staff.news.refused.noItem',
  CHANGED_MEANWHILE: 'staff.news.refused.changed',
  ALREADY_WITHDRAWN: 'staff.news.refused.changed',
};

/** A write's answer: the item as it now stands, or why nothing changed (the code for pages, the message and field errors in English). */
export type NewsOutcome =
  | { ok: true; item: NewsDetail }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      code: NewsRefusalCode;
      message: string;
      fieldErrors: NewsErrors;
    };

export const NEWS_LIMITS = { title: 200, summary: 400, text: 20_000, alt: 300 } as const;

/** Length in characters as people count them (code points), after trimming. */
const length = (text: string) => [...text].length;

/**
 * Checks what staff typed; the API's schema and the no-JavaScript form both end here, so
 * they refuse the same things with the same words, in the language `t` gives (the API's
 * English, a staff page's own). Texts come back trimmed and NFC.
 */
export function validateNewsInput(
  input: Partial<Record<keyof NewsInput, unknown>>,
  t: StaffText,
): { ok: true; value: Required<NewsInput> } | { ok: false; errors: NewsErrors } {
  const errors: NewsErrors = {};
  const text = (name: 'title' | 'summary' | 'text' | 'alt', required: boolean) => {
    const value = typeof input[name] === 'string' ? input[name].normalize('NFC').trim() : '';
    const label = t(`staff.news.error.label.${name}`);
    if (required && value === '') errors[name] = t('staff.news.error.required', { label });
    else if (length(value) > NEWS_LIMITS[name])
      errors[name] = t('staff.news.error.tooLong', { label, max: NEWS_LIMITS[name] });
    // The renderer's other bound, checked before it parses (shared/markdown.ts).
    else if (name === 'text' && markdownDepth(value) > MARKDOWN_MAX_DEPTH)
      errors[name] = t('staff.news.error.tooDeep', { max: MARKDOWN_MAX_DEPTH });
    return value;
  };
  const title = text('title', true);
  const summary = text('summary', false);
  const body = text('text', true);
  const alt = text('alt', true);
  const date = typeof input.date === 'string' ? input.date.trim() : '';
  if (!parseManilaDate(date).ok) errors.date = t('staff.news.error.date');
  const picture = Number(input.picture);
  if (input.picture === undefined || input.picture === '' || input.picture === null)
    errors.picture = t('staff.news.error.pictureMissing');
  else if (!Number.isSafeInteger(picture) || picture < 1)
    errors.picture = t('staff.news.error.pictureId');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { title, date, summary, text: body, picture, alt } };
}

/** "2025-05-16" as "May 16, 2025", the way the original site dated its news. */
export function formatNewsDate(date: string, lang: Lang = 'en'): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * A date as content/news.json writes it, "May 16, 2025" or 2025-05-16, as YYYY-MM-DD;
 * undefined when it is neither or no real day.
 */
export function newsDateFromText(text: string): string | undefined {
  const spelt = /^([A-Za-z]+)\.? (\d{1,2}), (\d{4})$/.exec(text.trim());
  const month = spelt ? monthFromName(spelt[1]!) : undefined;
  const iso =
    spelt && month
      ? `${spelt[3]}-${String(month).padStart(2, '0')}-${spelt[2]!.padStart(2, '0')}`
      : text.trim();
  return parseManilaDate(iso).ok ? iso : undefined;
}

/** The news part of the staff services (shared/staff-services.ts); on the server each call checks the `information` role. */
export interface NewsStaffServices {
  /** Every item, withdrawn ones included, newest first, with its Markdown for editing. */
  staffNews(): Promise<StaffNewsItem[]>;
  addNews(input: NewsInput, csrfToken: string): Promise<NewsOutcome>;
  amendNews(id: string, amendment: NewsAmendment, csrfToken: string): Promise<NewsOutcome>;
  withdrawNews(id: string, withdrawal: { reason: string }, csrfToken: string): Promise<NewsOutcome>;
  /** The administrator's alone (shared/deletion.ts). */
  deleteNews(id: string, deletion: { reason: string }, csrfToken: string): Promise<DeletionOutcome>;
}

/** The news part of the public services (shared/app-services.ts). */
export interface NewsPublicServices {
  newsPage(page: number): Promise<NewsPage>;
  /** One item as its permalink shows it, withdrawn ones included; undefined for an unknown id. */
  newsDetail(id: string): Promise<NewsDetail | undefined>;
}

/** How many items the staff list shows. */
export const STAFF_NEWS_LIMIT = 100;

/** The staff page for news (client/staff/staff-pages.ts lists it with the others). */
export const STAFF_NEWS_PATH = '/staff/news';

/** Where the staff page's picture form posts (multipart, without JavaScript). */
export const STAFF_PICTURE_FORM_PATH = '/staff/news/picture';

/** What the picture form sends back to /staff/news in `?upload=`, when no picture was stored: the page's words for each. */
export const PICTURE_UPLOAD_FAILURES = {
  missing: 'staff.news.upload.missing',
  unsupported: 'staff.news.upload.unsupported',
  'too-large': 'staff.news.upload.tooLarge',
  'too-many-pixels': 'staff.news.upload.tooManyPixels',
} as const satisfies Record<string, StaffMessageKey>;
export type PictureUploadFailure = keyof typeof PICTURE_UPLOAD_FAILURES;
