import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import type {
  NewStaffAccount,
  PasswordChoice,
  StaffAccountChange,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { requireRole } from '../auth/require-role.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import {
  accountChangeBodySchema,
  accountErrorResponses,
  accountParamsSchema,
  changedAccountSchema,
  describeAccountBodyErrors,
  issuedPasswordSchema,
  newAccountBodySchema,
  passwordLinkInfoSchema,
  passwordLinkQuerySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  passwordSetSchema,
  setPasswordBodySchema,
  staffAccountListSchema,
} from './schemas.ts';
import {
  allErrorsValidatorCompiler,
  schemaErrorsOf,
  strictValidatorCompiler,
} from '../http/strict-validator.ts';
import type { AlertService } from '../alerts/alert-service.ts';
import { createAccountServices } from './account-services.ts';

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
};

/** A refusal: its English words, and its codes for pages that word it in their language. */
function refuse(
  reply: FastifyReply,
  {
    status,
    code,
    problems,
    message,
    fieldErrors,
  }: {
    status: number;
    code: string;
    problems?: Record<string, string>;
    message: string;
    fieldErrors: Record<string, string>;
  },
) {
  return reply.code(status).send({
    statusCode: status,
    error: ERROR_NAMES[status],
    code,
    ...(problems ? { problems } : {}),
    message,
    errors: fieldErrors,
  });
}

/** A body that failed its schema, answered 400 naming each field; undefined when it passed. */
function badBody(request: FastifyRequest, reply: FastifyReply) {
  if (!request.validationError) return undefined;
  const { message, fieldErrors, problems } = describeAccountBodyErrors(
    schemaErrorsOf(request.validationError),
  );
  return refuse(reply, { status: 400, code: 'INVALID_INPUT', problems, message, fieldErrors });
}

/**
 * Staff accounts for administrators (issue 22), and the set-password link's own two calls.
 * Every account route needs the admin role; writes need the CSRF header. The work is done
 * by the account services, which the /staff/accounts page uses too.
 */
export async function staffAccountsApiRoutes(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    mail,
  }: {
    database: SiteDatabase;
    siteUrl: string | undefined;
    /** The site's mail, when it sends any: a forgotten password's link goes by it. */
    mail: Pick<AlertService, 'tokens' | 'wake'> | undefined;
  },
) {
  app.removeContentTypeParser('text/plain');
  // Accounts, links and passwords are for the one who asked: never kept by any cache.
  app.addHook('onRequest', privateAnswers);
  const services = (request: FastifyRequest) =>
    createAccountServices(database, request, { siteUrl, mail });
  const asAdmin = requireRole(database, 'admin');
  const adminWrite = {
    validatorCompiler: allErrorsValidatorCompiler,
    attachValidation: true,
    preValidation: [asAdmin, app.csrfProtection],
  };

  app.get(
    '/api/staff-accounts',
    {
      schema: { response: { 200: staffAccountListSchema, ...accountErrorResponses } },
      preValidation: asAdmin,
    },
    async (request) => services(request).staffAccounts(),
  );

  app.post<{ Body: NewStaffAccount }>(
    '/api/staff-accounts',
    {
      ...adminWrite,
      schema: {
        body: newAccountBodySchema,
        response: { 201: issuedPasswordSchema, ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      if (badBody(request, reply)) return reply;
      const outcome = await services(request).addStaffAccount(request.body, '');
      if (!outcome.ok) return refuse(reply, outcome);
      return reply.code(201).send({ account: outcome.account, ...outcome.issued });
    },
  );

  app.patch<{ Params: { email: string }; Body: StaffAccountChange }>(
    '/api/staff-accounts/:email',
    {
      ...adminWrite,
      schema: {
        params: accountParamsSchema,
        body: accountChangeBodySchema,
        response: { 200: changedAccountSchema, ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      if (badBody(request, reply)) return reply;
      const outcome = await services(request).changeStaffAccount(
        request.params.email,
        request.body,
        '',
      );
      if (!outcome.ok) return refuse(reply, outcome);
      return { account: outcome.account };
    },
  );

  app.post<{ Params: { email: string }; Body: { setPassword: PasswordChoice } }>(
    '/api/staff-accounts/:email/password-reset',
    {
      ...adminWrite,
      schema: {
        params: accountParamsSchema,
        body: passwordResetBodySchema,
        response: { 200: issuedPasswordSchema, ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      if (badBody(request, reply)) return reply;
      const outcome = await services(request).resetAccountPassword(
        request.params.email,
        request.body.setPassword,
        '',
      );
      if (!outcome.ok) return refuse(reply, outcome);
      return { account: outcome.account, ...outcome.issued };
    },
  );

  // The link's holder is not signed in: the token itself is the permission.
  app.get<{ Querystring: { token: string } }>(
    '/api/set-password',
    {
      schema: {
        querystring: passwordLinkQuerySchema,
        response: { 200: passwordLinkInfoSchema, ...accountErrorResponses },
      },
      validatorCompiler: strictValidatorCompiler,
    },
    async (request) => services(request).passwordLink(request.query.token),
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/set-password',
    {
      schema: {
        body: setPasswordBodySchema,
        response: { 200: passwordSetSchema, ...accountErrorResponses },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
      preValidation: app.csrfProtection,
    },
    async (request, reply) => {
      if (badBody(request, reply)) return reply;
      const outcome = await services(request).setPasswordWithLink(
        request.body.token,
        request.body.password,
        '',
      );
      if (!outcome.ok) return refuse(reply, outcome);
      return { email: outcome.email };
    },
  );

  // A forgotten password (issue 31), for anyone: 202 with the same words whatever the
  // address (no account, a disabled one, over the rate limits), so the answer tells no one
  // which addresses have accounts. The CSRF check is the sign-in form's (a session-bound
  // token): no other site can make a visitor's browser ask.
  app.post<{ Body: { email: string; lang?: Lang } }>(
    '/api/password-reset',
    {
      schema: {
        body: passwordResetRequestBodySchema,
        response: { 202: passwordResetRequestedSchema, ...accountErrorResponses },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
      preValidation: app.csrfProtection,
    },
    async (request, reply) => {
      if (badBody(request, reply)) return reply;
      if (!mail) {
        return refuse(reply, {
          status: 404,
          code: 'no-mail',
          message: staffEn['staff.forgot.noMail'],
          fieldErrors: {},
        });
      }
      await services(request).requestPasswordReset(
        request.body.email,
        request.body.lang ?? 'en',
        '',
      );
      return reply.code(202).send({ message: staffEn['staff.forgot.sent'] });
    },
  );
}
