import type { AlertEvent } from '../../db/alerts/alert-outbox.ts';
import { describeLists, type AlertSettings } from '../../shared/alerts/alert-subscription.ts';
import {
  alertMailEn,
  type AlertMailMessageKey,
  type AlertMailMessages,
} from '../../shared/alerts/alert-mail-messages-en.ts';
import { alertMailFil } from '../../shared/alerts/alert-mail-messages-fil.ts';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { formatManilaDate, formatManilaDateTime } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import type { FieldSpec, RecordKind } from '../../shared/record-kinds.ts';
import { recordPath } from '../../shared/records/record-path.ts';

/** One notice as an alert tells it: the record as it now stands and what happened to it. */
export interface AlertItem {
  kind: RecordKind;
  record: RecordDetail;
  event: AlertEvent;
  version: number;
}

/** What every e-mail to a subscriber carries besides its content. */
export interface MailFrame {
  siteName: string;
  siteUrl: string;
  /** The subscriber's language: the mail's words and the pages its links open. */
  lang: Lang;
  manageUrl: string;
  unsubscribeUrl: string;
}

/** Which site a message speaks for, and in which language. */
type MailSite = Pick<MailFrame, 'siteName' | 'siteUrl' | 'lang'>;

/** What several notices in one message are: an import's, or a day's for the digest. */
export type AlertHeading = { type: 'import' } | { type: 'digest'; dueAt: string };

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** A digest lists this many notices in full; the rest are counted, with links to the lists. */
export const ITEMS_IN_FULL = 20;
/** Long texts (a report's description) are cut in an e-mail; the permalink has them whole. */
const LONGEST_VALUE = 300;

const CATALOGUES: Record<Lang, AlertMailMessages> = { en: alertMailEn, fil: alertMailFil };

const EVENT_KEYS: Record<AlertEvent, AlertMailMessageKey> = {
  posted: 'mail.event.posted',
  amended: 'mail.event.amended',
  withdrawn: 'mail.event.withdrawn',
};

/** The e-mail words of `lang`, placeholders filled. */
function wordsIn(lang: Lang) {
  return (key: AlertMailMessageKey, values?: Record<string, string | number>) =>
    formatMessage(CATALOGUES[lang][key], values);
}

/** The same as HTML: the words escaped, the placeholders filled with HTML (escape text in them). */
function htmlWordsIn(lang: Lang) {
  return (key: AlertMailMessageKey, html: Record<string, string>) =>
    formatMessage(escapeHtml(CATALOGUES[lang][key]), html);
}

/** Text as HTML text or attribute value; every mail of the site escapes what it shows with this. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function shown(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > LONGEST_VALUE ? `${oneLine.slice(0, LONGEST_VALUE - 1)}…` : oneLine;
}

/** A field's value as a mail shows it: pesos, a Manila time, or the text cut to one line. */
function valueText(spec: FieldSpec, value: string, lang: Lang): string {
  if (spec.type === 'money') return pesosFromDecimal(value);
  if (spec.type === 'datetime') return formatManilaDateTime(value, lang);
  return shown(value);
}

/** The notice's key fields as label and text, in the registry's order; the link is the permalink's. */
function keyFields({ kind, record }: AlertItem, lang: Lang): [string, string][] {
  return kind.fields.flatMap((spec): [string, string][] => {
    const value = record[spec.name];
    if (spec.type === 'link' || value === undefined || value === null || value === '') return [];
    return [[localize(spec.label, lang).text, valueText(spec, value, lang)]];
  });
}

/**
 * What an amendment changed, one line a field ("Approved budget: ₱1.5M → ₱1.75M"), so a
 * bidder sees what moved without comparing this mail with the last. The link field is shown
 * too: a new document is often the whole point of a correction.
 */
function changedFields(item: AlertItem, lang: Lang): string[] {
  if (item.event !== 'amended') return [];
  const step = item.record.history.find((entry) => entry.version === item.version);
  const t = wordsIn(lang);
  return (step?.changes ?? []).map(({ field, before, after }) => {
    const spec = item.kind.fields.find((candidate) => candidate.name === field);
    const text = (value: string | null) =>
      value === null || value === ''
        ? t('mail.emptyValue')
        : spec
          ? valueText(spec, value, lang)
          : shown(value);
    return t('mail.changedField', {
      field: spec ? localize(spec.label, lang).text : field,
      before: text(before),
      after: text(after),
    });
  });
}

