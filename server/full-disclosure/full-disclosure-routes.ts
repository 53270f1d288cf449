import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentDataVersion } from '../../db/data-version.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { latestPostedFiles } from '../../db/full-disclosure/full-disclosure.ts';
import {
  currentFiscalYear,
  FIRST_DISCLOSURE_YEAR,
  LAST_DISCLOSURE_YEAR,
  periodLabel,
  type DisclosureDocumentType,
} from '../../shared/full-disclosure/full-disclosure.ts';
import type { DisclosureGrid } from '../../shared/full-disclosure/full-disclosure-grid.ts';
import {
  DISCLOSURE_REFUSAL_OUTCOMES,
  FULL_DISCLOSURE_PAGE,
  periodFromSlug,
  postingPath,
  STAFF_FULL_DISCLOSURE_FORM,
  STAFF_FULL_DISCLOSURE_PAGE,
  type StaffPostingOutcome,
} from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { formRoutes } from '../http/form-route.ts';
import { manilaDate } from '../../shared/manila-time.ts';
import { requireRole, staffWithRole } from '../auth/require-role.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import { acceptDocumentUploads } from '../documents/upload-request.ts';
import { documentPath } from '../documents/document-name.ts';
import { disclosureGrid, disclosurePosting } from './disclosure-grid.ts';
import { postDisclosure } from './post-disclosure.ts';
import type { AtomEntry } from '../open-data/atom.ts';
import { atomRoute } from '../open-data/atom-route.ts';
import { csvTable } from '../open-data/csv.ts';
import { notModified, strongEtag } from '../open-data/etag.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { errorResponses, errorSchema } from '../http/error-schemas.ts';
import {
  gridSchema,
  postedSchema,
  postingBodyDescription,
  postingParamsSchema,
  postingSchema,
  yearQuerySchema,
} from './schemas.ts';
import { emptyResponse, mediaResponse } from '../http/media.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';

export interface FullDisclosureRoutesOptions {
  database: SiteDatabase;
  dataDir: string;
  maxDocumentBytes: number;
  siteUrl: string | undefined;
  types: readonly DisclosureDocumentType[];
  /** The instant the site began tracking postings (disclosure-grid.ts trackingStart). */
  trackedFrom: string;
  municipality: string;
}

/** Entries of the feed: a few years of postings of every type. */
export const DISCLOSURE_FEED_ENTRIES = 100;

/** Downloads have no language: `type_name` is the English name, as it always was. */
const CSV_COLUMNS = [
  'type',
  'type_name',
  'frequency',
  'year',
  'quarter',
  'period',
  'state',
  'period_ends',
  'deadline',
  'overdue_from',
  'permalink',
  'document_url',
  'document_bytes',
  'document_sha256',
  'posted_at',
  'version',
];

function csvRows(grid: DisclosureGrid): string[][] {
  return grid.types.flatMap((type) =>
    type.cells.map((cell) => [
      type.id,
      inEnglish(type.name),
      type.frequency,
      String(cell.year),
      cell.quarter === null ? '' : String(cell.quarter),
      cell.period,
      cell.state,
      cell.periodEnds,
      cell.deadline,
      cell.overdueFrom,
      cell.permalink ?? '',
      cell.document?.url ?? '',
      cell.document ? String(cell.document.bytes) : '',
      cell.document?.sha256 ?? '',
      cell.document?.postedAt ?? '',
      cell.document ? String(cell.document.version) : '',
    ]),
  );
}

function failure(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  message: string,
  code?: 'INVALID_INPUT',
) {
  return reply.code(statusCode).send({ statusCode, error, code, message });
}

const STATUS_ERRORS: Record<number, string> = {
  400: 'Bad Request',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
};

/**
 * The Full Disclosure Policy documents: transparency staff post one per type and period
 * (`POST /api/full-disclosure`, and the no-JavaScript form of /staff/full-disclosure);
 * everyone reads the grid of a year as JSON and CSV, each posting's history, and a feed
 * announcing every posting and correction.
 */
