import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { currentStaff } from '../plugins/staff-session.ts';
import { createStaffServices } from '../staff/staff-services.ts';

const credentialsSchema = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

const recordBodySchema = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 10_000 },
} as const;

/** The JSON side of sign-in, sign-out and record writes, used by the browser after hydration. */
export async function staffApiRoutes(
  app: FastifyInstance,
  { database }: { database: AppDatabase },
) {
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
    if (!(await currentStaff(request, database))) {
      return reply
        .code(401)
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Sign in to do this.' });
    }
  }

  app.get('/api/session', async (request, reply) => {
    noStore(reply);
    return createStaffServices(database, request, reply).staffSession();
  });

  app.post<{ Body: { email: string; password: string } }>(
    '/api/session',
    { schema: { body: credentialsSchema }, preValidation: app.csrfProtection },
    async (request, reply) => {
      noStore(reply);
      const outcome = await createStaffServices(database, request, reply).signIn(request.body, '');
      if (outcome.ok) return { ok: true };
      return reply
        .code(outcome.status)
        .send({ statusCode: outcome.status, message: outcome.message });
    },
  );

  app.delete('/api/session', { preHandler: app.csrfProtection }, async (request, reply) => {
    await createStaffServices(database, request, reply).signOut('');
    return reply.code(204).send();
  });

  app.post<{ Params: { collection: string }; Body: Record<string, string> }>(
    '/api/records/:collection',
    // Who is asking and whether the token is right come before what was sent.
    { schema: { body: recordBodySchema }, preValidation: [requireStaff, app.csrfProtection] },
    async (request, reply) => {
      const outcome = await createStaffServices(database, request, reply).addRecord(
        request.params.collection,
        request.body,
        '',
      );
      if (outcome.ok) return reply.code(201).send(outcome.record);
      return reply.code(outcome.status).send({
        statusCode: outcome.status,
        message: outcome.message,
        errors: outcome.fieldErrors,
      });
    },
  );
}
