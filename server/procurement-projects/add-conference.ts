import type { FastifyRequest } from 'fastify';
import { bacAuthor } from './bac-author.ts';
import type { AppDatabase } from '../../db/connection.ts';
import {
  stateCategory,
  writeConference,
  writeObserver,
  type ProjectRef,
} from '../../db/procurement-projects/conferences.ts';
import { projectByKeyNow } from '../../db/procurement-projects/project-notices.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import {
  CONFERENCE_FIELD_KEYS,
  CONFERENCE_REFUSAL_KEYS,
  checkCategory,
  checkConference,
  checkObserver,
  type ConferenceRefusalCode,
  type Problems,
} from '../../shared/procurement-projects/conference.ts';
import type { ConferenceForm } from '../../shared/procurement-projects/conference-paths.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';

export type ConferenceOutcome =
  | { ok: true; id: number; corrected: boolean }
  | {
      ok: false;
      status: 400 | 404;
      code: ConferenceRefusalCode;
      message: string;
      /** Each refused field's words in `lang`. */
      fieldErrors: Record<string, string>;
      /** Each refused field's problem code, for the form to word on its page. */
      problems: Problems;
    };

/** The number a correction names, from the body's `corrects`: null for a new entry. */
function correctsOf(value: unknown): number | null | 'bad' {
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : 'bad';
}

/**
 * Adds or corrects one of a project's section 38 entries (a conference, an observer, the
 * category) for a signed-in BAC member, from the API or the staff form: the row, its history
 * (the rows it corrects stay) and its audit entry commit in one transaction or not at all.
 */
export async function writeSection38AsStaff(
  database: AppDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  form: ConferenceForm,
  body: Record<string, unknown>,
  lang: Lang = 'en',
): Promise<ConferenceOutcome> {
  const text = staffText(lang);
  const refusal = (
    status: 400 | 404,
    code: ConferenceRefusalCode,
    problems: Problems = {},
  ): ConferenceOutcome => ({
    ok: false,
    status,
    code,
    message: text(CONFERENCE_REFUSAL_KEYS[code]),
    fieldErrors: Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        text(CONFERENCE_FIELD_KEYS[problem]),
      ]),
    ),
    problems,
  });
  const key = processKeyOf(ocid);
  const row = key === undefined ? undefined : projectByKeyNow(database, key);
  if (!row) return refusal(404, 'NO_SUCH_PROJECT');
  const project: ProjectRef = { id: row.id, key: row.process_key };
  const author = bacAuthor(request, user);
  const now = request.server.clock.now();
  if (form === 'category') {
    // A correction needs a reason; whether this is one is known only in the transaction.
    const checked = checkCategory(body, false);
    if (!checked.ok) return refusal(400, 'INVALID_INPUT', checked.problems);
    const reason = typeof body.reason === 'string' ? body.reason.normalize('NFC').trim() : '';
    const tooLong = checkCategory(body, true);
    if (!tooLong.ok && tooLong.problems.reason === 'tooLong')
      return refusal(400, 'INVALID_INPUT', tooLong.problems);
    const stated = await stateCategory(
      database,
      project,
      checked.value.category,
      reason === '' ? null : reason,
      author,
      now,
    );
    if (!stated.ok) return refusal(400, 'INVALID_INPUT', { reason: 'required' });
    return { ok: true, id: stated.id, corrected: stated.corrected };
  }
  const corrects = correctsOf(body.corrects);
  if (corrects === 'bad') return refusal(404, 'NO_SUCH_ENTRY');
  const correcting = corrects !== null;
  if (form === 'conference') {
    const checked = checkConference(body, correcting);
    if (!checked.ok) return refusal(400, 'INVALID_INPUT', checked.problems);
    const written = await writeConference(database, project, checked.value, corrects, author, now);
    if (!written.ok) return refusal(404, 'NO_SUCH_ENTRY');
    return { ok: true, id: written.id, corrected: correcting };
  }
  const checked = checkObserver(body, correcting);
  if (!checked.ok) return refusal(400, 'INVALID_INPUT', checked.problems);
  const written = await writeObserver(database, project, checked.value, corrects, author, now);
  if (!written.ok) return refusal(404, 'NO_SUCH_ENTRY');
  return { ok: true, id: written.id, corrected: correcting };
}
