import type { FastifyInstance } from 'fastify';
import { latestAdvisoryChanges } from '../../db/advisories.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { readDataVersion } from '../../db/data-version.ts';
import {
  ADVISORIES_FEED,
  ADVISORIES_PATH,
  SEVERITY_LABELS,
  type Advisory,
} from '../../shared/advisories.ts';
import { formatManilaMinute } from '../../shared/manila-time.ts';
import type { Clock } from '../clock.ts';
import { SET_SITE_URL } from '../config.ts';
import { atomFeed, type AtomEntry } from '../open-data/atom.ts';
import { notModified, strongEtag } from '../open-data/etag.ts';
import { mediaResponse } from '../schemas/media.ts';
import { FEED_ENTRIES } from './feeds.ts';

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
  const when = `From ${formatManilaMinute(advisory.starts)} to ${formatManilaMinute(advisory.ends)} (Manila time).`;
  const ended = advisory.ended
    ? [`Ended early on ${formatManilaMinute(advisory.ended.at)}: ${advisory.ended.reason}`]
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
  }: { database: AppDatabase; clock: Clock; siteUrl: string | undefined; municipality: string },
) {
  const subtitle = `The latest ${FEED_ENTRIES} advisories of ${municipality} posted, corrected or ended: class suspensions, typhoon signals, water and power interruptions, road closures.`;
  app.get(
    ADVISORIES_FEED,
    {
      schema: {
        response: {
          200: mediaResponse(subtitle, ['application/atom+xml']),
          404: mediaResponse('SITE_URL is not configured, and Atom needs absolute URLs.', [
            'text/plain',
          ]),
        },
      },
    },
    async (request, reply) => {
      if (!siteUrl) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send(
            `No feed: SITE_URL is not configured on this server, and Atom needs absolute URLs. ${SET_SITE_URL}\n`,
          );
      }
      const etag = strongEtag(request, [
        'advisories-atom',
        siteUrl,
        municipality,
        readDataVersion(database),
      ]);
      if (notModified(request, reply, etag)) return reply;
      reply.type('application/atom+xml; charset=utf-8');
      if (request.method === 'HEAD') return reply.send();
      const advisories = latestAdvisoryChanges(database, clock.now().toISOString(), FEED_ENTRIES);
      return reply.send(
        atomFeed({
          selfUrl: siteUrl + ADVISORIES_FEED,
          pageUrl: siteUrl + ADVISORIES_PATH,
          title: `Advisories — ${municipality}`,
          subtitle,
          author: municipality,
          entries: advisories.map((advisory) => advisoryEntry(advisory, siteUrl)),
        }),
      );
    },
  );
}