export async function fullDisclosureRoutes(
  app: FastifyInstance,
  {
    database,
    dataDir,
    maxDocumentBytes,
    siteUrl,
    types,
    trackedFrom,
    municipality,
  }: FullDisclosureRoutesOptions,
) {
  const uploads = await acceptDocumentUploads(app, { database, dataDir, maxDocumentBytes });
  const context = () => ({ database, types, siteUrl, now: app.clock.now(), trackedFrom });

  /** The year asked for (the current fiscal year when none), or undefined after a 400. */
  function requestedYear(
    request: FastifyRequest<{ Querystring: { year?: string } }>,
    reply: FastifyReply,
    answer: 'json' | 'text',
  ): number | undefined {
    const text = request.query.year;
    const year = text === undefined ? currentFiscalYear(app.clock.now()) : Number(text);
    if (
      request.validationError ||
      !Number.isInteger(year) ||
      year < FIRST_DISCLOSURE_YEAR ||
      year > LAST_DISCLOSURE_YEAR
    ) {
      const message = `year must be a fiscal year from ${FIRST_DISCLOSURE_YEAR} to ${LAST_DISCLOSURE_YEAR}, written like 2025.`;
      reply.code(400);
      if (answer === 'json') failure(reply, 400, 'Bad Request', message);
      else reply.type('text/plain; charset=utf-8').send(`${message}\n`);
      return undefined;
    }
    return year;
  }

  /**
   * A strong validator for a year's grid: its states change with the data and with the
   * Manila day (every deadline falls at a Manila midnight).
   */
  async function gridEtag(request: FastifyRequest, format: string, year: number) {
    return strongEtag(request, [
      'full-disclosure',
      format,
      year,
      await currentDataVersion(database),
      manilaDate(app.clock.now().toISOString()),
      siteUrl,
    ]);
  }

  async function readFieldsBeforeFile(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart()) {
      return failure(reply, 415, 'Unsupported Media Type', postingBodyDescription, 'INVALID_INPUT');
    }
    await uploads.readFieldsBeforeFile(request);
  }

  async function post(request: FastifyRequest) {
    const upload = uploads.pendingUpload(request)!;
    const user = await staffWithRole(database, request, 'transparency');
    return postDisclosure({
      database,
      types,
      upload,
      file: upload.file,
      receive: (pending, file, accepted) => uploads.receive(pending, file, accepted),
      user,
      address: request.ip,
      now: app.clock.now(),
    });
  }

  app.post(
    '/api/full-disclosure',
    {
      schema: {
        description: postingBodyDescription,
        response: { 201: postedSchema, ...errorResponses },
      },
      onRequest: privateAnswers,
      // Who is asking comes before the token, and the token before the file is stored.
      preHandler: [requireRole(database, 'transparency'), readFieldsBeforeFile, app.csrfProtection],
    },
    async (request, reply) => {
      const outcome = await post(request);
      if (!outcome.ok) {
        return reply.code(outcome.status).send({
          statusCode: outcome.status,
          error: STATUS_ERRORS[outcome.status],
          code: outcome.code,
          message: outcome.message,
          errors: { [outcome.field]: outcome.message },
        });
      }
      return reply.code(201).send({
        permalink: `${siteUrl ?? ''}${outcome.path}`,
        version: outcome.version,
        corrected: outcome.corrected,
      });
    },
  );

  /** Back to the staff page, in the form's language, with what happened and the type and period kept. */
  function backToStaffPage(reply: FastifyReply, lang: Lang, params: Record<string, string>) {
    const page = pathInLang(STAFF_FULL_DISCLOSURE_PAGE, lang);
    return reply.redirect(`${page}?${new URLSearchParams(params)}`, 303);
  }

  // The form posts to its page's language: /fil/staff/full-disclosure/posting from the
  // Filipino page, so every answer, the sign-in page included, stays in that language.
  formRoutes(
    app,
    STAFF_FULL_DISCLOSURE_FORM,
    ({ lang, at }) => ({
      onRequest: privateAnswers,
      schema: {
        description: postingBodyDescription.replace(
          'in the x-csrf-token header',
          'in a `_csrf` field before the file',
        ),
        response: {
          303: emptyResponse(
            `Back to ${at(STAFF_FULL_DISCLOSURE_PAGE)} saying what was posted or why not; to ${at('/bac-login')} without a session.`,
          ),
        },
      },
      preHandler: [
        // An account without the role is told so on the page.
        staffFormRole(database, 'transparency', lang, (reply) =>
          backToStaffPage(reply, lang, { outcome: 'forbidden' satisfies StaffPostingOutcome }),
        ),
        uploads.readFieldsBeforeFile,
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const upload = uploads.pendingUpload(request)!;
      const kept = {
        type: upload.fields.type ?? '',
        year: upload.fields.year ?? '',
        quarter: upload.fields.quarter ?? '',
      };
      const outcome = await post(request);
      if (!outcome.ok) {
        return backToStaffPage(reply, lang, {
          ...kept,
          outcome: DISCLOSURE_REFUSAL_OUTCOMES[outcome.code],
        });
      }
      return backToStaffPage(reply, lang, {
        ...kept,
        outcome: (outcome.corrected ? 'corrected' : 'posted') satisfies StaffPostingOutcome,
        posting: outcome.path,
      });
    },
  );

  app.get<{ Querystring: { year?: string } }>(
    `${FULL_DISCLOSURE_PAGE}.json`,
    {
      schema: { querystring: yearQuerySchema, response: { 200: gridSchema, '4xx': errorSchema } },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const year = requestedYear(request, reply, 'json');
      if (year === undefined) return reply;
      const etag = await gridEtag(request, 'json', year);
      if (notModified(request, reply, etag)) return reply;
      return reply
        .type('application/json; charset=utf-8')
        .send(await disclosureGrid(context(), year));
    },
  );

  app.get<{ Querystring: { year?: string } }>(
    `${FULL_DISCLOSURE_PAGE}.csv`,
    {
      schema: {
        querystring: yearQuerySchema,
        response: {
          200: mediaResponse(
            'Every document type and period of the year, one row each, with its state, deadline and the posted file.',
            ['text/csv'],
          ),
        },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const year = requestedYear(request, reply, 'text');
      if (year === undefined) return reply;
      const etag = await gridEtag(request, 'csv', year);
      if (notModified(request, reply, etag)) return reply;
      reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="full-disclosure-${year}.csv"`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(csvTable(CSV_COLUMNS, csvRows(await disclosureGrid(context(), year))));
    },
  );

  atomRoute(app, `${FULL_DISCLOSURE_PAGE}.atom`, {
    database,
    siteUrl,
    description: 'Every Full Disclosure posting and correction, newest first.',
    feed: async (origin) => {
      // Feeds have no language: the English name.
      const names = new Map(types.map((type) => [type.id, inEnglish(type.name)]));
      return {
        selfUrl: `${origin}${FULL_DISCLOSURE_PAGE}.atom`,
        pageUrl: `${origin}${FULL_DISCLOSURE_PAGE}`,
        title: `Full Disclosure Policy documents — ${municipality}`,
        subtitle: `The latest ${DISCLOSURE_FEED_ENTRIES} documents posted under the DILG Full Disclosure Policy, corrections included.`,
        author: municipality,
        entries: (await latestPostedFiles(database, DISCLOSURE_FEED_ENTRIES)).map(
          (file): AtomEntry => {
            const name = names.get(file.documentType) ?? file.documentType;
            const url = `${origin}${postingPath(file.documentType, file.period)}`;
            const label = periodLabel(file.period);
            return {
              id: `${url}#file-${file.version}`,
              title: `${file.version > 1 ? 'Corrected: ' : ''}${name}, ${label}`,
              url,
              published: file.postedAt,
              updated: file.postedAt,
              category: { term: file.documentType, label: name },
              summary: [
                file.reason ? `Correction: ${file.reason}` : `Posted for ${label}.`,
                `File: ${origin}${documentPath(file.sha256, file.fileName)}`,
                `Size: ${file.bytes} bytes`,
                `SHA-256: ${file.sha256}`,
              ].join('\n'),
            };
          },
        ),
      };
    },
  });

  app.get<{ Params: { type: string; period: string } }>(
    '/api/full-disclosure/:type/:period',
    {
      schema: {
        params: postingParamsSchema,
        response: { 200: postingSchema, ...errorResponses },
      },
      config: { publicRead: true },
      attachValidation: true,
    },
    async (request, reply) => {
      const period = periodFromSlug(request.params.period);
      const posting =
        !request.validationError && period
          ? await disclosurePosting(context(), request.params.type, period)
          : undefined;
      if (!posting) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: 'Nothing is posted for that document type and period.',
        });
      }
      return reply.header('cache-control', 'no-cache').send(posting);
    },
  );
}
