import type { FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { answersOfProject, writeFlagAnswer } from '../../db/red-flags/flag-answers.ts';
import { projectByKey } from '../../db/procurement-projects/project-notices.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';
import {
  FLAG_ANSWER_FIELD_KEYS,
  FLAG_ANSWER_REFUSAL_KEYS,
  checkFlagAnswer,
  isRedFlagIndicator,
  type FlagAnswerProblems,
  type FlagAnswerRefusalCode,
} from '../../shared/red-flags/flag-answers.ts';
import type { RedFlagAnswer, RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';
import { bacAuthor } from '../procurement-projects/bac-author.ts';
import {
  procurementProjectDetail,
  type ProjectDetailOptions,
} from '../procurement-projects/project-detail.ts';

export type FlagAnswerOutcome =
  | { ok: true; indicator: RedFlagIndicator; corrected: boolean; answer: RedFlagAnswer }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: FlagAnswerRefusalCode;
      message: string;
      /** Each refused field's words in `lang`. */
      fieldErrors: Record<string, string>;
      /** Each refused field's problem code, for the form to word on its page. */
      problems: FlagAnswerProblems;
    };

/**
 * Answers one of a project's red flags for a signed-in BAC member, or corrects the answer
 * (then a reason is required), from the API or the staff form. Only a flag the project
 * raises now can be answered: an unknown indicator is UNKNOWN_INDICATOR, a known one the
 * project does not raise FLAG_NOT_RAISED. The answer, its history (the earlier wordings stay)
 * and its audit entry commit in one transaction or not at all.
 */
export async function answerFlagAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  site: ProjectDetailOptions,
  ocid: string,
  indicator: string,
  body: Record<string, unknown>,
  lang: Lang = 'en',
): Promise<FlagAnswerOutcome> {
  const text = staffText(lang);
  const refusal = (
    status: 400 | 404 | 409,
    code: FlagAnswerRefusalCode,
    problems: FlagAnswerProblems = {},
  ): FlagAnswerOutcome => ({
    ok: false,
    status,
    code,
    message: text(FLAG_ANSWER_REFUSAL_KEYS[code]),
    fieldErrors: Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        text(FLAG_ANSWER_FIELD_KEYS[problem]),
      ]),
    ),
    problems,
  });
  const detail = await procurementProjectDetail(database, ocid, site);
  const key = processKeyOf(ocid);
  const row =
    detail === undefined || key === undefined ? undefined : await projectByKey(database, key);
  if (!detail || !row) return refusal(404, 'NO_SUCH_PROJECT');
  if (!isRedFlagIndicator(indicator)) return refusal(404, 'UNKNOWN_INDICATOR');
  const flag = detail.flags.find((each) => each.indicator === indicator);
  if (!flag) return refusal(409, 'FLAG_NOT_RAISED');
  const checked = checkFlagAnswer(body, flag.answer !== null);
  if (!checked.ok) return refusal(400, 'INVALID_INPUT', checked.problems);
  const written = await writeFlagAnswer(
    database,
    { id: row.id, key: row.process_key },
    indicator,
    checked.value,
    bacAuthor(request, user),
    request.server.clock.now(),
  );
  // Answered between the page's reading and this write: now a correction, which needs a reason.
  if (!written.ok) return refusal(400, 'INVALID_INPUT', { reason: 'required' });
  const answered = (await answersOfProject(database, row.id)).get(indicator)!;
  return { ok: true, indicator, corrected: written.corrected, answer: answered };
}
