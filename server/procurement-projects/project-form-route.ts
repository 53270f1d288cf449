import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { emptyResponse } from '../http/media.ts';
import { acceptPlainFormPosts, backToFormPage, formRoutes } from '../http/form-route.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';

/** Back to the project's staff page with a result code and, when refused, what to show again. */
export type BackToPage = (result: string, extra?: Record<string, string>) => FastifyReply;

/**
 * One no-JavaScript form of a project's staff page (the abstract of bids, the section 38
 * conferences), at its English and /fil address, for the BAC role: a url-encoded body of at
 * most 16 KB, the role checked before the CSRF token (an account without it is sent back
 * with NOT_PERMITTED), and every answer a 303 back to the page. Call it in the form's own
 * plugin: it replaces the plugin's body parsers.
 */
export function projectFormRoute(
  app: FastifyInstance,
  database: SiteDatabase,
  spec: {
    route: string;
    pageOf: (ocid: string) => string;
    description: string;
    answered: string;
    handle: (
      request: FastifyRequest,
      context: { lang: Lang; ocid: string; back: BackToPage },
    ) => Promise<FastifyReply>;
  },
) {
  acceptPlainFormPosts(app);
  const backFor =
    (reply: FastifyReply, lang: Lang, ocid: string): BackToPage =>
    (result, extra = {}) =>
      backToFormPage(reply, spec.pageOf(ocid), lang, { result, ...extra });
  const ocidOf = (request: FastifyRequest) => (request.params as { ocid: string }).ocid;
  formRoutes(
    app,
    spec.route,
    ({ lang }) => ({
      onRequest: privateAnswers,
      schema: { description: spec.description, response: { 303: emptyResponse(spec.answered) } },
      preHandler: [
        staffFormRole(database, 'bac', lang, (reply) =>
          backFor(reply, lang, ocidOf(reply.request))('NOT_PERMITTED'),
        ),
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const ocid = ocidOf(request);
      return spec.handle(request, { lang, ocid, back: backFor(reply, lang, ocid) });
    },
  );
}
