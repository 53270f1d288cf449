import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../http/refusal-reply.ts';
import { activeAdvisories, pastAdvisories } from '../../db/advisories/advisories.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { DeletionOutcome } from '../../shared/deletion.ts';
import {
  ADVISORY_LABELS,
  PAST_ADVISORIES,
  type AdvisoryAmendment,
  type AdvisoryInput,
  type AdvisoryOutcome,
} from '../../shared/advisories/advisories.ts';
import { advisoryStaffServices } from './advisory-staff-services.ts';
import { requireRole } from '../auth/require-role.ts';
import type { Clock } from '../clock.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import {
  advisoryAmendmentBodySchema,
  advisoryBodySchema,
  advisoryEndBodySchema,
  advisoryIdParamsSchema,
  advisoryListSchema,
  advisorySchema,
  staffAdvisoriesSchema,
} from './schemas.ts';
import { deletionRouteOptions } from '../http/deletion.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { describeBodyErrors } from '../records/schemas.ts';
import { allErrorsValidatorCompiler, schemaErrorsOf } from '../http/strict-validator.ts';

/** The body fields each write takes, by their labels: what a refusal names. */
const POST_LABELS = ADVISORY_LABELS;
const AMEND_LABELS = { ...ADVISORY_LABELS, reason: 'Reason', version: 'Version' };
const END_LABELS = { reason: 'Reason' };
const noSuchAdvisory = {
  statusCode: 404,
  error: 'Not Found',
  code: 'NO_SUCH_ADVISORY',
  message: 'There is no such advisory.',
};

/** The answer for a body or id that failed its schema, or undefined when both passed. */
function schemaRefusal(request: FastifyRequest, labels: Readonly<Record<string, string>>) {
  const error = request.validationError;
  if (!error) return undefined;
  if (error.validationContext === 'params') return noSuchAdvisory;
  const { message, fieldErrors } = describeBodyErrors(
    schemaErrorsOf(error),
    labels,
    (label) => `${label} is required.`,
  );
  return {
    statusCode: 400,
    error: 'Bad Request',
    code: 'INVALID_INPUT',
    message,
    errors: fieldErrors,
  };
}

function send(reply: FastifyReply, outcome: AdvisoryOutcome | DeletionOutcome, created = false) {
  if (outcome.ok)
    return reply
      .code(created ? 201 : 200)
      .send('advisory' in outcome ? outcome.advisory : { id: outcome.id });
  return sendRefusal(reply, outcome);
}

/**
 * Advisories as JSON: the public reads (cached like pages, keyed by the advisory epoch
 * too, so an answer changes at a start or end time) and the `information` role's writes,
 * each with the CSRF header, in the records API's shape.
 */
export async function advisoriesApiRoutes(
  app: FastifyInstance,
  { database, clock }: { database: SiteDatabase; clock: Clock },
) {
  // JSON bodies only, as on the records API: any other type is a 415, not a string body.
  app.removeContentTypeParser('text/plain');

  app.get(
    '/api/advisories',
    {
      schema: {
        description: 'The advisories shown as banners right now, most severe first.',
        response: { 200: advisoryListSchema, ...errorResponses },
      },
      config: { publicRead: true },
    },
    async () => activeAdvisories(database, clock.now().toISOString()),
  );

  app.get(
    '/api/advisories/past',
    {
      schema: {
        description: `The latest ${PAST_ADVISORIES} advisories that were shown and are over, the one that ended last first.`,
        response: { 200: advisoryListSchema, ...errorResponses },
      },
      config: { publicRead: true },
    },
    async () => pastAdvisories(database, clock.now().toISOString(), PAST_ADVISORIES),
  );

  const staffOnly = requireRole(database, 'information');
  const writeOptions = (body: object, params?: object, created = false) => ({
    onRequest: privateAnswers,
    schema: {
      ...(params ? { params } : {}),
      body,
      response: { [created ? 201 : 200]: advisorySchema, ...errorResponses },
    },
    validatorCompiler: allErrorsValidatorCompiler,
    attachValidation: true,
    // Who is asking and whether the token is right come before what was sent.
    preValidation: [staffOnly, app.csrfProtection],
  });

  app.get(
    '/api/staff/advisories',
    {
      onRequest: privateAnswers,
      schema: {
        description: 'Every advisory, upcoming and ended ones included, the latest posted first.',
        response: { 200: staffAdvisoriesSchema, ...errorResponses },
      },
      preValidation: staffOnly,
    },
    async (request) => advisoryStaffServices(database, clock, request).staffAdvisories(),
  );

  app.post<{ Body: AdvisoryInput }>(
    '/api/advisories',
    writeOptions(advisoryBodySchema, undefined, true),
    async (request, reply) => {
      const refusal = schemaRefusal(request, POST_LABELS);
      if (refusal) return reply.code(refusal.statusCode).send(refusal);
      const services = advisoryStaffServices(database, clock, request);
      return send(reply, await services.postAdvisory(request.body, ''), true);
    },
  );

  app.patch<{ Params: { id: string }; Body: AdvisoryAmendment }>(
    '/api/advisories/:id',
    writeOptions(advisoryAmendmentBodySchema, advisoryIdParamsSchema),
    async (request, reply) => {
      const refusal = schemaRefusal(request, AMEND_LABELS);
      if (refusal) return reply.code(refusal.statusCode).send(refusal);
      const services = advisoryStaffServices(database, clock, request);
      return send(reply, await services.amendAdvisory(Number(request.params.id), request.body, ''));
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/api/advisories/:id/end',
    writeOptions(advisoryEndBodySchema, advisoryIdParamsSchema),
    async (request, reply) => {
      const refusal = schemaRefusal(request, END_LABELS);
      if (refusal) return reply.code(refusal.statusCode).send(refusal);
      const services = advisoryStaffServices(database, clock, request);
      return send(reply, await services.endAdvisory(Number(request.params.id), request.body, ''));
    },
  );
  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/api/advisories/:id/deletion',
    deletionRouteOptions(app, database, {
      summary: 'Delete an advisory posted by mistake (role admin)',
      params: advisoryIdParamsSchema,
    }),
    async (request, reply) => {
      const refusal = schemaRefusal(request, END_LABELS);
      if (refusal) return reply.code(refusal.statusCode).send(refusal);
      const services = advisoryStaffServices(database, clock, request);
      return send(
        reply,
        await services.deleteAdvisory(Number(request.params.id), request.body, ''),
      );
    },
  );
}
