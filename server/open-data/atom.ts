import type { FeedRecord } from '../../db/record-export.ts';
import { formatManilaDate, formatManilaMinute } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { permalink } from './permalink.ts';
import { escapeXml } from './xml-text.ts';

/** One of a feed's records with the kind it belongs to. */
export interface FeedItem {
  kind: RecordKind;
  record: FeedRecord;
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
  siteUrl: string;
  items: readonly FeedItem[];
}

/** No entries yet: RFC 4287 still wants a feed `updated`, and any fixed past time is honest. */
const NEVER = '1970-01-01T00:00:00.000Z';

function entryTitle({ kind, record }: FeedItem): string {
  const name = record[kind.nameField] ?? `Record ${record.id}`;
  return `${record.withdrawn ? 'Withdrawn: ' : ''}${kind.label}: ${name}`;
}

function fieldText(type: string, value: string): string {
  if (type === 'money') return pesosFromDecimal(value);
  if (type === 'datetime') return formatManilaMinute(value);
  return value;
}

/** What a reader shows under the title: the record's state, then each filled-in field. */
function entrySummary({ kind, record }: FeedItem): string {
  const state = record.withdrawn
    ? `Withdrawn on ${formatManilaDate(record.withdrawn.at)}: ${record.withdrawn.reason}`
    : record.version > 1
      ? `Amended (version ${record.version}).`
      : `Posted ${formatManilaDate(record.created)}.`;
  const fields = kind.fields.flatMap((spec) => {
    const value = record[spec.name];
    return value ? [`${spec.label}: ${fieldText(spec.type, value)}`] : [];
  });
  return [state, ...fields].join('\n');
}

/** One entry of any of the site's feeds; its id is its permalink, unique within the feed. */
export interface AtomEntry {
  id: string;
  title: string;
  /** The page a reader opens. */
  url: string;
  published: string;
  updated: string;
  category: { term: string; label: string };
  summary: string;
}

/** A feed's description and its entries, newest first. */
export interface AtomDocument extends Omit<FeedDescription, 'items' | 'siteUrl'> {
  entries: readonly AtomEntry[];
}

function recordEntry(item: FeedItem, siteUrl: string): AtomEntry {
  const url = permalink(item.kind, item.record.id, siteUrl);
  return {
    id: url,
    title: entryTitle(item),
    url,
    published: item.record.created,
    updated: item.record.updated,
    category: { term: item.kind.collection, label: item.kind.title },
    summary: entrySummary(item),
  };
}

function entryXml(entry: AtomEntry): string {
  return `  <entry>
    <id>${escapeXml(entry.id)}</id>
    <title type="text">${escapeXml(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>
    <published>${escapeXml(entry.published)}</published>
    <updated>${escapeXml(entry.updated)}</updated>
    <category term="${escapeXml(entry.category.term)}" label="${escapeXml(entry.category.label)}"/>
    <summary type="text">${escapeXml(entry.summary)}</summary>
  </entry>
`;
}

/**
 * An Atom 1.0 feed (RFC 4287): the feed's id, title, updated, self and alternate links and
 * author; per entry one id, title, updated and alternate link. Every text and attribute is
 * escaped.
 */
export function atomDocument(feed: AtomDocument): string {
  const updated = feed.entries.reduce(
    (latest, entry) => (entry.updated > latest ? entry.updated : latest),
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
${feed.entries.map(entryXml).join('')}</feed>
`;
}

/** A procurement feed: each record added, amended or withdrawn, its permalink as its id. */
export function atomFeed({ items, siteUrl, ...feed }: FeedDescription): string {
  return atomDocument({ ...feed, entries: items.map((item) => recordEntry(item, siteUrl)) });
}
