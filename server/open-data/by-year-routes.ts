import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { mediaResponse } from '../http/media.ts';
import { publicReadOptions } from '../http/public-read.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';
import { askedYear, type YearRequest } from '../http/year-query.ts';
import { csvTable } from './csv.ts';
import { notModified, strongEtag } from './etag.ts';

/**
 * A year's dataset as JSON at `path` and as CSV (at `path.csv` by default), both read with `?year=`
 * (none: the dataset's default year; anything but four digits: 400 in the answer's form).
 * The CSV has a strong ETag over the year, the site's address and the data version, so a
 * client holding the current file gets 304, and HEAD gets the headers alone.
 */
export function byYearRoutes<T extends { year: number }>(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    path,
    querystring,
    schema,
    of,
    csv,
  }: {
    database: SiteDatabase;
    siteUrl: string | undefined;
    path: string;
    querystring: object;
    schema: object;
    /** The dataset of a year, or of the default year when none was asked for. */
    of: (year: number | undefined) => T | Promise<T>;
    csv: {
      /** Its address: `path.csv` unless given (a page's own address with .csv, say). */
      path?: string;
      description: string;
      /** The file's name for a year, without `.csv`. */
      name: (year: number) => string;
      columns: string[];
      rows: (answer: T) => string[][];
    };
  },
) {
  app.get<YearRequest>(
    path,
    {
      schema: { querystring, response: { 200: schema, ...errorResponses } },
      ...publicReadOptions,
    },
    async (request, reply) => {
      const year = askedYear(request, reply, true);
      if (year === false) return reply;
      return reply.header('cache-control', 'no-cache').send(await of(year));
    },
  );

  app.get<YearRequest>(
    csv.path ?? `${path}.csv`,
    {
      schema: {
        querystring,
        response: { 200: mediaResponse(csv.description, ['text/csv']) },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const year = askedYear(request, reply, false);
      if (year === false) return reply;
      // Read before the answer: a write landing while it is read then gives the next
      // request another ETag, never this file under a newer version's.
      const version = await currentDataVersion(database);
      const answer = await of(year);
      const name = csv.name(answer.year);
      const etag = strongEtag(request, [name, siteUrl, version]);
      if (notModified(request, reply, etag)) return reply;
      reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${name}.csv"`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(csvTable(csv.columns, csv.rows(answer)));
    },
  );
}
