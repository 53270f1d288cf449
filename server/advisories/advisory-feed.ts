import type { FastifyInstance } from 'fastify';
import { latestAdvisoryChanges } from '../../db/advisories/advisories.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  ADVISORIES_FEED,
  ADVISORIES_PATH,
  SEVERITY_LABELS,
  type Advisory,
} from '../../shared/advisories/advisories.ts';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import type { Clock } from '../clock.ts';
import type { AtomEntry } from '../open-data/atom.ts';
import { atomRoute } from '../open-data/atom-route.ts';
import { FEED_ENTRIES } from '../open-data/feeds.ts';

/** Where an advisory is read: its place on /advisories. */
export function advisoryUrl(siteUrl: string, id: number): string {
  return `${siteUrl}${ADVISORIES_PATH}#advisory-${id}`;
}

/**
 * An entry says what the advisory is and when it runs, not whether it runs now, so the
 * feed changes only with the data (its ETag is the data version's) and relays repost an
 * advisory only when staff post, correct or end it.
 */
function advisoryEntry(advisory: Advisory, siteUrl: string): AtomEntry {
  const severity = SEVERITY_LABELS[advisory.severity];
  const when = `From ${formatManilaDateTime(advisory.starts)} to ${formatManilaDateTime(advisory.ends)}.`;
  const ended = advisory.ended
    ? [`Ended early on ${formatManilaDateTime(advisory.ended.at)}: ${advisory.ended.reason}`]
    : [];
  const url = advisoryUrl(siteUrl, advisory.id);
  return {
    id: url,
    url,
    title: `${advisory.ended ? 'Ended: ' : ''}${severity}: ${advisory.title}`,
    published: advisory.created,
    updated: advisory.updated,
    category: { term: advisory.severity, label: severity },
    summary: [...ended, when, advisory.text].join('\n'),
  };
}

/**
 * /advisories.atom: the latest advisories posted, corrected or ended, for relays (radio,
 * barangay pages, SMS gateways). Atom needs absolute URLs, taken only from SITE_URL, so
 * without it the feed answers 404 and says why, as the procurement feeds do.
 */
export async function advisoryFeedRoutes(
  app: FastifyInstance,
  {
    database,
    clock,
    siteUrl,
    municipality,
  }: { database: SiteDatabase; clock: Clock; siteUrl: string | undefined; municipality: string },
) {
  const subtitle = `The latest ${FEED_ENTRIES} advisories of ${municipality} posted, corrected or ended: class suspensions, typhoon signals, water and power interruptions, road closures.`;
  atomRoute(app, ADVISORIES_FEED, {
    database,
    siteUrl,
    description: subtitle,
    feed: async (origin) => ({
      selfUrl: origin + ADVISORIES_FEED,
      pageUrl: origin + ADVISORIES_PATH,
      title: `Advisories — ${municipality}`,
      subtitle,
      author: municipality,
      entries: (await latestAdvisoryChanges(database, clock.now().toISOString(), FEED_ENTRIES)).map(
        (advisory) => advisoryEntry(advisory, origin),
      ),
    }),
  });
}
