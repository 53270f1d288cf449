import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { latestNews } from '../../db/news/news-queries.ts';
import { dataVersion, latestChanges, type ExportFilter } from '../../db/records/record-export.ts';
import { listSearchParams } from '../../shared/records/list-query.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import type { Content } from '../../shared/content-types.ts';
import { atomFeed, recordEntry, type FeedItem } from './atom.ts';
import { atomRoute, NO_FEED_RESPONSE, sendFeed, sendNoFeed } from './atom-route.ts';
import { listFilter, listFilterRouteOptions, type ListFilterQuery } from './list-filter.ts';
import { mediaResponse } from '../http/media.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

/** Entries per feed: enough for a reader polling daily, small enough to build on each change. */
export const FEED_ENTRIES = 50;

export const ALL_KINDS_FEED = '/procurement.atom';

export const NEWS_FEED = '/news.atom';

/** The newest `limit` changes across kinds, newest first; each kind gives at most `limit`. */
async function latestAcross(
  database: SiteDatabase,
  kinds: readonly RecordKind[],
  filter: ExportFilter,
): Promise<FeedItem[]> {
  const latest = await Promise.all(
    kinds.map((kind) => latestChanges(database, kind, FEED_ENTRIES, filter)),
  );
  return kinds
    .flatMap((kind, index) => latest[index]!.map((record) => ({ kind, record })))
    .sort(
      (a, b) =>
        b.record.updated.localeCompare(a.record.updated) ||
        a.kind.collection.localeCompare(b.kind.collection) ||
        b.record.id - a.record.id,
    )
    .slice(0, FEED_ENTRIES);
}

/** `?q=…&from=…&to=…` as the list page writes it, or nothing for the whole list. */
function querySuffix(filter: ExportFilter): string {
  const query = listSearchParams({ ...filter, page: 1 }).toString();
  return query ? `?${query}` : '';
}

/**
 * Atom feeds of the latest changes: `<list route>.atom` per list and /procurement.atom for
 * every kind, each entry a record (added, amended or withdrawn) whose id is its permalink.
 * They take a list page's q, from and to, so a search can be followed like a list.
 * Atom ids and links must be absolute IRIs, and the origin is only ever taken from
 * SITE_URL, so without it the feeds answer 404 and say why, as the sitemap does.
 */
export async function feedRoutes(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    content,
  }: { database: SiteDatabase; siteUrl: string | undefined; content: Content },
) {
  const municipality = content.site.municipality.name;
  const author = `Bids and Awards Committee, ${municipality}`;

  function serve(
    path: string,
    kinds: readonly RecordKind[],
    describe: { title: string; subtitle: string; page: string },
  ) {
    app.get<{ Querystring: ListFilterQuery }>(
      path,
      {
        ...listFilterRouteOptions,
        schema: {
          ...listFilterRouteOptions.schema,
          response: {
            200: mediaResponse(describe.subtitle, ['application/atom+xml']),
            404: NO_FEED_RESPONSE,
          },
        },
      },
      async (request, reply) => {
        if (!siteUrl) return sendNoFeed(reply);
        const filter = listFilter(request, reply, 'text');
        if (!filter) return reply;
        const etagParts = [
          'atom',
          path,
          filter,
          siteUrl,
          municipality,
          await Promise.all(kinds.map((kind) => dataVersion(database, kind))),
        ];
        return sendFeed(request, reply, etagParts, async () =>
          atomFeed({
            selfUrl: siteUrl + path + querySuffix(filter),
            // The all-kinds page has no search of its own to keep.
            pageUrl: siteUrl + describe.page + (kinds.length === 1 ? querySuffix(filter) : ''),
            title: describe.title,
            subtitle: describe.subtitle,
            author,
            entries: (await latestAcross(database, kinds, filter)).map((item) =>
              recordEntry(item, siteUrl),
            ),
          }),
        );
      },
    );
  }

  for (const kind of recordKinds) {
    serve(`${kind.route}.atom`, [kind], {
      title: `${inEnglish(kind.title)} — ${municipality}`,
      subtitle: `The latest ${FEED_ENTRIES} ${inEnglish(kind.title)} notices added, amended or withdrawn.`,
      page: kind.route,
    });
  }
  serve(ALL_KINDS_FEED, recordKinds, {
    title: `Procurement notices — ${municipality}`,
    subtitle: `The latest ${FEED_ENTRIES} procurement notices of every kind added, amended or withdrawn.`,
    page: '/bids-and-awards',
  });

  // The news: the latest items published, each entry the item's permalink. A render-cache
  // read, renewed with the data version like the pages that list the same items.
  atomRoute(app, NEWS_FEED, {
    database,
    siteUrl,
    description: `The latest ${FEED_ENTRIES} news items.`,
    publicRead: true,
    feed: async (origin) => ({
      selfUrl: origin + NEWS_FEED,
      pageUrl: `${origin}/news`,
      title: `News — ${municipality}`,
      subtitle: `The latest ${FEED_ENTRIES} news items of the ${municipality}.`,
      author: municipality,
      entries: (await latestNews(database, FEED_ENTRIES)).map((item) => ({
        url: `${origin}/view-news/${encodeURIComponent(item.id)}`,
        title: item.title,
        published: item.created,
        updated: item.updated,
        summary: item.summary,
      })),
    }),
  });
}
