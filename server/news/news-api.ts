import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../http/refusal-reply.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  validateNewsInput,
  type NewsAmendment,
  type NewsInput,
  type NewsOutcome,
} from '../../shared/news/news.ts';
import { DELETION_ROLE, type DeletionOutcome } from '../../shared/deletion.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { requireRole } from '../auth/require-role.ts';
import { newsAuthor, NEWS_ROLE } from './news-staff-services.ts';
import type { NewsAuthor } from '../../db/news/news-queries.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import {
  API_WORDS,
  addNewsAsStaff,
  amendNewsAsStaff,
  deleteNewsAsStaff,
  newsDetail,
  newsPageOf,
  staffNewsItems,
  withdrawNewsAsStaff,
} from './news-service.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { deletionRouteOptions } from '../http/deletion.ts';
import { errorResponses } from '../http/error-schemas.ts';
import {
  newsAmendmentBodySchema,
  newsBodySchema,
  newsDetailSchema,
  newsIdParamsSchema,
  newsPageQuerystringSchema,
  newsPageSchema,
  newsWithdrawalBodySchema,
  staffNewsListSchema,
} from './schemas.ts';
import { allErrorsValidatorCompiler, schemaErrorsOf } from '../http/strict-validator.ts';

const noSuchItem = {
  statusCode: 404,
  error: 'Not Found',
  code: 'NO_SUCH_ITEM',
  message: 'No such news item',
};

/**
 * The news API: public reads of /news and each item, and the `information` role's writes,
 * shaped like the records API (JSON bodies, the CSRF header, `version` and `reason` on
 * PATCH, 409 when stale). The no-JavaScript staff page reaches the same services.
 */
export async function newsApiRoutes(
  app: FastifyInstance,
  { database }: { database: SiteDatabase },
) {
  app.removeContentTypeParser('text/plain');

  app.get<{ Querystring: { page?: string } }>(
    '/api/news',
    {
      config: { publicRead: true },
      schema: {
        summary: 'Published news items, newest first, a page at a time',
        querystring: newsPageQuerystringSchema,
        response: { 200: newsPageSchema, ...errorResponses },
      },
    },
    async (request) => newsPageOf(database, Number(request.query.page ?? 1)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/news/:id',
    {
      config: { publicRead: true },
      schema: {
        summary: 'One news item with its history, withdrawn ones included',
        params: newsIdParamsSchema,
        response: { 200: newsDetailSchema, ...errorResponses },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const item = request.validationError
        ? undefined
        : await newsDetail(database, request.params.id);
      return item ?? reply.code(404).send(noSuchItem);
    },
  );

  /** Staff writes: role, then token, then the body; every answer is private. */
  const writeOptions = (summary: string, body: object, success: 200 | 201) => ({
    onRequest: privateAnswers,
    schema: {
      summary,
      ...(success === 200 ? { params: newsIdParamsSchema } : {}),
      body,
      response: { [success]: newsDetailSchema, ...errorResponses },
    },
    validatorCompiler: allErrorsValidatorCompiler,
    attachValidation: true,
    preValidation: [requireRole(database, NEWS_ROLE), app.csrfProtection],
  });

  /** Makes `change` to the item the path names, as the signed-in staff member, and answers 200 or the refusal. */
  async function changeItem<Body>(
    request: ItemRequest<Body>,
    reply: FastifyReply,
    change: (
      database: SiteDatabase,
      id: string,
      body: ItemRequest<Body>['body'],
      author: NewsAuthor,
    ) => Promise<NewsOutcome | DeletionOutcome>,
    role: StaffRole = NEWS_ROLE,
  ) {
    const author = await newsAuthor(database, request, role);
    return send(reply, await change(database, request.params.id, request.body, author), 200);
  }

  app.get(
    '/api/staff/news',
    {
      onRequest: privateAnswers,
      schema: {
        summary: 'Every news item with its Markdown, for editing (role information)',
        response: { 200: staffNewsListSchema, ...errorResponses },
      },
      preValidation: requireRole(database, NEWS_ROLE),
    },
    async () => staffNewsItems(database),
  );

  app.post<{ Body: NewsInput }>(
    '/api/news',
    writeOptions('Publish a news item (role information)', newsBodySchema, 201),
    async (request, reply) => {
      if (request.validationError) return badBody(request, reply, itemErrors);
      const outcome = await addNewsAsStaff(
        database,
        request.body,
        await newsAuthor(database, request),
      );
      return send(reply, outcome, 201);
    },
  );

  app.patch<{ Params: { id: string }; Body: NewsAmendment }>(
    '/api/news/:id',
    writeOptions('Correct a news item (role information)', newsAmendmentBodySchema, 200),
    async (request, reply) => {
      if (request.validationError)
        return badBody(request, reply, (body) => ({ ...itemErrors(body), ...reasonErrors(body) }));
      return changeItem(request, reply, amendNewsAsStaff);
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/api/news/:id/withdrawal',
    writeOptions('Withdraw a news item (role information)', newsWithdrawalBodySchema, 200),
    async (request, reply) => {
      if (request.validationError) return badBody(request, reply, reasonErrors);
      return changeItem(request, reply, withdrawNewsAsStaff);
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/api/news/:id/deletion',
    deletionRouteOptions(app, database, {
      summary: 'Delete a news item posted by mistake (role admin)',
      params: newsIdParamsSchema,
    }),
    async (request, reply) => {
      if (request.validationError) return badBody(request, reply, reasonErrors);
      return changeItem(request, reply, deleteNewsAsStaff, DELETION_ROLE);
    },
  );
}

type Body = Record<string, unknown>;

/** A request to change the item its path names, with a body. */
type ItemRequest<Body> = FastifyRequest<{ Params: { id: string }; Body: Body }>;

/** The words the staff form shows for an item's fields. */
function itemErrors(body: Body): Record<string, string> {
  const checked = validateNewsInput(body, API_WORDS);
  return checked.ok ? {} : checked.errors;
}

function reasonErrors(body: Body): Record<string, string> {
  const reason = checkReason(body.reason);
  return reason.ok ? {} : { reason: reason.message };
}

/**
 * A body or id the schema refused: an unknown id is no item (404); otherwise the field
 * messages the staff form would show, or the schema's own words when those find nothing
 * (a property the API does not take, a wrong type).
 */
function badBody(
  request: FastifyRequest,
  reply: FastifyReply,
  describe: (body: Body) => Record<string, string>,
) {
  const error = request.validationError!;
  if (error.validationContext === 'params') return reply.code(404).send(noSuchItem);
  const errors = describe((request.body ?? {}) as Body);
  const message =
    Object.keys(errors).length > 0
      ? [...new Set(Object.values(errors))].join(' ')
      : schemaErrorsOf(error)
          .map((item) => `${item.instancePath.slice(1) || 'The body'} ${item.message}.`)
          .join(' ');
  return reply
    .code(400)
    .send({ statusCode: 400, error: 'Bad Request', code: 'INVALID_INPUT', message, errors });
}

function send(reply: FastifyReply, outcome: NewsOutcome | DeletionOutcome, success: 200 | 201) {
  if (outcome.ok)
    return reply.code(success).send('item' in outcome ? outcome.item : { id: outcome.id });
  return sendRefusal(reply, outcome);
}
