import type { FastifyInstance, FastifyReply } from 'fastify';
import { emptyResponse } from '../http/media.ts';
import { formRoutes } from '../http/form-route.ts';
import {
  subscriptionView,
  type AlertService,
  type ManageForm,
  type SubscribeForm,
} from './alert-service.ts';
import { alertSubscriptionResponses, alertTokenParams } from './schemas.ts';

// The subscribe, confirm, manage and unsubscribe forms of bid alerts: plain HTML form posts
// (no JavaScript), answered Post/Redirect/Get with the page saying what happened. They need
// no session and no CSRF token: nobody is signed in, a subscription starts only when its
// address confirms it, and every other form acts through the signed link in its address.
// Each form is answered at both languages' addresses (/alerts and /fil/alerts): a form posts
// to its own page's language, which is the subscriber's language, and every redirect stays
// in it.

type FormBody = Record<string, string | string[] | undefined>;

function one(body: FormBody, name: string): string | undefined {
  const value = body[name];
  return Array.isArray(value) ? value[0] : value;
}

function all(body: FormBody, name: string): string[] {
  const value = body[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function settingsForm(body: FormBody): Omit<SubscribeForm, 'email'> {
  return {
    lists: all(body, 'lists'),
    keyword: one(body, 'keyword'),
    frequency: one(body, 'frequency'),
  };
}

/** Back to a form with what was wrong and what was chosen; never the address (it would sit in logs). */
function backToForm(
  reply: FastifyReply,
  path: string,
  problems: readonly string[],
  form: Partial<ManageForm>,
) {
  const query = new URLSearchParams();
  for (const problem of problems) query.append('problem', problem);
  for (const list of form.lists ?? []) query.append('lists', list);
  if (form.keyword) query.set('keyword', form.keyword);
  if (form.frequency) query.set('frequency', form.frequency);
  if (form.lang) query.set('lang', form.lang);
  return reply.redirect(`${path}?${query}`, 303);
}

export async function alertRoutes(
  app: FastifyInstance,
  { alerts }: { alerts: AlertService | undefined },
) {
  // Form posts only (RFC 8058 one-click may also come as multipart/form-data; its body says
  // nothing the link does not, so it is read as text and not parsed).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) =>
      done(null, Object.fromEntries(groupPairs(new URLSearchParams(body as string)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/alerts/subscriptions/:token',
    {
      schema: {
        summary: 'The bid-alert subscription a manage link names',
        tags: ['alerts'],
        params: alertTokenParams,
        response: alertSubscriptionResponses,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const outcome = await alerts?.follow((request.params as { token: string }).token, ['manage']);
      if (!outcome?.ok) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: 'No such subscription: the link is wrong or was unsubscribed.',
        });
      }
      return subscriptionView(outcome.subscription);
    },
  );

  if (!alerts) return;

  // Each answers at both languages' addresses (formRoutes), redirecting within its own.
  formRoutes(
    app,
    '/alerts',
    {
      schema: {
        response: {
          303: emptyResponse(
            'To /alerts/sent, or /alerts/too-many, or back to /alerts with each problem and what was chosen (under /fil from the Filipino page).',
          ),
        },
      },
    },
    async (request, reply, { lang, at }) => {
      const body = (request.body ?? {}) as FormBody;
      const form = { email: one(body, 'email'), ...settingsForm(body) };
      const outcome = await alerts.subscribe(form, lang, request.ip);
      if (outcome.ok) return reply.redirect(at('/alerts/sent'), 303);
      if (outcome.reason === 'too-many') return reply.redirect(at('/alerts/too-many'), 303);
      return backToForm(reply, at('/alerts'), outcome.problems, form);
    },
  );

  formRoutes(
    app,
    '/alerts/confirm/:token',
    {
      schema: {
        params: alertTokenParams,
        response: {
          303: emptyResponse(
            'To the subscription’s manage page with done=confirmed, or /alerts/already-confirmed, or /alerts/expired (under /fil from the Filipino page).',
          ),
        },
      },
    },
    async (request, reply, { at }) => {
      const outcome = await alerts.confirm((request.params as { token: string }).token);
      if (!outcome.ok && outcome.reason === 'already-confirmed')
        return reply.redirect(at('/alerts/already-confirmed'), 303);
      if (!outcome.ok) return reply.redirect(at('/alerts/expired'), 303);
      return reply.redirect(
        at(`/alerts/manage/${alerts.manageToken(outcome.subscription)}?done=confirmed`),
        303,
      );
    },
  );

  // The manage form may change the language of the e-mails; the page answers in the
  // language it was on, as every form here does.
  formRoutes(
    app,
    '/alerts/manage/:token',
    {
      schema: {
        params: alertTokenParams,
        response: {
          303: emptyResponse(
            'Back to the manage page with done=saved, or with each problem and what was chosen; to /alerts/expired for a link that no longer works (under /fil from the Filipino page).',
          ),
        },
      },
    },
    async (request, reply, { at }) => {
      const { token } = request.params as { token: string };
      const body = (request.body ?? {}) as FormBody;
      const form: ManageForm = { ...settingsForm(body), lang: one(body, 'lang') };
      const outcome = await alerts.update(token, form);
      if (outcome.ok) return reply.redirect(at(`/alerts/manage/${token}?done=saved`), 303);
      if (outcome.reason === 'invalid')
        return backToForm(reply, at(`/alerts/manage/${token}`), outcome.problems, form);
      return reply.redirect(at('/alerts/expired'), 303);
    },
  );

  // The List-Unsubscribe address: a mail program's one-click POST (RFC 8058) and the
  // unsubscribe page's button both land here. The address is deleted, not marked.
  formRoutes(
    app,
    '/alerts/unsubscribe/:token',
    {
      schema: {
        params: alertTokenParams,
        response: {
          303: emptyResponse(
            'To /alerts/unsubscribed, or /alerts/expired for a link that no longer works (under /fil from the Filipino page).',
          ),
        },
      },
    },
    async (request, reply, { at }) => {
      const removed = await alerts.unsubscribe((request.params as { token: string }).token);
      request.log.info({ removed }, 'alert unsubscribe');
      return reply.redirect(at(removed ? '/alerts/unsubscribed' : '/alerts/expired'), 303);
    },
  );
}

/** Form pairs with repeated names (lists=a&lists=b) kept together. */
function groupPairs(params: URLSearchParams): [string, string | string[]][] {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of params) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return [...grouped].map(([name, values]) => [name, values.length === 1 ? values[0]! : values]);
}
