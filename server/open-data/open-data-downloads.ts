import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { dataVersion, exportChunks, type ExportFilter } from '../../db/records/record-export.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { csvStream } from './csv.ts';
import { notModified, strongEtag } from './etag.ts';
import { jsonItemsStream } from './json.ts';
import { listFilter, listFilterRouteOptions, type ListFilterQuery } from './list-filter.ts';
import { errorSchema } from '../http/error-schemas.ts';
import { mediaResponse } from '../http/media.ts';
import { recordDownloadSchema } from '../records/record-responses.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const formats = {
  csv: { type: 'text/csv; charset=utf-8; header=present', errors: 'text' },
  json: { type: 'application/json; charset=utf-8', errors: 'json' },
} as const;

type Format = keyof typeof formats;

/** e.g. notice-of-award-from-2026-01-01-to-2026-01-31.csv; the search text stays out of file names. */
function fileName(kind: RecordKind, filter: ExportFilter, format: Format): string {
  const parts = [kind.route.slice(1)];
  if (filter.q) parts.push('search');
  if (filter.from) parts.push(`from-${filter.from}`);
  if (filter.to) parts.push(`to-${filter.to}`);
  return `${parts.join('-')}.${format}`;
}

/**
 * Both bodies are streamed (csvStream, jsonItemsStream), which Fastify sends as they are:
 * the JSON schema documents the body for /openapi.json and is not used to serialise it.
 */
function routeOptions(kind: RecordKind, format: Format) {
  const response =
    format === 'json'
      ? { 200: recordDownloadSchema(kind), '4xx': errorSchema }
      : {
          200: mediaResponse(
            `Every published ${inEnglish(kind.label)} record matching q, from and to, newest first, with a header row.`,
            ['text/csv'],
          ),
        };
  return { ...listFilterRouteOptions, schema: { ...listFilterRouteOptions.schema, response } };
}

/**
 * Every list as a download: `<list route>.csv` and `<list route>.json` take the list
 * page's q, from and to and give all the matching published records, newest first,
 * streamed from the database a chunk at a time, with a strong ETag so a client that has
 * the current file gets 304 without the table being read.
 */
export async function openDataDownloadRoutes(
  app: FastifyInstance,
  { database, siteUrl }: { database: SiteDatabase; siteUrl: string | undefined },
) {
  for (const kind of recordKinds) {
    for (const format of Object.keys(formats) as Format[]) {
      const { type, errors } = formats[format];
      app.get<{ Querystring: ListFilterQuery }>(
        `${kind.route}.${format}`,
        routeOptions(kind, format),
        async (request, reply) => {
          const filter = listFilter(request, reply, errors);
          if (!filter) return reply;
          const etag = strongEtag(request, [
            format,
            kind.collection,
            filter,
            siteUrl,
            await dataVersion(database, kind),
          ]);
          if (notModified(request, reply, etag)) return reply;
          reply
            .type(type)
            .header(
              'content-disposition',
              `attachment; filename="${fileName(kind, filter, format)}"`,
            );
          // A HEAD answer has no body: reading the whole table for it would be waste.
          if (request.method === 'HEAD') return reply.send();
          const chunks = exportChunks(database, kind, filter);
          return reply.send(
            format === 'csv' ? csvStream(kind, chunks, siteUrl) : jsonItemsStream(chunks),
          );
        },
      );
    }
  }
}
