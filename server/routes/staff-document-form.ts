import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { recordDocumentUpload } from '../../db/documents.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { documentPath, safeDocumentName } from '../documents/document-name.ts';
import {
  documentsDir,
  DocumentTooLarge,
  storeDocument,
  UnsupportedDocumentType,
} from '../documents/document-store.ts';
import { currentStaff } from '../plugins/staff-session.ts';

export interface StaffDocumentFormOptions {
  database: AppDatabase;
  dataDir: string;
  maxDocumentBytes: number;
}

/** What /bac-input says after a plain form upload; the page maps the code to words. */
export type UploadOutcome = 'done' | 'missing' | 'too-large' | 'unsupported';

export const STAFF_DOCUMENT_FORM_PATH = '/bac-input/document';

interface FormUpload {
  fields: Record<string, string>;
  file: MultipartFile | undefined;
  consumed: boolean;
}

const uploads = new WeakMap<FastifyRequest, FormUpload>();

/** Back to data entry with the record type kept, so the staff member carries on where they were. */
function backToForm(reply: FastifyReply, fields: Record<string, string>, extra: URLSearchParams) {
  const params = new URLSearchParams();
  const kind = kindByValue(fields.type ?? '');
  if (kind) params.set('type', kind.value);
  for (const [name, value] of extra) params.set(name, value);
  return reply.header('cache-control', 'no-store').redirect(`/bac-input?${params}`, 303);
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
  const dir = documentsDir(dataDir);
  // One byte over the limit is enough for the store to see the file is too large.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxDocumentBytes + 1, files: 1, fields: 3, fieldSize: 1024, parts: 4 },
  });

  app.addHook('onResponse', async (request) => {
    const upload = uploads.get(request);
    // A refused post still has its file in the pipe: read it to the end so the connection does not stall.
    if (upload?.file && !upload.consumed) upload.file.file.resume();
  });

  async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
    if (!(await currentStaff(request, database))) return reply.redirect('/bac-login', 303);
  }

  /** The CSRF check needs the `_csrf` field, which the form places before the file. */
  async function readFieldsBeforeFile(request: FastifyRequest) {
    const upload: FormUpload = { fields: {}, file: undefined, consumed: false };
    uploads.set(request, upload);
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          upload.file = part;
          break;
        }
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
      }
    }
    request.body = upload.fields;
  }

  app.post(
    STAFF_DOCUMENT_FORM_PATH,
    { preHandler: [requireStaff, readFieldsBeforeFile, app.csrfProtection] },
    async (request, reply) => {
      const upload = uploads.get(request)!;
      const outcome = (code: UploadOutcome) =>
        backToForm(reply, upload.fields, new URLSearchParams({ upload: code }));
      const part = upload.file;
      // A browser sends an empty, nameless file part when no file was chosen.
      if (!part || part.fieldname !== 'file' || !part.filename) return outcome('missing');
      const user = await currentStaff(request, database);
      if (!user) return reply.redirect('/bac-login', 303);

      upload.consumed = true;
      let stored;
      try {
        stored = await storeDocument(dir, part.file, maxDocumentBytes);
      } catch (error) {
        if (error instanceof DocumentTooLarge) return outcome('too-large');
        if (error instanceof UnsupportedDocumentType) return outcome('unsupported');
        throw error;
      }
      const fileName = safeDocumentName(part.filename, stored.type);
      recordDocumentUpload(database, {
        sha256: stored.sha256,
        bytes: stored.bytes,
        type: stored.type,
        fileName,
        uploader: user,
        address: request.ip,
      });
      return backToForm(
        reply,
        upload.fields,
        new URLSearchParams({ upload: 'done', link: documentPath(stored.sha256, fileName) }),
      );
    },
  );
}
