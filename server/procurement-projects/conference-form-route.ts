import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import {
  MAX_LINK_LENGTH,
  MAX_OBSERVER_TEXT,
} from '../../shared/procurement-projects/conference.ts';
import {
  CONFERENCE_FORMS,
  STAFF_CONFERENCES_ROUTE,
  staffConferencesPath,
  type ConferenceForm,
} from '../../shared/procurement-projects/conference-paths.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { projectFormRoute } from './project-form-route.ts';
import { echoedValue, MAX_ECHOED_SHORT_FIELD } from '../http/form-echo.ts';
import { writeSection38AsStaff } from './add-conference.ts';

/** Each field a form may send, with the longest of it echoed back. */
const ECHOED: Record<string, number> = {
  kind: MAX_ECHOED_SHORT_FIELD,
  date: MAX_ECHOED_SHORT_FIELD,
  livestreamUrl: MAX_LINK_LENGTH,
  recordingUrl: MAX_LINK_LENGTH,
  name: MAX_OBSERVER_TEXT,
  organisation: MAX_OBSERVER_TEXT,
  invited: MAX_ECHOED_SHORT_FIELD,
  category: MAX_ECHOED_SHORT_FIELD,
  corrects: MAX_ECHOED_SHORT_FIELD,
  reason: MAX_REASON_LENGTH,
};

const isForm = (value: unknown): value is ConferenceForm =>
  typeof value === 'string' && (CONFERENCE_FORMS as readonly string[]).includes(value);

/**
 * The staff conferences page's no-JavaScript posts (RA 12009 section 38, issue 34):
 * `/staff/procurement/<ocid>/conferences` and its /fil twin, one route for the page's forms
 * (a conference, an observer, the category; `form` says which, `corrects` makes it a
 * correction). Answered 303 back to the page with a result code and, when refused, what was
 * typed (cut, server/http/form-echo.ts) and each field's problem code. The same service as
 * the API writes the row, its history and its audit entry in one transaction.
 */
export async function conferenceFormRoutes(
  app: FastifyInstance,
  { database }: { database: AppDatabase },
) {
  projectFormRoute(app, database, {
    route: STAFF_CONFERENCES_ROUTE,
    pageOf: staffConferencesPath,
    description:
      'The staff conferences page’s forms (BAC role): `form` (conference, observer or category), its fields, `corrects` and `reason` to correct, and `_csrf`, form-encoded.',
    answered: 'Back to the staff conferences page saying what was done.',
    handle: async (request, { lang, ocid, back }) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const form = isForm(body.form) ? body.form : 'conference';
      const user = await staffWithRole(database, request, 'bac');
      const outcome = await writeSection38AsStaff(database, request, user, ocid, form, body, lang);
      if (outcome.ok) return back(outcome.corrected ? 'corrected' : 'added');
      const echoed = Object.fromEntries(
        Object.entries(ECHOED).flatMap(([field, longest]) =>
          body[field] ? [[field, echoedValue(body[field], longest)]] : [],
        ),
      );
      const problems = Object.fromEntries(
        Object.entries(outcome.problems).map(([field, problem]) => [`p_${field}`, problem]),
      );
      return back(outcome.code, { form, ...echoed, ...problems });
    },
  });
}
