import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { readDataVersion } from '../../db/data-version.ts';
import { SET_SITE_URL } from '../config.ts';
import { mediaResponse } from '../schemas/media.ts';
import { atomFeed, type FeedDescription } from './atom.ts';
import { notModified, strongEtag } from './etag.ts';

export const ATOM_MEDIA_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomRouteOptions {
  database: AppDatabase;
  siteUrl: string | undefined;
  /** What the feed holds, for /openapi.json. */
  description: string;
  /** A render-cache read (public, renewed with the data version like the pages listing the same items). */
  publicRead?: boolean;
  /** The feed, with SITE_URL as its absolute origin; built only when the answer needs a body. */
  feed: (siteUrl: string) => FeedDescription;
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
      const etag = strongEtag(request, ['atom', path, siteUrl, readDataVersion(database)]);
      if (notModified(request, reply, etag)) return reply;
      reply.type(ATOM_MEDIA_TYPE);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(atomFeed(feed(siteUrl)));
    },
  );
}