function titleOf({ kind, record }: AlertItem, lang: Lang): string {
  return shown(record[kind.nameField] ?? wordsIn(lang)('mail.recordFallback', { id: record.id }));
}

/** An address of the site in the subscriber's language (`path` as the English page's). */
function siteLink(site: MailSite, path: string): string {
  return `${site.siteUrl}${pathInLang(path, site.lang)}`;
}

function permalink(site: MailSite, { kind, record }: AlertItem): string {
  return siteLink(site, recordPath(kind, record.id));
}

/** The words of a notice's line ("New in Small Value Procurement (SVP): title"). */
function noticeWords(site: MailSite, item: AlertItem) {
  return {
    event: wordsIn(site.lang)(EVENT_KEYS[item.event]),
    list: localize(item.kind.label, site.lang).text,
    title: titleOf(item, site.lang),
  };
}

/** Why it was amended or withdrawn, from the record's public history. */
function changeNote(item: AlertItem, lang: Lang): string | undefined {
  if (item.event === 'posted') return undefined;
  const step = item.record.history.find((entry) => entry.version === item.version);
  const t = wordsIn(lang);
  return step
    ? t('mail.change', {
        event: t(EVENT_KEYS[item.event]),
        date: formatManilaDate(step.at, lang),
        reason: shown(step.reason),
      })
    : undefined;
}

function itemText(site: MailSite, item: AlertItem): string {
  const note = changeNote(item, site.lang);
  const changes = changedFields(item, site.lang);
  return [
    wordsIn(site.lang)('mail.notice', noticeWords(site, item)),
    ...(note ? [note] : []),
    ...(changes.length > 0
      ? [wordsIn(site.lang)('mail.changed'), ...changes.map((line) => `  - ${line}`)]
      : []),
    ...keyFields(item, site.lang).map(([label, value]) => `  ${label}: ${value}`),
    `  ${permalink(site, item)}`,
  ].join('\n');
}

function itemHtml(site: MailSite, item: AlertItem): string {
  const note = changeNote(item, site.lang);
  const rows = keyFields(item, site.lang)
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const words = noticeWords(site, item);
  const heading = htmlWordsIn(site.lang)('mail.notice', {
    event: escapeHtml(words.event),
    list: escapeHtml(words.list),
    title: `<a href="${escapeHtml(permalink(site, item))}">${escapeHtml(words.title)}</a>`,
  });
  const changes = changedFields(item, site.lang);
  const changed =
    changes.length > 0
      ? `<p>${escapeHtml(wordsIn(site.lang)('mail.changed'))}</p><ul>${changes.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '';
  return `<h2>${heading}</h2>${note ? `<p>${escapeHtml(note)}</p>` : ''}${changed}<table>${rows}</table>`;
}

/** "all procurement lists matching “bridge”", or the lists' names, in the subscriber's language. */
function whatSubscribed(settings: AlertSettings, lang: Lang): { lists: string; keyword: string } {
  const t = wordsIn(lang);
  return {
    lists: describeLists(settings.lists, lang, t('mail.footer.allLists')),
    keyword: settings.keyword ? t('mail.footer.matching', { keyword: settings.keyword }) : '',
  };
}

function footerText(frame: MailFrame, settings: AlertSettings): string {
  const t = wordsIn(frame.lang);
  return [
    '--',
    t('mail.footer.why', { ...whatSubscribed(settings, frame.lang), site: frame.siteUrl }),
    `${t('mail.footer.manage')}: ${frame.manageUrl}`,
    `${t('mail.footer.unsubscribe')}: ${frame.unsubscribeUrl}`,
  ].join('\n');
}

function footerHtml(frame: MailFrame, settings: AlertSettings): string {
  const t = wordsIn(frame.lang);
  const why = t('mail.footer.why', {
    ...whatSubscribed(settings, frame.lang),
    site: frame.siteUrl,
  });
  return `<hr><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(frame.manageUrl)}">${escapeHtml(t('mail.footer.manage'))}</a> · <a href="${escapeHtml(frame.unsubscribeUrl)}">${escapeHtml(t('mail.footer.unsubscribe'))}</a></p>`;
}

/** A mail's HTML part: the body in a document of its language. */
export function mailDocument(title: string, body: string, lang: Lang): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** An alert's notices, told the same to every subscriber they go to; the footer is each one's own. */
export interface AlertBody {
  subject: string;
  text: string;
  html: string;
}

