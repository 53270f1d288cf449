import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import type { ParameterValue } from '../../shared/records/list-query.ts';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import { parseProjectListQuery } from '../../shared/procurement-projects/project-services.ts';
import { requireRole, staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import { publicReadOptions, sendListAnswer } from '../http/public-read.ts';
import { mediaResponse } from '../http/media.ts';
import {
  allErrorsValidatorCompiler,
  schemaErrorsOf,
  strictValidatorCompiler,
} from '../http/strict-validator.ts';
import { csvTable } from '../open-data/csv.ts';
import { notModified, strongEtag } from '../open-data/etag.ts';
import { addAmendmentAsStaff } from './add-amendment.ts';
import { moveNoticeAsStaff } from './move-notice.ts';
import { procurementProjectDetail, type ProjectDetailOptions } from './project-detail.ts';
import { projectsPage } from './project-list-answer.ts';
import {
  amendmentBodySchema,
  amendmentCreatedSchema,
  moveBodySchema,
  projectDetailSchema,
  projectDownloadQuerySchema,
  projectListQuerySchema,
  projectPageSchema,
  projectParamsSchema,
} from './schemas.ts';

interface ListRequest {
  Querystring: Record<'q' | 'page' | 'year' | 'mode' | 'status' | 'supplier', ParameterValue>;
}

/** The projects CSV's columns: the list's fields, amounts as decimal strings, and the page. */
const CSV_COLUMNS = [
  'ocid',
  'title',
  'end_user_office',
  'mode',
  'abc',
  'app_code',
  'year',
  'status',
  'created',
  'updated',
  'url',
];

interface ProjectRequest {
  Params: { ocid: string };
}

interface MoveRequest extends ProjectRequest {
  Body: { collection: string; id: number; reason: string };
}

interface AmendmentRequest extends ProjectRequest {
  Body: { amount: string; date: string; reason: string };
}

const notFound = { statusCode: 404, error: 'Not Found', message: 'No such procurement project' };

/** The 400 of a body its schema refused: the fields named, with a code like every refusal. */
export function invalidBody(error: Error, expected: string) {
  const fields = schemaErrorsOf(error).map(
    (problem) => problem.instancePath.slice(1) || String(problem.params.missingProperty ?? ''),
  );
  return {
    statusCode: 400,
    code: 'INVALID_INPUT',
    message: `Send ${expected} (${[...new Set(fields)].join(', ')} refused).`,
    errors: {},
  };
}

/** A BAC member's write: the role checked before the body or the CSRF token; every schema error collected. */
export function bacWriteOptions(
  app: FastifyInstance,
  database: SiteDatabase,
  schema: { params: object; body: object; response: object },
) {
  return {
    schema,
    validatorCompiler: allErrorsValidatorCompiler,
    attachValidation: true,
    preValidation: [requireRole(database, 'bac'), app.csrfProtection],
  };
}

/**
 * The procurement projects API (issue 34): the list and one project, public; moving a
 * notice into a project and adding a contract amendment, for the BAC role.
 */
export async function projectsApiRoutes(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    ...projectSite
  }: { database: SiteDatabase; siteUrl?: string | undefined } & ProjectDetailOptions,
) {
  app.get<ListRequest>(
    '/api/procurements',
    // Public and cacheable like the record lists.
    {
      schema: {
        querystring: projectListQuerySchema,
        response: { 200: projectPageSchema, ...errorResponses },
      },
      ...publicReadOptions,
    },
    async (request, reply) => {
      return sendListAnswer(reply, parseProjectListQuery(request.query), (query) =>
        projectsPage(database, query, projectSite.ocidPrefix),
      );
    },
  );

  app.get<ListRequest>(
    '/api/procurements.csv',
    {
      schema: {
        querystring: projectDownloadQuerySchema,
        response: {
          200: mediaResponse(
            'Every project matching the filters (q, year, mode, status, supplier), newest year first, with a header row: ocid, title, end_user_office, mode, abc (pesos as a decimal string), app_code, year, status, created, updated (ISO 8601 UTC) and url (its page).',
            ['text/csv'],
          ),
          400: mediaResponse('A filter this list cannot read, said in words.', ['text/plain']),
        },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const { q, year, mode, status, supplier } = request.query;
      const parsed = parseProjectListQuery({ q, year, mode, status, supplier });
      if (!parsed.ok) {
        return reply.code(400).type('text/plain; charset=utf-8').send(`${parsed.message}\n`);
      }
      const query = parsed.value;
      const etag = strongEtag(request, [
        'procurements-csv',
        query,
        siteUrl,
        await currentDataVersion(database),
      ]);
      if (notModified(request, reply, etag)) return reply;
      const filtered = query.q || query.year || query.mode || query.status || query.supplier;
      reply
        .type('text/csv; charset=utf-8; header=present')
        .header(
          'content-disposition',
          `attachment; filename="${filtered ? 'procurements-search.csv' : 'procurements.csv'}"`,
        );
      if (request.method === 'HEAD') return reply.send();
      const rows = (await projectsPage(database, query, projectSite.ocidPrefix, true)).items.map(
        (project) => [
          project.ocid,
          project.title,
          project.endUserOffice ?? '',
          project.mode ?? '',
          project.abc ?? '',
          project.appCode ?? '',
          String(project.year),
          project.status,
          project.created,
          project.updated,
          `${siteUrl ?? ''}${procurementPath(project.ocid)}`,
        ],
      );
      return reply.send(csvTable(CSV_COLUMNS, rows));
    },
  );

  app.get<ProjectRequest>(
    '/api/procurements/:ocid',
    {
      schema: {
        params: projectParamsSchema,
        response: { 200: projectDetailSchema, ...errorResponses },
      },
      ...publicReadOptions,
    },
    async (request, reply) => {
      const project = request.validationError
        ? undefined
        : await procurementProjectDetail(database, request.params.ocid, projectSite);
      if (!project) return reply.code(404).send(notFound);
      return reply.header('cache-control', 'no-cache').send(project);
    },
  );

  app.post<MoveRequest>(
    '/api/procurements/:ocid/notices',
    bacWriteOptions(app, database, {
      params: projectParamsSchema,
      body: moveBodySchema,
      response: { 200: projectDetailSchema, ...errorResponses },
    }),
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .send(invalidBody(request.validationError, 'collection, id and reason'));
      }
      const user = await staffWithRole(database, request, 'bac');
      const outcome = await moveNoticeAsStaff(
        database,
        request,
        user,
        request.params.ocid,
        request.body,
      );
      if (!outcome.ok) return sendRefusal(reply, outcome);
      return reply.send(await procurementProjectDetail(database, request.params.ocid, projectSite));
    },
  );

  app.post<AmendmentRequest>(
    '/api/procurements/:ocid/contract-amendments',
    bacWriteOptions(app, database, {
      params: projectParamsSchema,
      body: amendmentBodySchema,
      response: { 201: amendmentCreatedSchema, ...errorResponses },
    }),
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .send(invalidBody(request.validationError, 'amount, date and reason'));
      }
      const user = await staffWithRole(database, request, 'bac');
      const { ocid } = request.params;
      const outcome = await addAmendmentAsStaff(database, request, user, ocid, request.body);
      if (!outcome.ok) return sendRefusal(reply, outcome);
      return reply.code(201).send({
        id: outcome.id,
        project: await procurementProjectDetail(database, ocid, projectSite),
      });
    },
  );
}
