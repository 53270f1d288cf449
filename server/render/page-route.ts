import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicServices } from '../../client/services.ts';
import type { StaffServices } from '../../client/staff/staff-services.ts';
import { toFetchRequest } from './fetch-request.ts';
import type { Renderer } from './renderer.ts';

const BOT_PATTERN = /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse/i;

/** Every page URL goes through the shared route table; unknown ones render the 404 page. */
export async function pageRoutes(
  app: FastifyInstance,
  {
    renderer,
    services,
    staffServicesFor,
  }: {
    renderer: Renderer;
    services: PublicServices;
    staffServicesFor: (request: FastifyRequest, reply: FastifyReply) => StaffServices;
  },
) {
  // Pages take HTML form posts only. Form posts reach route actions as the raw body, which
  // they read with request.formData(); Fastify's JSON and text parsers would hand an action
  // a body it cannot read, so any other type answers 415 instead.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const abort = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    const entry = await renderer.entry();
    const result = await entry.render(toFetchRequest(request, abort.signal), {
      services: { ...services, ...staffServicesFor(request, reply) },
      nonce: (reply.cspNonce as { script: string } | undefined)?.script ?? '',
      stylesheets: renderer.stylesheets,
      scripts: renderer.scripts,
      waitForAll:
        request.method === 'HEAD' || BOT_PATTERN.test(request.headers['user-agent'] ?? ''),
      onError: (error) => request.log.error({ err: error }, 'page render failed'),
    });

    if (result.type === 'response') {
      const { response } = result;
      reply.code(response.status);
      const location = response.headers.get('location');
      if (location) reply.header('location', location);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(await response.text());
    }
    reply.code(result.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(result.body);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    // Every form post (sign-in, sign-out, add record) carries the session's CSRF token.
    preValidation: (request, reply, done) =>
      request.method === 'POST' ? app.csrfProtection(request, reply, done) : done(),
    handler,
  });
}