/** The subject's heading of several notices, in `lang`. */
function headingText(heading: AlertHeading | undefined, lang: Lang): string {
  const t = wordsIn(lang);
  if (!heading) return t('mail.heading.notices');
  if (heading.type === 'import') return t('mail.heading.import');
  return t('mail.heading.digest', { date: formatManilaDate(heading.dueAt, lang) });
}

/**
 * The notices of an alert, in the language of `site`. One notice is told in full; an import
 * or a day's digest lists up to ITEMS_IN_FULL in full and counts the rest, with links to
 * the lists. Subscribers told of the same notices in the same language share this part, so
 * the sender builds it once for all of them.
 */
export function alertBody(
  site: MailSite,
  items: readonly AlertItem[],
  heading: AlertHeading | undefined,
): AlertBody {
  const [first] = items;
  if (!first) throw new Error('an alert needs at least one notice');
  const t = wordsIn(site.lang);
  const subject =
    items.length === 1 && !heading
      ? t('mail.noticeSubject', noticeWords(site, first))
      : t(items.length === 1 ? 'mail.count.one' : 'mail.count.other', {
          heading: headingText(heading, site.lang),
          count: items.length,
        });
  const inFull = items.slice(0, ITEMS_IN_FULL);
  const rest = items.length - inFull.length;
  const lists = [...new Set(items.slice(ITEMS_IN_FULL).map((item) => item.kind))].map((kind) => ({
    label: localize(kind.label, site.lang).text,
    url: siteLink(site, kind.route),
  }));
  const more = t('mail.more', { count: rest });
  const restText = rest > 0 ? [more, ...lists.map((list) => `  ${list.label}: ${list.url}`)] : [];
  const text = [
    `${site.siteName}: ${subject}`,
    '',
    inFull.map((item) => itemText(site, item)).join('\n\n'),
    ...(restText.length ? ['', ...restText] : []),
  ].join('\n');
  const restHtml =
    rest > 0
      ? `<p>${escapeHtml(more)}</p><ul>${lists
          .map((list) => `<li><a href="${escapeHtml(list.url)}">${escapeHtml(list.label)}</a></li>`)
          .join('')}</ul>`
      : '';
  const html = `<h1>${escapeHtml(site.siteName)}: ${escapeHtml(subject)}</h1>${inFull.map((item) => itemHtml(site, item)).join('')}${restHtml}`;
  return { subject, text, html };
}

/** One subscriber's alert: the shared notices and the footer with its own links. */
export function alertMail(
  frame: MailFrame,
  settings: AlertSettings,
  body: AlertBody,
): ComposedMail {
  return {
    subject: `[${frame.siteName}] ${body.subject}`,
    text: `${body.text}\n\n${footerText(frame, settings)}`,
    html: mailDocument(body.subject, `${body.html}${footerHtml(frame, settings)}`, frame.lang),
  };
}

/**
 * The double opt-in: nothing is sent to the address until its owner follows this link.
 * Anyone can have it sent to anyone, so it carries no word a visitor chose: it names the
 * lists and the frequency, and the keyword shows on the manage page once confirmed.
 */
export function confirmationMail(
  site: MailSite,
  settings: Pick<AlertSettings, 'lists' | 'frequency'>,
  confirmUrl: string,
): ComposedMail {
  const t = wordsIn(site.lang);
  const what = t(settings.frequency === 'daily' ? 'mail.confirm.daily' : 'mail.confirm.immediate', {
    lists: describeLists(settings.lists, site.lang, t('mail.footer.allLists')),
  });
  const subject = `[${site.siteName}] ${t('mail.confirm.subject')}`;
  const asked = t('mail.confirm.asked', { site: site.siteUrl, what });
  const text = [asked, '', t('mail.confirm.open'), confirmUrl, '', t('mail.confirm.notYou')].join(
    '\n',
  );
  const html = mailDocument(
    subject,
    `<p>${escapeHtml(asked)}</p><p>${escapeHtml(t('mail.confirm.open'))} <a href="${escapeHtml(confirmUrl)}">${escapeHtml(confirmUrl)}</a></p><p>${escapeHtml(t('mail.confirm.notYou'))}</p>`,
    site.lang,
  );
  return { subject, text, html };
}
