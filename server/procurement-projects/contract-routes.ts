import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  checkAmendment,
  type AmendmentCheck,
} from '../../shared/procurement-projects/contract-amendment.ts';
import {
  STAFF_CONTRACT_FORM_ROUTE,
  staffContractPage,
  type ContractOutcome,
} from '../../shared/procurement-projects/contract-paths.ts';
import {
  checkCompletion,
  type CompletionCheck,
} from '../../shared/procurement-projects/project-completion.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { acceptDocumentUploads } from '../documents/upload-request.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { echoedValue, MAX_ECHOED_SHORT_FIELD } from '../http/form-echo.ts';
import { backToFormPage, formRoutes } from '../http/form-route.ts';
import { emptyResponse } from '../http/media.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import { completionBodySchema } from './completion-schemas.ts';
import { amendWithDocument, completeAsStaff, type ReceivedDocument } from './contract-changes.ts';
import { procurementProjectDetail, type ProjectDetailOptions } from './project-detail.ts';
import { bacWriteOptions, invalidBody } from './projects-api.ts';
import { projectDetailSchema, projectParamsSchema } from './schemas.ts';

export interface ContractRoutesOptions extends ProjectDetailOptions {
  database: SiteDatabase;
  dataDir: string;
  maxDocumentBytes: number;
}

interface ProjectRequest {
  Params: { ocid: string };
}

/** A variation order or certificate is a signed paper: a PDF (a scan saved as one). */
const CONTRACT_DOCUMENT_TYPES = ['application/pdf'] as const;

/**
 * A project's contract after the award (issue 34), for the BAC role: its completion by API
 * (`POST /api/procurements/<ocid>/completion`), and the no-JavaScript forms of
 * /staff/procurement/<ocid>/contract, which add an amendment or state the completion, each
 * with its signed document. Its own plugin, so only these routes take multipart bodies.
 */
export async function contractRoutes(
  app: FastifyInstance,
  { database, dataDir, maxDocumentBytes, ...projectSite }: ContractRoutesOptions,
) {
  // _csrf, intent, amount, date and reason; a reason's characters may take 4 bytes each.
  const uploads = await acceptDocumentUploads(app, {
    database,
    dataDir,
    maxDocumentBytes,
    fields: 6,
    fieldSize: MAX_REASON_LENGTH * 4,
  });

  app.post<ProjectRequest & { Body: { date: string; reason?: string } }>(
    '/api/procurements/:ocid/completion',
    bacWriteOptions(app, database, {
      params: projectParamsSchema,
      body: completionBodySchema,
      response: { 200: projectDetailSchema, ...errorResponses },
    }),
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send(invalidBody(request.validationError, 'date (and reason)'));
      }
      const user = await staffWithRole(database, request, 'bac');
      const { ocid } = request.params;
      const outcome = await completeAsStaff(database, request, user, ocid, request.body, undefined);
      if (!outcome.ok) return sendRefusal(reply, outcome);
      return reply.send(await procurementProjectDetail(database, ocid, projectSite));
    },
  );

  /** Back to the staff page in the form's language, saying what happened, what was typed kept. */
  const backToPage = (
    reply: FastifyReply,
    lang: Lang,
    ocid: string,
    params: Record<string, string>,
  ): FastifyReply => backToFormPage(reply, staffContractPage(ocid), lang, params);

  const ocidOf = (request: FastifyRequest) => (request.params as { ocid: string }).ocid;

  formRoutes(
    app,
    STAFF_CONTRACT_FORM_ROUTE,
    ({ lang, at }) => ({
      onRequest: privateAnswers,
      schema: {
        params: projectParamsSchema,
        description:
          'The no-JavaScript form of the staff contract page: a multipart body with `_csrf` first, `intent` (`amend` or `complete`), `amount` (amend), `date`, `reason` (amend; a completion’s correction), then an optional PDF as `file`.',
        response: {
          303: emptyResponse(
            `Back to ${at('/staff/procurement/<ocid>/contract')} saying what was stored or why not; to ${at('/bac-login')} without a session.`,
          ),
        },
      },
      preHandler: [
        // An account without the role is told so on the page.
        staffFormRole(database, 'bac', lang, (reply) =>
          backToPage(reply, lang, ocidOf(reply.request), {
            outcome: 'forbidden' satisfies ContractOutcome,
          }),
        ),
        uploads.readFieldsBeforeFile,
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const ocid = ocidOf(request);
      const upload = uploads.pendingUpload(request)!;
      const { fields } = upload;
      const typed = { amount: fields.amount, date: fields.date, reason: fields.reason };
      const user = await staffWithRole(database, request, 'bac');
      const completing = fields.intent === 'complete';
      // What was typed goes back cut to each field's longest, so the redirect stays within
      // the header limit; the checks below read the values as sent.
      const kept: Record<string, string> = {
        intent: completing ? 'complete' : 'amend',
        ...(completing ? {} : { amount: echoedValue(fields.amount, MAX_ECHOED_SHORT_FIELD) }),
        date: echoedValue(fields.date, MAX_ECHOED_SHORT_FIELD),
        reason: echoedValue(fields.reason, MAX_REASON_LENGTH),
      };
      const back = (outcome: ContractOutcome, more: Record<string, string> = {}) =>
        backToPage(reply, lang, ocid, { ...kept, outcome, ...more });
      // The typed values first: a refused form stores no file.
      const checked: AmendmentCheck | CompletionCheck = completing
        ? checkCompletion(typed)
        : checkAmendment(typed);
      if (!checked.ok)
        return back('invalid', { problems: Object.keys(checked.fieldErrors).join(',') });
      let document: ReceivedDocument | undefined;
      const pending = uploads.pendingFile(request);
      // A file input left empty still sends its part, with no name and no bytes.
      if (pending && pending.file.filename) {
        const received = await uploads.receive(
          pending.upload,
          pending.file,
          CONTRACT_DOCUMENT_TYPES,
        );
        if (!received.ok) return back(received.reason);
        document = received;
      }
      const outcome = completing
        ? await completeAsStaff(database, request, user, ocid, typed, document)
        : await amendWithDocument(database, request, user, ocid, typed, document);
      if (!outcome.ok) {
        if (outcome.code === 'REASON_REQUIRED') return back('reason-required');
        if (outcome.code === 'NO_SUCH_PROJECT')
          return reply
            .code(404)
            .send({ statusCode: 404, error: 'Not Found', message: outcome.message });
        return back('invalid');
      }
      return backToPage(reply, lang, ocid, { outcome: completing ? 'completed' : 'amended' });
    },
  );
}
