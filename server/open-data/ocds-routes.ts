import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import type { SiteContent } from '../../shared/content-types.ts';
import { SET_SITE_URL } from '../config.ts';
import {
  parseReleaseCursor,
  recordPackage,
  releasePackage,
  releasesPage,
  recordsPage,
  releasesUrl,
  RECORDS_PAGE_SIZE,
  RELEASES_PAGE_SIZE,
  type OcdsSettings,
} from './ocds-releases.ts';
import { notModified, weakEtag } from './etag.ts';
import { errorSchema } from '../http/error-schemas.ts';
import { qualityReportSchema, recordPackageSchema, releasePackageSchema } from './ocds-schemas.ts';
import { qualityReport } from './ocds-quality.ts';
import { OCDS_QUALITY_API_PATH } from '../../shared/open-data/ocds-quality.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';

const NO_SITE_URL = `No OCDS data: SITE_URL is not configured on this server, and OCDS needs absolute URLs. ${SET_SITE_URL}`;

function failure(reply: FastifyReply, statusCode: 400 | 404, message: string) {
  const error = statusCode === 400 ? 'Bad Request' : 'Not Found';
  return reply.code(statusCode).send({ statusCode, error, message });
}

const releasesQuerystringSchema = {
  type: 'object',
  properties: {
    since: {
      type: 'string',
      description:
        'Only releases dated at or after this time: notices posted, corrected or withdrawn since then. ISO 8601 with its zone (2026-01-31T00:00:00Z), a Manila time (2026-01-31T08:00) or a Manila day from its midnight (2026-01-31); an impossible date or time (2026-02-30, 24:00) is refused with 400.',
    },
    after: {
      type: 'string',
      description:
        'The id of the last release already read; with since, the page starts after it. links.next carries both.',
    },
  },
} as const;

const recordParamsSchema = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      description:
        'The ocid followed by .json, e.g. ocds-xxxxxx-2026-0142.json: the prefix, then the PhilGEPS reference number, or <collection>-<id> for a notice without one.',
    },
  },
} as const;

/**
 * The Open Contracting Data Standard 1.1 view of the procurement records: a release
 * package of every change, oldest first, for harvesters to follow, and a record package
 * per contracting process. Without SITE_URL both answer 404 with the reason, as the
 * sitemap does: every OCDS URL must be absolute, and the Host header is the client's.
 */
export async function ocdsRoutes(
  app: FastifyInstance,
  {
    database,
    site,
    siteUrl,
  }: { database: SiteDatabase; site: SiteContent; siteUrl: string | undefined },
) {
  const settings: OcdsSettings | undefined = siteUrl ? { siteUrl, site } : undefined;

  app.get<{ Querystring: { since?: string; after?: string } }>(
    '/ocds/releases.json',
    {
      schema: {
        summary: 'OCDS 1.1 release package of every notice change and project release',
        description: `Every release, oldest first, ${RELEASES_PAGE_SIZE} a page: a notice posted, corrected or withdrawn, and each project's own (plan line, abstract of bids, contract amendment, completion), the same releases as the record packages; links.next gives the next page. A page holding bids declares the bids extension in extensions. 404 when SITE_URL is not configured.`,
        tags: ['Open data'],
        querystring: releasesQuerystringSchema,
        response: { 200: releasePackageSchema, '4xx': errorSchema },
      },
      validatorCompiler: strictValidatorCompiler,
      // A repeated parameter fails the schema; parseReleaseCursor says why in words.
      attachValidation: true,
    },
    async (request, reply) => {
      if (!settings) return failure(reply, 404, NO_SITE_URL);
      const parsed = parseReleaseCursor(request.query);
      if (!parsed.ok) return failure(reply, 400, parsed.message);
      // Known before a release is read: every write bumps the data version, and a page
      // is the same for the same cursor, SITE_URL and site content.
      const etag = weakEtag([
        'ocds-releases',
        parsed.cursor,
        settings,
        await currentDataVersion(database),
      ]);
      if (notModified(request, reply, etag)) return reply;
      const page = await releasesPage(database, settings, parsed.cursor);
      return reply.type('application/json; charset=utf-8').send(
        releasePackage(settings, page.releases, {
          uri: releasesUrl(settings, parsed.cursor),
          next: page.next,
          now: app.clock.now(),
        }),
      );
    },
  );

  app.get<{ Querystring: { page?: number } }>(
    '/ocds/records.json',
    {
      schema: {
        summary: 'OCDS 1.1 record packages of every contracting process, paged',
        description: `The record package of every process (its releases and compiled release), ${RECORDS_PAGE_SIZE} a page in ocid order; links.next and links.prev give the pages beside it. 404 past the last page, when no process is published, or when SITE_URL is not configured.`,
        tags: ['Open data'],
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1000000, description: 'From 1.' },
          },
        },
        response: { 200: recordPackageSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      if (!settings) return failure(reply, 404, NO_SITE_URL);
      const page = request.query.page ?? 1;
      const etag = weakEtag(['ocds-records', page, settings, await currentDataVersion(database)]);
      if (notModified(request, reply, etag)) return reply;
      const found = await recordsPage(database, settings, page, app.clock.now());
      if (!found) return failure(reply, 404, 'There is no such page of record packages.');
      return reply.type('application/json; charset=utf-8').send(found);
    },
  );

  app.get(
    OCDS_QUALITY_API_PATH,
    {
      schema: {
        summary: 'The checks of this site’s own OCDS data and what they found',
        description:
          'What /open-data/quality shows: each check (schema, ocid prefix, unique ids, date order, amounts, parties, no empty values) passed or its first problems with their count, each naming the ocid, the release and the field. Document URLs are checked by `municipal ocds check --check-urls` only. 404 when SITE_URL is not configured.',
        tags: ['Open data'],
        response: { 200: qualityReportSchema, '4xx': errorSchema },
      },
    },
    async (_request, reply) => {
      const report = await qualityReport(database, settings, app.clock.now());
      if (!report) return failure(reply, 404, NO_SITE_URL);
      return report;
    },
  );

  app.get<{ Params: { file: string } }>(
    '/ocds/records/:file',
    {
      schema: {
        summary: 'OCDS 1.1 record package of one contracting process',
        description:
          'All releases of the process and its compiled release. 404 for an unknown ocid, or when SITE_URL is not configured.',
        tags: ['Open data'],
        params: recordParamsSchema,
        response: { 200: recordPackageSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      if (!settings) return failure(reply, 404, NO_SITE_URL);
      const { file } = request.params;
      // Read before the package, so a write landing while it is built gives the next
      // request another ETag, never this package under the newer version's.
      const version = await currentDataVersion(database);
      const found = file.endsWith('.json')
        ? await recordPackage(database, settings, file.slice(0, -'.json'.length), app.clock.now())
        : undefined;
      if (!found) return failure(reply, 404, 'No contracting process has this ocid.');
      // Checked after the package is built (one process, a few reads), so that an unknown
      // ocid answers 404 even to If-None-Match: *.
      const etag = weakEtag(['ocds-record', file, settings, version]);
      if (notModified(request, reply, etag)) return reply;
      return reply.type('application/json; charset=utf-8').send(found);
    },
  );
}
