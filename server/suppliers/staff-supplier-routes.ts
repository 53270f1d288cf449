import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import {
  STAFF_SUPPLIERS_PATH,
  SUGGESTION_RULES,
  type SupplierFormResult,
} from '../../shared/suppliers/supplier-decisions.ts';
import { requireRole, staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { acceptPlainFormPosts, formRoutes } from '../http/form-route.ts';
import { emptyResponse } from '../http/media.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import { dismissAsStaff, mergeAsStaff, registerAsStaff } from './supplier-decisions.ts';
import { supplierSuggestions } from './supplier-suggestions.ts';

type SupplierForm = Partial<
  Record<
    'intent' | 'first' | 'second' | 'keep' | 'reason' | 'supplier' | 'number' | '_csrf',
    string
  >
>;

const sideSchema = {
  type: 'object',
  required: ['id', 'name', 'spellings', 'awards', 'bids'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    spellings: { type: 'array', items: { type: 'string' } },
    awards: { type: 'integer' },
    bids: { type: 'integer' },
  },
} as const;

const suggestionsSchema = {
  type: 'array',
  description: 'Pairs of suppliers whose folded names are alike, not yet merged or dismissed.',
  items: {
    type: 'object',
    required: ['rule', 'first', 'second'],
    properties: {
      rule: { type: 'string', enum: [...SUGGESTION_RULES] },
      first: sideSchema,
      second: sideSchema,
    },
  },
} as const;

/**
 * The staff side of suppliers (issue 34), for the BAC role: the suggestions as JSON (what
 * the staff page's loader reads in the browser), and the staff page's one no-JavaScript form
 * route, `/staff/suppliers` and its /fil twin, whose `intent` is `merge` (first, second,
 * keep, reason), `dismiss` (first, second, reason) or `register` (supplier, number). It
 * answers 303 back to the page with a result code; each decision is written with its
 * history and audit entry in one transaction. Its own plugin, so its form parser stays here.
 */
export async function staffSupplierRoutes(
  app: FastifyInstance,
  { database }: { database: SiteDatabase },
) {
  app.get(
    '/api/staff/suppliers/suggestions',
    {
      onRequest: privateAnswers,
      schema: {
        summary: 'Likely same company: supplier pairs for staff to merge or dismiss (role bac)',
        response: { 200: suggestionsSchema, ...errorResponses },
      },
      preValidation: requireRole(database, 'bac'),
    },
    async () => supplierSuggestions(database),
  );

  acceptPlainFormPosts(app);

  const back = (reply: FastifyReply, lang: Lang, result: SupplierFormResult, id?: string) =>
    reply.redirect(
      `${pathInLang(STAFF_SUPPLIERS_PATH, lang)}?${new URLSearchParams({
        result,
        ...(id ? { id } : {}),
      })}`,
      303,
    );

  formRoutes(
    app,
    STAFF_SUPPLIERS_PATH,
    ({ lang }) => ({
      onRequest: privateAnswers,
      schema: {
        description:
          'The staff supplier form (BAC role), form-encoded with `_csrf`: intent merge (first, second, keep, reason), dismiss (first, second, reason) or register (supplier, number).',
        response: { 303: emptyResponse('Back to the staff suppliers page saying what was done.') },
      },
      preHandler: [
        staffFormRole(database, 'bac', lang, (reply) => back(reply, lang, 'NOT_PERMITTED')),
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const body = (request.body ?? {}) as SupplierForm;
      const user = await staffWithRole(database, request, 'bac');
      if (body.intent === 'merge') {
        const merge = body.keep === body.first ? body.second : body.first;
        const outcome = await mergeAsStaff(database, request, user, {
          keep: body.keep,
          merge,
          reason: body.reason,
        });
        return back(
          reply,
          lang,
          outcome.ok ? 'merged' : outcome.code,
          outcome.ok ? outcome.id : undefined,
        );
      }
      if (body.intent === 'dismiss') {
        const outcome = await dismissAsStaff(database, request, user, body);
        return back(reply, lang, outcome.ok ? 'dismissed' : outcome.code);
      }
      if (body.intent === 'register') {
        const outcome = await registerAsStaff(database, request, user, body);
        return back(
          reply,
          lang,
          outcome.ok ? 'registered' : outcome.code,
          outcome.ok ? outcome.id : undefined,
        );
      }
      return back(reply, lang, 'INVALID_INPUT');
    },
  );
}
