import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicServices } from '../../shared/app-services.ts';
import type { AdvisoryStaffServices } from '../../shared/advisories/advisories.ts';
import type { StaffAccountServices } from '../../shared/staff-accounts/staff-accounts.ts';
import type { StaffServices } from '../../shared/staff-services.ts';
import { sharedContentSecurityPolicy } from '../plugins/security-headers.ts';
import { toFetchRequest } from './fetch-request.ts';
import { hashInlineScripts, renderMarker } from './inline-scripts.ts';
import type { Renderer } from './renderer.ts';

const BOT_PATTERN = /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse/i;

async function textOf(body: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

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
    staffServicesFor: (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => StaffServices & StaffAccountServices & AdvisoryStaffServices;
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
    // A page for everyone (see the response cache) is rendered whole from its normalised
    // URL and kept; others stream as they render, for the one who asked.
    const shared = request.publicCache?.shared === true;
    const abort = new AbortController();
    // Other requests may be waiting for a shared render, so it finishes even if this client leaves.
    if (!shared) {
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
    }
    const marker = renderMarker();
    const entry = await renderer.entry();
    const result = await entry.render(
      toFetchRequest(request, abort.signal, shared ? request.publicCache?.url : request.url),
      {
        services: { ...services, ...staffServicesFor(request, reply) },
        nonce: shared ? marker : ((reply.cspNonce as { script: string } | undefined)?.script ?? ''),
        stylesheets: renderer.stylesheets,
        routeStylesheets: renderer.routeStylesheets ?? {},
        scripts: renderer.scripts,
        waitForAll:
          shared ||
          request.method === 'HEAD' ||
          BOT_PATTERN.test(request.headers['user-agent'] ?? ''),
        onError: (error) => request.log.error({ err: error }, 'page render failed'),
      },
    );

    // Whether the answer may be kept for others is the route's to say, as the router matched it.
    if (request.publicCache) request.publicCache.publicRoute = !result.staffRoute;
    if (result.type === 'response') {
      const { response } = result;
      reply.code(response.status);
      const location = response.headers.get('location');
      if (location) reply.header('location', location);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(await response.text());
    }
    reply.code(result.status).type('text/html; charset=utf-8');
    if (!shared) return reply.send(result.body);
    // Everyone gets these bytes, so they carry no nonce: the CSP names the scripts by hash.
    const { html, hashes } = hashInlineScripts(await textOf(result.body), marker);
    if (!renderer.development)
      reply.header('content-security-policy', sharedContentSecurityPolicy(hashes));
    return reply.send(html);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    config: { publicPage: true },
    // Every form post (sign-in, sign-out, add record) carries the session's CSRF token.
    preValidation: (request, reply, done) =>
      request.method === 'POST' ? app.csrfProtection(request, reply, done) : done(),
    handler,
  });
}
