import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { staticFileHeaders } from './security-headers.ts';

export type StaticFilesOptions = Omit<
  FastifyStaticOptions,
  'root' | 'prefix' | 'serve' | 'decorateReply'
> & {
  root: string;
  /** @fastify/static's `prefix`: under that name Fastify would also prefix this plugin's context. */
  urlPrefix: string;
  /** For folders holding files a browser could open as a document (see STATIC_DOCUMENT_POLICY). */
  contentSecurityPolicy?: string;
};

/**
 * Serves a folder with @fastify/static and the lean headers of `staticFileHeaders` instead
 * of helmet's page set. Registered without fastify-plugin, so both hooks reach only these
 * routes; @fastify/static's routes join this context, and its reply decorator would stay
 * in it too, hence `decorateReply: false`.
 */
export async function staticFiles(
  app: FastifyInstance,
  { contentSecurityPolicy, urlPrefix, ...options }: StaticFilesOptions,
) {
  const headers = staticFileHeaders(contentSecurityPolicy);
  app.addHook('onRoute', (route) => {
    // What helmet's `helmet: false` route option becomes; set directly because helmet's own
    // onRoute hook, on the root, has already run. Helmet then neither makes nonces nor
    // builds its headers for these requests.
    route.config = Object.assign(route.config ?? {}, { helmet: { skipRoute: true } });
  });
  // onRequest, not @fastify/static's setHeaders (called only when a file or its 304 goes
  // out): a 404, 403 or 416 from these routes carries the same headers.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(fastifyStatic, { ...options, prefix: urlPrefix, decorateReply: false });
}
