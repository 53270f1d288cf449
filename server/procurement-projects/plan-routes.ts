import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { importPlanLines } from '../../db/procurement-projects/annual-plan.ts';
import { checkPlanCsv } from '../../db/procurement-projects/plan-file.ts';
import { procurementPlan } from '../../db/procurement-projects/plan-list.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import {
  MAX_PLAN_FILE_BYTES,
  PLAN_API_PATH,
  PLAN_PROBLEMS_SHOWN,
  planYearOf,
  problemParam,
  STAFF_PLAN_FORM,
  STAFF_PLAN_PAGE,
  type StaffPlanOutcome,
} from '../../shared/procurement-projects/procurement-plan.ts';
import { roleUsed } from '../../shared/staff-roles.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { acceptFileUploads, uploadedBytes } from '../documents/upload-request.ts';
import { backToFormPage, formRoutes } from '../http/form-route.ts';
import { emptyResponse } from '../http/media.ts';
import { byYearRoutes } from '../open-data/by-year-routes.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import { planQuerystringSchema, planSchema } from './plan-schemas.ts';

const CSV_COLUMNS = [
  'app_code',
  'title',
  'end_user_office',
  'mode_of_procurement',
  'source_of_funds',
  'estimated_budget',
  'status',
  'ocid',
  'url',
];

/** The bytes of the uploaded file, or undefined once it passes the limit (nothing more is kept). */
async function boundedText(
  bytes: AsyncIterable<Uint8Array>,
): Promise<{ ok: true; text: string } | { ok: false; outcome: StaffPlanOutcome }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.byteLength;
    // Read to the end (busboy stops at the limit plus one byte) but keep nothing past it.
    if (size <= MAX_PLAN_FILE_BYTES) chunks.push(chunk);
  }
  if (size > MAX_PLAN_FILE_BYTES) return { ok: false, outcome: 'too-large' };
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)),
    };
  } catch {
    return { ok: false, outcome: 'not-utf8' };
  }
}

/**
 * The Annual Procurement Plan on the web (issue 34): the BAC uploads a year's APP through a
 * no-JavaScript form, checked by the same code as `municipal import app`; everyone reads a
 * year's plan as JSON and CSV (the page itself is rendered from the services).
 */
export async function planRoutes(
  app: FastifyInstance,
  {
    database,
    ocidPrefix,
    siteUrl,
  }: { database: SiteDatabase; ocidPrefix: string; siteUrl: string | undefined },
) {
  // The file is bounded before it is parsed: busboy stops at the limit plus one byte.
  const uploads = await acceptFileUploads(app, { maxFileBytes: MAX_PLAN_FILE_BYTES });

  const planOf = (year: number | undefined) =>
    procurementPlan(database, year, {
      ocidPrefix,
      currentYear: manilaYear(app.clock.now().toISOString()),
    });

  byYearRoutes(app, {
    database,
    siteUrl,
    path: PLAN_API_PATH,
    querystring: planQuerystringSchema,
    schema: planSchema,
    of: planOf,
    csv: {
      description:
        'The year’s plan lines in APP code order with a header row: app_code, title, end_user_office, mode_of_procurement, source_of_funds, estimated_budget (pesos as a decimal string), status, ocid and url (the project’s page).',
      name: (year) => `procurement-plan-${year}`,
      columns: CSV_COLUMNS,
      rows: (plan) =>
        plan.lines.map((line) => [
          line.appCode,
          line.title,
          line.endUserOffice ?? '',
          line.mode ?? '',
          line.sourceOfFunds ?? '',
          line.budget,
          line.status,
          line.ocid,
          `${siteUrl ?? ''}/procurement/${encodeURIComponent(line.ocid)}`,
        ]),
    },
  });

  /** Back to the upload page in the form's language, with what happened as codes. */
  const back = (reply: FastifyReply, lang: Lang, params: [string, string][]) =>
    backToFormPage(reply, STAFF_PLAN_PAGE, lang, params);

  formRoutes(
    app,
    STAFF_PLAN_FORM,
    ({ lang, at }) => ({
      onRequest: privateAnswers,
      schema: {
        description:
          'The BAC uploads a year’s Annual Procurement Plan as CSV with the GPPB form’s headings: multipart/form-data with `_csrf` and `year` before the file (`file`). One bad row refuses the whole file; nothing of it is stored.',
        response: {
          303: emptyResponse(
            `Back to ${at(STAFF_PLAN_PAGE)} saying what was imported or why not (each bad row by its line); to ${at('/bac-login')} without a session.`,
          ),
        },
      },
      preHandler: [
        // Who asks comes before the token, and the token before the file is read.
        staffFormRole(database, 'bac', lang, (reply) =>
          back(reply, lang, [['outcome', 'forbidden' satisfies StaffPlanOutcome]]),
        ),
        uploads.readFieldsBeforeFile,
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const pending = uploads.pendingFile(request);
      const yearText = uploads.pendingUpload(request)?.fields.year ?? '';
      const refuse = (outcome: StaffPlanOutcome, more: [string, string][] = []) =>
        back(reply, lang, [['outcome', outcome], ['year', yearText.slice(0, 4)], ...more]);
      const year = planYearOf(yearText);
      if (year === undefined) return refuse('year');
      if (!pending || pending.file.filename === '') return refuse('file');
      pending.upload.consumed = true;
      const read = await boundedText(uploadedBytes(pending.file));
      if (!read.ok) return refuse(read.outcome);
      const checked = checkPlanCsv(read.text);
      if (!checked.ok) {
        switch (checked.code) {
          case 'headings':
            return refuse('headings', [
              ...checked.missing.map((field): [string, string] => ['missing', field]),
              ...checked.twice.map((field): [string, string] => ['twice', field]),
            ]);
          case 'rows':
            return refuse('rows', [
              ['problems', String(checked.problems.length)],
              ...checked.problems
                .slice(0, PLAN_PROBLEMS_SHOWN)
                .map((problem): [string, string] => ['problem', problemParam(problem)]),
            ]);
          default:
            return refuse(checked.code);
        }
      }
      const user = await staffWithRole(database, request, 'bac');
      const { added, updated } = await importPlanLines(
        database,
        { year, lines: checked.lines },
        {
          actor: user.email,
          address: request.ip,
          detail: { role: roleUsed(user.roles, 'bac'), file: pending.file.filename.slice(0, 200) },
        },
        app.clock.now(),
      );
      return back(reply, lang, [
        ['outcome', 'imported' satisfies StaffPlanOutcome],
        ['year', String(year)],
        ['added', String(added)],
        ['updated', String(updated)],
        ['skipped', String(checked.blank + checked.totals)],
      ]);
    },
  );
}
