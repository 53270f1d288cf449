import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../http/refusal-reply.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { requireRole } from '../auth/require-role.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { IDEMPOTENCY_KEY_HEADER, type RecordChangeOutcome } from '../../shared/staff-services.ts';
import {
  amendmentBodySchema,
  describeBodyErrors,
  describeChangeBodyErrors,
  describeRecordBodyErrors,
  recentRecordsQuerystringSchema,
  recordBodySchema,
  recordIdParamsSchema,
  withdrawalBodySchema,
} from '../records/schemas.ts';
import {
  credentialLabels,
  credentialsSchema,
  signedInSchema,
  signedOutSchema,
  staffSessionSchema,
} from './session-schemas.ts';
import { errorResponses } from '../http/error-schemas.ts';
import {
  procurementRecordSchema,
  recentRecordsSchema,
  recordDetailSchema,
} from '../records/record-responses.ts';
import {
  allErrorsValidatorCompiler,
  schemaErrorsOf,
  strictValidatorCompiler,
} from '../http/strict-validator.ts';
import { createStaffServices } from './server-staff-services.ts';

interface ChangeRequest<Body> {
  Params: { id: string };
  Body: Body;
}

type AmendmentBody = { fields: Record<string, string>; reason: string; version: number };

const noSuchRecord = {
  statusCode: 404,
  error: 'Not Found',
  code: 'NO_SUCH_RECORD',
  message: 'No such record',
};

