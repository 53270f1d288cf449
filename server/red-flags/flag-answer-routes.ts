import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import {
  MAX_ANSWER_LENGTH,
  STAFF_FLAG_ANSWERS_ROUTE,
  staffFlagAnswersPath,
} from '../../shared/red-flags/flag-answers.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { echoedValue, MAX_ECHOED_SHORT_FIELD } from '../http/form-echo.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import type { ProjectDetailOptions } from '../procurement-projects/project-detail.ts';
import { projectFormRoute } from '../procurement-projects/project-form-route.ts';
import { bacWriteOptions, invalidBody } from '../procurement-projects/projects-api.ts';
import { answerFlagAsStaff } from './answer-flag.ts';
import {
  flagAnswerBodySchema,
  flagAnsweredSchema,
  flagAnswerParamsSchema,
} from './answer-schemas.ts';

interface AnswerRequest {
  Params: { ocid: string; indicator: string };
  Body: Record<string, unknown>;
}

/**
 * `POST /api/procurements/<ocid>/flags/<indicator>/answer` (issue 35), for a BAC member: the
 * answer to a flag the project raises now, published under it. A flag answered before needs
 * a reason; its earlier wording stays as history. Answers 201 for a first answer, 200 for a
 * correction. Refusals carry codes: INVALID_INPUT (with the fields), NO_SUCH_PROJECT,
 * UNKNOWN_INDICATOR, FLAG_NOT_RAISED, NOT_PERMITTED.
 */
export async function flagAnswerApiRoutes(
  app: FastifyInstance,
  { database, ...site }: { database: SiteDatabase } & ProjectDetailOptions,
) {
  app.post<AnswerRequest>(
    '/api/procurements/:ocid/flags/:indicator/answer',
    bacWriteOptions(app, database, {
      params: flagAnswerParamsSchema,
      body: flagAnswerBodySchema,
      response: { 200: flagAnsweredSchema, 201: flagAnsweredSchema, ...errorResponses },
    }),
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .send(invalidBody(request.validationError, 'text and, to correct an answer, reason'));
      }
      const outcome = await answerFlagAsStaff(
        database,
        request,
        await staffWithRole(database, request, 'bac'),
        site,
        request.params.ocid,
        request.params.indicator,
        request.body,
      );
      if (!outcome.ok) return sendRefusal(reply, outcome);
      return reply.code(outcome.corrected ? 200 : 201).send({
        indicator: outcome.indicator,
        corrected: outcome.corrected,
        answer: outcome.answer,
      });
    },
  );
}

/** The longest percent-encoded echo of the answer: a 303's Location stays far below 16 KB. */
const MAX_ENCODED_ECHO = 6000;

/** What was typed, cut as every form's echo is, then until it stays short once encoded. */
function echoed(value: string | undefined, longest: number): string {
  let kept = echoedValue(value, longest);
  while (encodeURIComponent(kept).length > MAX_ENCODED_ECHO)
    kept = echoedValue(kept, Math.floor([...kept].length * 0.9));
  return kept;
}

/**
 * The staff flags page's no-JavaScript posts (issue 35): `/staff/procurement/<ocid>/flags`
 * and its /fil twin, one form per flag (`indicator`, `text`, and `reason` to correct).
 * Answered 303 back to the page with a result code and, when refused, what was typed and
 * each field's problem code. The same service as the API writes the answer, its history
 * and its audit entry in one transaction.
 */
export async function flagAnswerFormRoutes(
  app: FastifyInstance,
  { database, ...site }: { database: SiteDatabase } & ProjectDetailOptions,
) {
  projectFormRoute(app, database, {
    route: STAFF_FLAG_ANSWERS_ROUTE,
    pageOf: staffFlagAnswersPath,
    description:
      'The staff flags page’s forms (BAC role): `indicator`, `text`, `reason` to correct an answer, and `_csrf`, form-encoded.',
    answered: 'Back to the staff flags page saying what was done.',
    handle: async (request, { lang, ocid, back }) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const user = await staffWithRole(database, request, 'bac');
      const indicator = body.indicator ?? '';
      const outcome = await answerFlagAsStaff(
        database,
        request,
        user,
        site,
        ocid,
        indicator,
        body,
        lang,
      );
      if (outcome.ok) return back(outcome.corrected ? 'corrected' : 'answered', { indicator });
      const typed = {
        indicator: echoedValue(indicator, MAX_ECHOED_SHORT_FIELD),
        text: echoed(body.text, MAX_ANSWER_LENGTH),
        reason: echoed(body.reason, MAX_REASON_LENGTH),
      };
      const problems = Object.fromEntries(
        Object.entries(outcome.problems).map(([field, problem]) => [`p_${field}`, problem]),
      );
      return back(outcome.code, { ...typed, ...problems });
    },
  });
}
