import type { FeedRecord } from '../../db/records/record-export.ts';
import { formatManilaDate, formatManilaDateTime } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { absoluteLink, permalink } from './permalink.ts';
import { escapeXml } from './xml-text.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

/** One of a feed's records with the kind it belongs to. */
export interface FeedItem {
  kind: RecordKind;
  record: FeedRecord;
}

/** One entry of any feed: its id is its permalink unless it names one (a page with several entries). */
export interface AtomEntry {
  id?: string;
  url: string;
  title: string;
  published: string;
  updated: string;
  category?: { term: string; label: string };
  summary: string;
}

export interface FeedDescription {
  /** The feed's own absolute URL: its id and its rel=self link. */
  selfUrl: string;
  /** The absolute URL of the page people read the same records on. */
  pageUrl: string;
  title: string;
  subtitle: string;
  /** Who publishes the notices: the feed's author, which every entry inherits. */
  author: string;
  entries: readonly AtomEntry[];
}

/** No entries yet: RFC 4287 still wants a feed `updated`, and any fixed past time is honest. */
const NEVER = '1970-01-01T00:00:00.000Z';

function entryTitle({ kind, record }: FeedItem): string {
  const name = record[kind.nameField] ?? `Record ${record.id}`;
  return `${record.withdrawn ? 'Withdrawn: ' : ''}${inEnglish(kind.label)}: ${name}`;
}

function fieldText(type: string, value: string, siteUrl: string): string {
  if (type === 'money') return pesosFromDecimal(value);
  if (type === 'datetime') return formatManilaDateTime(value);
  // A feed reader has no page to resolve a hosted document's /documents/… path against.
  if (type === 'link') return absoluteLink(value, siteUrl);
  return value;
}

/** What a reader shows under the title: the record's state, then each filled-in field. */
function entrySummary({ kind, record }: FeedItem, siteUrl: string): string {
  const state = record.withdrawn
    ? `Withdrawn on ${formatManilaDate(record.withdrawn.at)}: ${record.withdrawn.reason}`
    : record.version > 1
      ? `Amended (version ${record.version}).`
      : `Posted ${formatManilaDate(record.created)}.`;
  const fields = kind.fields.flatMap((spec) => {
    const value = record[spec.name];
    return value ? [`${inEnglish(spec.label)}: ${fieldText(spec.type, value, siteUrl)}`] : [];
  });
  return [state, ...fields].join('\n');
}

/** A record's entry: its permalink, kind and state. */
export function recordEntry(item: FeedItem, siteUrl: string): AtomEntry {
  return {
    url: permalink(item.kind, item.record.id, siteUrl),
    title: entryTitle(item),
    published: item.record.created,
    updated: item.record.updated,
    category: { term: item.kind.collection, label: inEnglish(item.kind.title) },
    summary: entrySummary(item, siteUrl),
  };
}

function entry(item: AtomEntry): string {
  const url = escapeXml(item.url);
  const category = item.category
    ? `    <category term="${escapeXml(item.category.term)}" label="${escapeXml(item.category.label)}"/>\n`
    : '';
  return `  <entry>
    <id>${item.id === undefined ? url : escapeXml(item.id)}</id>
    <title type="text">${escapeXml(item.title)}</title>
    <link rel="alternate" type="text/html" href="${url}"/>
    <published>${escapeXml(item.published)}</published>
    <updated>${escapeXml(item.updated)}</updated>
${category}    <summary type="text">${escapeXml(item.summary)}</summary>
  </entry>
`;
}

/**
 * An Atom 1.0 feed (RFC 4287): the feed's id, title, updated, self and alternate links and
 * author; per entry one id (the permalink), title, updated and alternate link. Every text
 * and attribute is escaped.
 */
export function atomFeed(feed: FeedDescription): string {
  const updated = feed.entries.reduce(
    (latest, item) => (item.updated > latest ? item.updated : latest),
    NEVER,
  );
  const self = escapeXml(feed.selfUrl);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <id>${self}</id>
  <title type="text">${escapeXml(feed.title)}</title>
  <subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>
  <updated>${updated}</updated>
  <link rel="self" type="application/atom+xml" href="${self}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>
  <author><name>${escapeXml(feed.author)}</name></author>
${feed.entries.map(entry).join('')}</feed>
`;
}
