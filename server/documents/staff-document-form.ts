import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { acceptDocumentUploads } from './upload-request.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import { currentStaff } from '../plugins/staff-session.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { emptyResponse } from '../http/media.ts';
import { formRoutes } from '../http/form-route.ts';

export interface StaffDocumentFormOptions {
  database: SiteDatabase;
  dataDir: string;
  maxDocumentBytes: number;
}

/** What /bac-input says after a plain form upload; the page maps the code to words. */
export type UploadOutcome = 'done' | 'missing' | 'too-large' | 'unsupported' | 'forbidden';

export const STAFF_DOCUMENT_FORM_PATH = '/bac-input/document';

/** Back to data entry in the form's language (/fil/bac-input posts to /fil/bac-input/document) with the record type kept, so the staff member carries on where they were. */
function backToForm(
  lang: Lang,
  reply: FastifyReply,
  fields: Record<string, string>,
  extra: URLSearchParams,
) {
  const params = new URLSearchParams();
  const kind = kindByValue(fields.type ?? '');
  if (kind) params.set('type', kind.value);
  for (const [name, value] of extra) params.set(name, value);
  return reply.redirect(pathInLang(`/bac-input?${params}`, lang), 303);
}

/** The sign-in page in the form's language. */
function toSignIn(lang: Lang, reply: FastifyReply) {
  return reply.redirect(pathInLang('/bac-login', lang), 303);
}

/**
 * The document upload of /bac-input for browsers without JavaScript: a plain multipart
 * form post (CSRF token in a `_csrf` field before the file), stored through the same
 * streaming store as `POST /api/documents`, then a 303 back to the form with the link
 * filled in. Page routes take only URL-encoded posts, hence this route of its own.
 */
export async function staffDocumentFormRoutes(
  app: FastifyInstance,
  { database, dataDir, maxDocumentBytes }: StaffDocumentFormOptions,
) {
  const uploads = await acceptDocumentUploads(app, { database, dataDir, maxDocumentBytes });

  // The form's address in both languages, each answering back to its own language's page.
  formRoutes(
    app,
    STAFF_DOCUMENT_FORM_PATH,
    ({ lang }) => ({
      onRequest: privateAnswers,
      schema: {
        response: {
          303: emptyResponse(
            'Back to /bac-input (/fil/bac-input from /fil/bac-input/document), with upload=done and the link, or the reason it was not stored; to /bac-login without a session.',
          ),
        },
      },
      // The CSRF check needs the `_csrf` field, which the form places before the file.
      preHandler: [
        // An account without the BAC role is told so on the form.
        staffFormRole(database, 'bac', lang, (reply) =>
          backToForm(
            lang,
            reply,
            {},
            new URLSearchParams({ upload: 'forbidden' satisfies UploadOutcome }),
          ),
        ),
        uploads.readFieldsBeforeFile,
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const upload = uploads.pendingUpload(request)!;
      const outcome = (code: UploadOutcome) =>
        backToForm(lang, reply, upload.fields, new URLSearchParams({ upload: code }));
      const part = upload.file;
      // A browser sends an empty, nameless file part when no file was chosen.
      if (!part || part.fieldname !== 'file' || !part.filename) return outcome('missing');
      const user = await currentStaff(request, database);
      if (!user) return toSignIn(lang, reply);

      const result = await uploads.store(upload, part, { user, address: request.ip });
      if (!result.ok) return outcome(result.reason);
      return backToForm(
        lang,
        reply,
        upload.fields,
        new URLSearchParams({ upload: 'done', link: result.url }),
      );
    },
  );
}
