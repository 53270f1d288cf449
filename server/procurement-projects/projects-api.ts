import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { listProjects } from '../../db/procurement-projects/project-list.ts';
import type { ParameterValue } from '../../shared/records/list-query.ts';
import { parseProjectListQuery } from '../../shared/procurement-projects/project-services.ts';
import { requireRole, staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import { publicReadOptions, sendListAnswer } from '../http/public-read.ts';
import { allErrorsValidatorCompiler, schemaErrorsOf } from '../http/strict-validator.ts';
import { moveNoticeAsStaff } from './move-notice.ts';
import { procurementProjectDetail } from './project-detail.ts';
import {
  moveBodySchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectParamsSchema,
} from './schemas.ts';

interface ListRequest {
  Querystring: Record<'q' | 'page' | 'year' | 'mode' | 'status', ParameterValue>;
}

interface ProjectRequest {
  Params: { ocid: string };
}

interface MoveRequest extends ProjectRequest {
  Body: { collection: string; id: number; reason: string };
}

const notFound = { statusCode: 404, error: 'Not Found', message: 'No such procurement project' };

/**
 * The procurement projects API (issue 34): the list and one project, public; moving a
 * notice into a project, for the BAC role.
 */
export async function projectsApiRoutes(
  app: FastifyInstance,
  { database, ocidPrefix }: { database: AppDatabase; ocidPrefix: string },
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
        listProjects(database, query, ocidPrefix),
      );
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
        : procurementProjectDetail(database, request.params.ocid, ocidPrefix);
      if (!project) return reply.code(404).send(notFound);
      return reply.header('cache-control', 'no-cache').send(project);
    },
  );

  app.post<MoveRequest>(
    '/api/procurements/:ocid/notices',
    {
      schema: {
        params: projectParamsSchema,
        body: moveBodySchema,
        response: { 200: projectDetailSchema, ...errorResponses },
      },
      validatorCompiler: allErrorsValidatorCompiler,
      attachValidation: true,
      preValidation: [requireRole(database, 'bac'), app.csrfProtection],
    },
    async (request, reply) => {
      if (request.validationError) {
        const fields = schemaErrorsOf(request.validationError).map(
          (error) => error.instancePath.slice(1) || String(error.params.missingProperty ?? ''),
        );
        return reply.code(400).send({
          statusCode: 400,
          code: 'INVALID_INPUT',
          message: `Send collection, id and reason (${[...new Set(fields)].join(', ')} refused).`,
          errors: {},
        });
      }
      const user = await staffWithRole(database, request, 'bac');
      const outcome = moveNoticeAsStaff(database, request, user, request.params.ocid, request.body);
      if (!outcome.ok) return sendRefusal(reply, outcome);
      return reply.send(procurementProjectDetail(database, request.params.ocid, ocidPrefix));
    },
  );
}
