import type { AlertEvent } from '../../db/alert-outbox.ts';
import { formatManilaDate, formatManilaMinute } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { RecordDetail } from '../../shared/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { recordPath } from '../../shared/record-path.ts';
import { describeLists, type AlertSettings } from '../../shared/alert-subscription.ts';

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
  manageUrl: string;
  unsubscribeUrl: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** A digest lists this many notices in full; the rest are counted, with links to the lists. */
export const ITEMS_IN_FULL = 20;
/** Long texts (a report's description) are cut in an e-mail; the permalink has them whole. */
const LONGEST_VALUE = 300;

const EVENT_WORDS: Record<AlertEvent, string> = {
  posted: 'New',
  amended: 'Amended',
  withdrawn: 'Withdrawn',
};

function escapeHtml(text: string): string {
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

/** The notice's key fields as label and text, in the registry's order; the link is the permalink's. */
function keyFields({ kind, record }: AlertItem): [string, string][] {
  return kind.fields.flatMap((spec): [string, string][] => {
    const value = record[spec.name];
    if (spec.type === 'link' || value === undefined || value === null || value === '') return [];
    if (spec.type === 'money') return [[spec.label, pesosFromDecimal(value)]];
    if (spec.type === 'datetime') return [[spec.label, `${formatManilaMinute(value)} (Manila)`]];
    return [[spec.label, shown(value)]];
  });
}

function titleOf({ kind, record }: AlertItem): string {
  return shown(record[kind.nameField] ?? `Record ${record.id}`);
}

function permalink(frame: Pick<MailFrame, 'siteUrl'>, { kind, record }: AlertItem): string {
  return `${frame.siteUrl}${recordPath(kind, record.id)}`;
}

/** Why it was amended or withdrawn, from the record's public history. */
function changeNote(item: AlertItem): string | undefined {
  if (item.event === 'posted') return undefined;
  const step = item.record.history.find((entry) => entry.version === item.version);
  return step
    ? `${EVENT_WORDS[item.event]} on ${formatManilaDate(step.at)}: ${shown(step.reason)}`
    : undefined;
}

function itemText(frame: Pick<MailFrame, 'siteUrl'>, item: AlertItem): string {
  const note = changeNote(item);
  return [
    `${EVENT_WORDS[item.event]} in ${item.kind.label}: ${titleOf(item)}`,
    ...(note ? [note] : []),
    ...keyFields(item).map(([label, value]) => `  ${label}: ${value}`),
    `  ${permalink(frame, item)}`,
  ].join('\n');
}

function itemHtml(frame: Pick<MailFrame, 'siteUrl'>, item: AlertItem): string {
  const note = changeNote(item);
  const rows = keyFields(item)
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<h2>${escapeHtml(EVENT_WORDS[item.event])} in ${escapeHtml(item.kind.label)}: <a href="${escapeHtml(permalink(frame, item))}">${escapeHtml(titleOf(item))}</a></h2>${
    note ? `<p>${escapeHtml(note)}</p>` : ''
  }<table>${rows}</table>`;
}

function footerText(frame: MailFrame, settings: AlertSettings): string {
  return [
    '--',
    `You receive this because you subscribed to ${describeLists(settings.lists)}${settings.keyword ? ` matching "${settings.keyword}"` : ''} on ${frame.siteUrl}.`,
    `Change your alerts: ${frame.manageUrl}`,
    `Unsubscribe: ${frame.unsubscribeUrl}`,
  ].join('\n');
}

function footerHtml(frame: MailFrame, settings: AlertSettings): string {
  return `<hr><p>You receive this because you subscribed to ${escapeHtml(describeLists(settings.lists))}${
    settings.keyword ? ` matching “${escapeHtml(settings.keyword)}”` : ''
  } on ${escapeHtml(frame.siteUrl)}.</p><p><a href="${escapeHtml(frame.manageUrl)}">Change your alerts</a> · <a href="${escapeHtml(frame.unsubscribeUrl)}">Unsubscribe</a></p>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** An alert's notices, told the same to every subscriber they go to; the footer is each one's own. */
export interface AlertBody {
  subject: string;
  text: string;
  html: string;
}

/**
 * The notices of an alert. One notice is told in full; an import or a day's digest lists
 * up to ITEMS_IN_FULL in full and counts the rest, with links to the lists. Subscribers
 * told of the same notices share this part, so the sender builds it once for all of them.
 */
export function alertBody(
  site: Pick<MailFrame, 'siteName' | 'siteUrl'>,
  items: readonly AlertItem[],
  heading: string | undefined,
): AlertBody {
  const [first] = items;
  if (!first) throw new Error('an alert needs at least one notice');
  const subject =
    items.length === 1 && !heading
      ? `${EVENT_WORDS[first.event]}: ${first.kind.label}: ${titleOf(first)}`
      : `${heading ?? 'Procurement notices'}: ${items.length} ${items.length === 1 ? 'notice' : 'notices'}`;
  const inFull = items.slice(0, ITEMS_IN_FULL);
  const rest = items.length - inFull.length;
  const lists = [...new Set(items.slice(ITEMS_IN_FULL).map((item) => item.kind))];
  const restText =
    rest > 0
      ? [
          `…and ${rest} more, on the lists:`,
          ...lists.map((kind) => `  ${kind.label}: ${site.siteUrl}${kind.route}`),
        ]
      : [];
  const text = [
    `${site.siteName}: ${subject}`,
    '',
    inFull.map((item) => itemText(site, item)).join('\n\n'),
    ...(restText.length ? ['', ...restText] : []),
  ].join('\n');
  const restHtml =
    rest > 0
      ? `<p>…and ${rest} more, on the lists:</p><ul>${lists
          .map(
            (kind) =>
              `<li><a href="${escapeHtml(`${site.siteUrl}${kind.route}`)}">${escapeHtml(kind.label)}</a></li>`,
          )
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
    html: page(body.subject, `${body.html}${footerHtml(frame, settings)}`),
  };
}

/** The double opt-in: nothing is sent to the address until its owner follows this link. */
export function confirmationMail(
  frame: Omit<MailFrame, 'manageUrl' | 'unsubscribeUrl'>,
  settings: AlertSettings,
  confirmUrl: string,
): ComposedMail {
  const what = `${settings.frequency === 'daily' ? 'a daily digest (07:00 Manila time) of' : 'an e-mail for each'} new notice on ${describeLists(settings.lists)}${settings.keyword ? ` matching "${settings.keyword}"` : ''}`;
  const subject = `[${frame.siteName}] Confirm your bid alerts`;
  const text = [
    `Someone, probably you, asked ${frame.siteUrl} to send this address ${what}.`,
    '',
    `To start the alerts, open this link within 48 hours and press Confirm:`,
    confirmUrl,
    '',
    'If it was not you, ignore this message: nothing more will be sent, and the address is deleted after 7 days.',
  ].join('\n');
  const html = page(
    subject,
    `<p>Someone, probably you, asked ${escapeHtml(frame.siteUrl)} to send this address ${escapeHtml(what)}.</p><p>To start the alerts, open this link within 48 hours and press Confirm: <a href="${escapeHtml(confirmUrl)}">${escapeHtml(confirmUrl)}</a></p><p>If it was not you, ignore this message: nothing more will be sent, and the address is deleted after 7 days.</p>`,
  );
  return { subject, text, html };
}
