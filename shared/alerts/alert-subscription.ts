import { localize } from '../i18n/localized-text.ts';
import { isLang, type Lang } from '../i18n/languages.ts';
import { parseListQuery, type ProcurementRecord } from '../records/list-query.ts';
import { recordKinds, type RecordKind } from '../record-kinds.ts';

/** What the subscribe form (POST /alerts) sends, and what its checks make of it. */

export const ALL_LISTS = 'all';
export const ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export interface AlertSettings {
  /** Collections from the registry, or [ALL_LISTS]. */
  lists: string[];
  keyword: string | null;
  frequency: AlertFrequency;
}

export type AlertProblem = 'email' | 'lists' | 'keyword' | 'frequency' | 'lang';

export type ParsedAlertSettings =
  { ok: true; value: AlertSettings } | { ok: false; problems: AlertProblem[] };

/** Checks the lists, keyword and frequency of a subscribe or manage form. */
export function parseAlertSettings(form: {
  lists: readonly string[];
  keyword: string | undefined;
  frequency: string | undefined;
}): ParsedAlertSettings {
  const problems: AlertProblem[] = [];
  const known = form.lists.filter(
    (list) => list === ALL_LISTS || recordKinds.some((kind) => kind.collection === list),
  );
  if (known.length === 0 || known.length !== form.lists.length) problems.push('lists');
  // The keyword is matched as the list search matches, so it is checked by the same rules.
  const query = parseListQuery({ q: form.keyword ?? '' });
  if (!query.ok) problems.push('keyword');
  const frequency = ALERT_FREQUENCIES.find((value) => value === form.frequency);
  if (!frequency) problems.push('frequency');
  if (problems.length > 0 || !query.ok || !frequency) return { ok: false, problems };
  // "All lists" is ticked by default, so a form naming lists besides it comes from a
  // visitor who picked those lists without unticking it (no JavaScript, or before it ran):
  // the lists picked win, and "all" stands only alone.
  const picked = known.filter((list) => list !== ALL_LISTS);
  const lists = picked.length > 0 ? [...new Set(picked)] : [ALL_LISTS];
  return { ok: true, value: { lists, keyword: query.value.q || null, frequency } };
}

/**
 * The language of the e-mails, as the manage form sends it: unchanged (`current`) when the
 * form has no such field, null when it names no language of the site.
 */
export function parseAlertLang(value: string | undefined, current: Lang): Lang | null {
  if (value === undefined) return current;
  return isLang(value) ? value : null;
}

export function coversList(lists: readonly string[], collection: string): boolean {
  return lists.includes(ALL_LISTS) || lists.includes(collection);
}

/**
 * Whether a keyword matches a record as the list's search box would: a case-insensitive
 * substring of one of the kind's search fields (db/records/record-search.ts does this in SQL for
 * the lists; an alert is matched against one record it already holds).
 */
export function keywordMatches(
  kind: RecordKind,
  record: ProcurementRecord,
  keyword: string | null,
): boolean {
  if (!keyword) return true;
  const wanted = keyword.toLocaleLowerCase();
  return kind.searchFields.some((field) =>
    (record[field] ?? '').toLocaleLowerCase().includes(wanted),
  );
}

/** The bid-alert pages (/alerts and below): answered for each visitor, never from the shared cache. */
export function isAlertPagePath(path: string): boolean {
  return path === '/alerts' || path.startsWith('/alerts/');
}

/** The lists in words, in `lang`: `allLists` (the catalogue's words for all of them) or their names. */
export function describeLists(lists: readonly string[], lang: Lang, allLists: string): string {
  if (lists.includes(ALL_LISTS)) return allLists;
  return recordKinds
    .filter((kind) => lists.includes(kind.collection))
    .map((kind) => localize(kind.label, lang).text)
    .join(', ');
}

/** A subscription as its manage page shows it to the holder of its link. */
export interface AlertSubscriptionView extends AlertSettings {
  email: string;
  /** The language its e-mails are written in. */
  lang: Lang;
  confirmed: boolean;
}

/** The pages after a form: what happened, by name in the address /alerts/<outcome>. */
export const ALERT_OUTCOMES = [
  'sent',
  'unsubscribed',
  'expired',
  'too-many',
  'already-confirmed',
] as const;
export type AlertOutcome = (typeof ALERT_OUTCOMES)[number];
