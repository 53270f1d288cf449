import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { recordDocumentUpload } from '../../db/documents/document-queries.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { documentPath, safeDocumentName } from './document-name.ts';
import {
  documentsDir,
  DocumentTooLarge,
  storeDocument,
  UnsupportedDocumentType,
  type StoredDocument,
} from './document-store.ts';
import { PROCUREMENT_DOCUMENT_TYPES, type DocumentType } from './sniff-type.ts';

/**
 * What came before the file in the multipart body, read ahead of the CSRF check: an HTML
 * form can only send its token as a `_csrf` field, which must precede the file field, as
 * the form's hidden input does.
 */
export interface PendingUpload {
  fields: Record<string, string>;
  file: MultipartFile | undefined;
  consumed: boolean;
}

/**
 * A body the multipart parser could not read (no boundary, or cut off before its closing
 * boundary): the sender's fault, so 400 with what was wrong, not a logged server error.
 */
export class MalformedUpload extends Error {
  // The error handler answers an API request with the name as its `error`.
  override name = 'Bad Request';
  readonly statusCode = 400;
  constructor(detail: string) {
    super(
      `The upload could not be read: the multipart/form-data body is malformed or cut short (${detail}). Send the form again.`,
    );
  }
}

/**
 * The parser's own failures are plain errors; @fastify/multipart's refusals (too many
 * parts or fields, a field too long) already carry their status and keep it.
 */
function asUploadError(error: unknown): unknown {
  return error instanceof Error && !('statusCode' in error)
    ? new MalformedUpload(error.message)
    : error;
}

/**
 * The bytes of an uploaded file, as a store reads them: a body that breaks off inside the
 * file fails here, as MalformedUpload, and not in the store's own reads and writes.
 */
export async function* uploadedBytes(file: MultipartFile): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of file.file) yield chunk as Uint8Array;
  } catch (error) {
    throw asUploadError(error);
  }
}

type UploadRefusal = { ok: false; reason: 'too-large' | 'unsupported'; message: string };

export type UploadResult = { ok: true; url: string; stored: StoredDocument } | UploadRefusal;

/** A file in the store, not yet recorded, with the safe name it is to be served under. */
export type ReceiveResult = { ok: true; stored: StoredDocument; fileName: string } | UploadRefusal;

/** The multipart limits of one plugin's upload routes. */
export interface MultipartLimits {
  /** The largest file accepted; busboy is allowed one byte more, so a store sees it is too large. */
  maxFileBytes: number;
  /** Fields before the file, and the longest of them. */
  fields?: number;
  fieldSize?: number;
}

/**
 * Multipart uploads of one file for the routes of one plugin (registered here, so only
 * that plugin's routes take multipart bodies): a file limit one byte over the largest file
 * accepted, so a store sees a file is too large while busboy skips the rest; the fields
 * that precede the file; and a drained body when a refusal leaves the file unread.
 */
export async function acceptFileUploads(
  app: FastifyInstance,
  { maxFileBytes, fields = 5, fieldSize = 1024 }: MultipartLimits,
) {
  const pending = new WeakMap<FastifyRequest, PendingUpload>();

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxFileBytes + 1, files: 1, fields, fieldSize, parts: fields + 1 },
  });

  app.addHook('onResponse', async (request) => {
    const upload = pending.get(request);
    // A refused request (no session, bad token) still has its file in the pipe: let busboy
    // read it to the end, or the connection stalls on an unread body.
    if (upload?.file && !upload.consumed) upload.file.file.resume();
  });

  return {
    /** Reads the fields up to the file and leaves them as the body, where the CSRF check looks. */
    async readFieldsBeforeFile(request: FastifyRequest): Promise<void> {
      const upload: PendingUpload = { fields: {}, file: undefined, consumed: false };
      pending.set(request, upload);
      if (request.isMultipart()) {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              upload.file = part;
              break;
            }
            if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
          }
        } catch (error) {
          throw asUploadError(error);
        }
      }
      request.body = upload.fields;
    },

    pendingUpload(request: FastifyRequest): PendingUpload | undefined {
      return pending.get(request);
    },

    /** The pending upload and its file, when the body has a file, sent as the field "file". */
    pendingFile(
      request: FastifyRequest,
    ): { upload: PendingUpload; file: MultipartFile } | undefined {
      const upload = pending.get(request);
      const file = upload?.file;
      return upload && file && file.fieldname === 'file' ? { upload, file } : undefined;
    },
  };
}

/** Document uploads (PDF, JPEG, PNG) for the JSON API and the no-JS form of /bac-input. */
export async function acceptDocumentUploads(
  app: FastifyInstance,
  {
    database,
    dataDir,
    maxDocumentBytes,
    fields,
    fieldSize,
  }: {
    database: SiteDatabase;
    dataDir: string;
    maxDocumentBytes: number;
    /** The fields before the file, when a form sends more or longer ones (a reason in words). */
    fields?: number;
    fieldSize?: number;
  },
) {
  const dir = documentsDir(dataDir);
  const uploads = await acceptFileUploads(app, {
    maxFileBytes: maxDocumentBytes,
    ...(fields === undefined ? {} : { fields }),
    ...(fieldSize === undefined ? {} : { fieldSize }),
  });

  return {
    ...uploads,

    /**
     * Streams the file into the store, taking only `accepted` types, without recording it:
     * for writes that record the document in their own transaction with what links to it.
     */
    async receive(
      upload: PendingUpload,
      file: MultipartFile,
      accepted: readonly DocumentType[] = PROCUREMENT_DOCUMENT_TYPES,
    ): Promise<ReceiveResult> {
      upload.consumed = true;
      try {
        const stored = await storeDocument(dir, uploadedBytes(file), maxDocumentBytes, accepted);
        return { ok: true, stored, fileName: safeDocumentName(file.filename, stored.type) };
      } catch (error) {
        if (error instanceof DocumentTooLarge)
          return { ok: false, reason: 'too-large', message: error.message };
        if (error instanceof UnsupportedDocumentType)
          return { ok: false, reason: 'unsupported', message: error.message };
        throw error;
      }
    },

    /**
     * Streams the file into the store and records it with its audit entry. Should the
     * record fail, the new file stays behind without its row; it is named by its content,
     * so the next upload of it finds it in place and only adds the row.
     */
    async store(
      upload: PendingUpload,
      file: MultipartFile,
      { user, address }: { user: StaffUser; address: string },
    ): Promise<UploadResult> {
      const received = await this.receive(upload, file);
      if (!received.ok) return received;
      const { stored, fileName } = received;
      await recordDocumentUpload(database, {
        sha256: stored.sha256,
        bytes: stored.bytes,
        type: stored.type,
        fileName,
        uploader: user,
        address,
      });
      return { ok: true, url: documentPath(stored.sha256, fileName), stored };
    },
  };
}