/** The JSON side of sign-in, sign-out and record writes, used by the browser after hydration. */
export async function staffApiRoutes(
  app: FastifyInstance,
  { database }: { database: SiteDatabase },
) {
  // These endpoints take JSON only. Fastify would also parse text/plain into a string, which
  // the schema then refused as a 400; without that parser any body but JSON is a 415.
  app.removeContentTypeParser('text/plain');

  // Every answer here is for the one who asked (a session, a CSRF token, staff data), and
  // errors included: no shared cache may keep one, whatever the request looked like.
  app.addHook('onRequest', privateAnswers);

  app.get(
    '/api/session',
    { schema: { response: { 200: staffSessionSchema, ...errorResponses } } },
    async (request, reply) => {
      return createStaffServices(database, request, reply).staffSession();
    },
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/api/session',
    {
      schema: { body: credentialsSchema, response: { 200: signedInSchema, ...errorResponses } },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
      preValidation: app.csrfProtection,
    },
    async (request, reply) => {
      if (request.validationError) {
        const { message, fieldErrors } = describeBodyErrors(
          schemaErrorsOf(request.validationError),
          credentialLabels,
          (label) => `${label} is required.`,
        );
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          code: 'INVALID_INPUT',
          message,
          errors: fieldErrors,
        });
      }
      const outcome = await createStaffServices(database, request, reply).signIn(request.body, '');
      if (outcome.ok) return { ok: true, roles: outcome.roles };
      return reply
        .code(outcome.status)
        .send({ statusCode: outcome.status, code: outcome.code, message: outcome.message });
    },
  );

  app.delete(
    '/api/session',
    {
      schema: { response: { 204: signedOutSchema, ...errorResponses } },
      preHandler: app.csrfProtection,
    },
    async (request, reply) => {
      await createStaffServices(database, request, reply).signOut('');
      return reply.code(204).send();
    },
  );

  // One route per kind, so each declares the exact body of its kind; an unknown collection
  // falls through to the API's 404.
  for (const kind of recordKinds) {
    app.post<{ Body: Record<string, string> }>(
      `/api/records/${kind.collection}`,
      {
        schema: {
          body: recordBodySchema(kind),
          response: {
            201: procurementRecordSchema([kind]),
            200: {
              ...procurementRecordSchema([kind]),
              description: 'Sent again with the same Idempotency-Key: the record it stored first.',
            },
            ...errorResponses,
          },
        },
        validatorCompiler: allErrorsValidatorCompiler,
        attachValidation: true,
        // Who is asking and whether the token is right come before what was sent.
        preValidation: [requireRole(database, 'bac'), app.csrfProtection],
      },
      async (request, reply) => {
        if (request.validationError) {
          const { message, fieldErrors } = describeRecordBodyErrors(
            kind,
            schemaErrorsOf(request.validationError),
            request.body,
          );
          return reply
            .code(400)
            .send({ statusCode: 400, code: 'INVALID_INPUT', message, errors: fieldErrors });
        }
        const formKey = request.headers[IDEMPOTENCY_KEY_HEADER];
        if (Array.isArray(formKey)) {
          return reply.code(400).send({
            statusCode: 400,
            code: 'INVALID_INPUT',
            message: 'Send one Idempotency-Key header.',
            errors: {},
          });
        }
        const outcome = await createStaffServices(database, request, reply).addRecord(
          kind.collection,
          request.body,
          '',
          formKey,
        );
        // A form sent again answers with the record its first sending stored: 200, not 201.
        if (outcome.ok) return reply.code(outcome.alreadyStored ? 200 : 201).send(outcome.record);
        return sendRefusal(reply, outcome);
      },
    );

    // Corrections and withdrawals: staff and CSRF first, then a bad id is no record (404),
    // then the body's shape; the content and the version are checked by the service.
    const changeOptions = (body: object) => ({
      schema: {
        params: recordIdParamsSchema,
        body,
        response: { 200: recordDetailSchema([kind]), ...errorResponses },
      },
      validatorCompiler: allErrorsValidatorCompiler,
      attachValidation: true,
      preValidation: [requireRole(database, 'bac'), app.csrfProtection],
    });

    /** Refuses a bad id or body, else makes the change through the staff services and answers with its outcome. */
    const changeHandler =
      <Body>(
        change: (
          services: ReturnType<typeof createStaffServices>,
          id: number,
          body: Body,
        ) => Promise<RecordChangeOutcome>,
      ) =>
      async (request: FastifyRequest<ChangeRequest<Body>>, reply: FastifyReply) => {
        const refusal = schemaRefusal(request, kind);
        if (refusal) return reply.code(refusal.statusCode).send(refusal);
        const services = createStaffServices(database, request, reply);
        // Past schemaRefusal the body has passed the route's schema, which declares Body.
        const body = request.body as Body;
        return sendChange(reply, await change(services, Number(request.params.id), body));
      };

    app.patch<ChangeRequest<AmendmentBody>>(
      `/api/records/${kind.collection}/:id`,
      changeOptions(amendmentBodySchema(kind)),
      changeHandler<AmendmentBody>((services, id, body) =>
        services.amendRecord(kind.collection, id, body, ''),
      ),
    );

    app.post<ChangeRequest<{ reason: string }>>(
      `/api/records/${kind.collection}/:id/withdrawal`,
      changeOptions(withdrawalBodySchema),
      changeHandler<{ reason: string }>((services, id, body) =>
        services.withdrawRecord(kind.collection, id, body, ''),
      ),
    );
  }

  app.get<{ Querystring: { limit?: string } }>(
    '/api/staff/recent-records',
    {
      schema: {
        summary: 'The records desk’s newest records (role bac)',
        querystring: recentRecordsQuerystringSchema,
        response: { 200: recentRecordsSchema, ...errorResponses },
      },
      validatorCompiler: strictValidatorCompiler,
      // Reads name their role as writes do: the records desk's list is the BAC role's.
      preValidation: requireRole(database, 'bac'),
    },
    async (request, reply) => {
      const { limit } = request.query;
      return createStaffServices(database, request, reply).recentRecords(
        limit === undefined ? undefined : Number(limit),
      );
    },
  );
}

/** The answer for a change whose id or body failed its schema, or undefined when both passed. */
function schemaRefusal(request: FastifyRequest, kind: RecordKind) {
  const error = request.validationError;
  if (!error) return undefined;
  if (error.validationContext === 'params') return noSuchRecord;
  const { message, fieldErrors } = describeChangeBodyErrors(kind, schemaErrorsOf(error));
  return {
    statusCode: 400,
    error: 'Bad Request',
    code: 'INVALID_INPUT',
    message,
    errors: fieldErrors,
  };
}

function sendChange(reply: FastifyReply, outcome: RecordChangeOutcome) {
  if (outcome.ok) return reply.code(200).send(outcome.record);
  return sendRefusal(reply, outcome);
}
