import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { SET_SITE_URL } from '../config.ts';
import { mediaResponse } from '../http/media.ts';
import { atomFeed, type FeedDescription } from './atom.ts';
import { notModified, strongEtag } from './etag.ts';

const ATOM_MEDIA_TYPE = 'application/atom+xml; charset=utf-8';

/** The 404 of a feed on a server without SITE_URL, for a route's response schemas. */
export const NO_FEED_RESPONSE = mediaResponse(
  'SITE_URL is not configured, and Atom needs absolute URLs.',
  ['text/plain'],
);

/** Atom needs absolute URLs, taken only from SITE_URL: without it a feed answers 404 and says why. */
export function sendNoFeed(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .send(
      `No feed: SITE_URL is not configured on this server, and Atom needs absolute URLs. ${SET_SITE_URL}\n`,
    );
}

/**
 * A feed's answer once it can be made: 304 while the reader's copy has the strong ETag of
 * `etagParts` (what its bytes depend on), no body to a HEAD, else the feed `build` writes.
 */
export async function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  etagParts: readonly unknown[],
  build: () => string | Promise<string>,
): Promise<FastifyReply> {
  if (notModified(request, reply, strongEtag(request, etagParts))) return reply;
  reply.type(ATOM_MEDIA_TYPE);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await build());
}

export interface AtomRouteOptions {
  database: SiteDatabase;
  siteUrl: string | undefined;
  /** What the feed holds, for /openapi.json. */
  description: string;
  /** A render-cache read (public, renewed with the data version like the pages listing the same items). */
  publicRead?: boolean;
  /**
   * The feed, with SITE_URL as its absolute origin; built only when the answer needs a
   * body (awaited: its queries run on either engine).
   */
  feed: (siteUrl: string) => FeedDescription | Promise<FeedDescription>;
}

/**
 * A feed of the site's data at `path`. Atom needs absolute URLs, taken only from SITE_URL,
 * so without it the feed answers 404 and says why. Its strong ETag is the data version's
 * (with the path and SITE_URL), so a reader asking again with If-None-Match gets 304 until
 * something is written.
 */
export function atomRoute(
  app: FastifyInstance,
  path: string,
  { database, siteUrl, description, publicRead = false, feed }: AtomRouteOptions,
): void {
  app.get(
    path,
    {
      ...(publicRead ? { config: { publicRead: true } } : {}),
      schema: {
        response: {
          200: mediaResponse(description, ['application/atom+xml']),
          404: NO_FEED_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      if (!siteUrl) return sendNoFeed(reply);
      return sendFeed(
        request,
        reply,
        ['atom', path, siteUrl, await currentDataVersion(database)],
        async () => atomFeed(await feed(siteUrl)),
      );
    },
  );
}
