import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { LANGUAGES, pathInLang, type Lang } from '../../shared/i18n/languages.ts';

/** The language a form's route answers in, and how to address its pages in that language. */
export interface FormLanguage {
  lang: Lang;
  /** A site path as this language's address: `/alerts/sent`, or `/fil/alerts/sent`. */
  at(path: string): string;
}

/**
 * A form route's options. The schema is required: /openapi.json describes both addresses by
 * it (at least the redirects it answers with).
 */
export type FormRouteOptions = RouteShorthandOptions & { schema: FastifySchema };

/**
 * A no-JavaScript form's POST route, declared once and answered at both languages'
 * addresses (`/alerts` and `/fil/alerts`): a form posts to its own page's language, so
 * every answer, the sign-in page included, stays in that language. The options may depend on
 * the language (a preHandler that redirects, a description naming the page); the handler is
 * handed it.
 */
export function formRoutes(
  app: FastifyInstance,
  path: string,
  options: FormRouteOptions | ((form: FormLanguage) => FormRouteOptions),
  handler: (request: FastifyRequest, reply: FastifyReply, form: FormLanguage) => Promise<unknown>,
): void {
  for (const lang of LANGUAGES) {
    const form: FormLanguage = { lang, at: (page) => pathInLang(page, lang) };
    app.post(
      form.at(path),
      typeof options === 'function' ? options(form) : options,
      (request, reply) => handler(request, reply, form),
    );
  }
}

/**
 * A plugin's forms are plain HTML posts of a few short fields: their one body parser reads
 * them into an object of strings (the last value of a repeated name), at most 16 KB, and
 * every other content type answers 415.
 */
export function acceptPlainFormPosts(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string).entries())),
  );
}

/**
 * A no-JavaScript form's answer: 303 back to its page in the form's language, saying what
 * happened (and, when refused, what was typed) as query parameters the page words itself.
 */
export function backToFormPage(
  reply: FastifyReply,
  page: string,
  lang: Lang,
  params: Record<string, string> | [string, string][],
): FastifyReply {
  return reply.redirect(`${pathInLang(page, lang)}?${new URLSearchParams(params)}`, 303);
}
