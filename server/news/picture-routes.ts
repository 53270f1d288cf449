import { mkdir } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { addPicture, type NewsAuthor } from '../../db/news/news-queries.ts';
import {
  STAFF_NEWS_PATH,
  STAFF_PICTURE_FORM_PATH,
  type PictureUploadFailure,
} from '../../shared/news/news.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { formRoutes } from '../http/form-route.ts';
import { requireRole } from '../auth/require-role.ts';
import { staffFormRole } from '../staff/staff-form-role.ts';
import {
  acceptFileUploads,
  uploadedBytes,
  type PendingUpload,
} from '../documents/upload-request.ts';
import { newsAuthor, NEWS_ROLE } from './news-staff-services.ts';
import {
  picturesDir,
  PICTURES_URL_PREFIX,
  PictureTooLarge,
  PictureTooManyPixels,
  removePictureFiles,
  storePicture,
  UnsupportedPicture,
  type ConvertedPicture,
  type StoredPictureFiles,
} from './pictures.ts';
import { STATIC_DOCUMENT_POLICY } from '../plugins/security-headers.ts';
import { staticFiles } from '../plugins/static-files.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { emptyResponse } from '../http/media.ts';
import { errorSchema } from '../http/error-schemas.ts';
import type { UploadRefusalCode } from '../../shared/documents/document-uploads.ts';
import { pictureUploadSchema } from './schemas.ts';

export interface PictureRoutesOptions {
  database: SiteDatabase;
  dataDir: string;
  maxDocumentBytes: number;
}

type Stored =
  | { ok: true; id: number; picture: ConvertedPicture }
  | { ok: false; reason: PictureUploadFailure; message: string };

function failure(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  code: UploadRefusalCode,
  message: string,
) {
  return reply.code(statusCode).send({ statusCode, error, code, message });
}

/** A news item id the form may carry back to the page it came from (editing that item). */
const ITEM_ID = /^[a-z0-9-]{1,100}$/;

/**
 * News pictures: `POST /api/pictures` for the API and the staff page's plain form for
 * browsers without JavaScript, both limited to MAX_DOCUMENT_MB, checked, converted and
 * recorded the same way; and the converted files under /pictures/ with /media's headers.
 */
export async function pictureRoutes(
  app: FastifyInstance,
  { database, dataDir, maxDocumentBytes }: PictureRoutesOptions,
) {
  const dir = picturesDir(dataDir);
  await mkdir(dir, { recursive: true });
  await app.register(staticFiles, {
    root: dir,
    urlPrefix: PICTURES_URL_PREFIX,
    // A converted file's name is new for every upload, so it never changes under its URL.
    maxAge: '365d',
    immutable: true,
    index: false,
    contentSecurityPolicy: STATIC_DOCUMENT_POLICY,
  });

  const uploads = await acceptFileUploads(app, { maxFileBytes: maxDocumentBytes });

  /** Converts the file and records the picture with its audit entry; nothing stays on disk when either fails. */
  async function store(
    upload: PendingUpload,
    file: MultipartFile,
    author: NewsAuthor,
  ): Promise<Stored> {
    upload.consumed = true;
    let stored: StoredPictureFiles;
    try {
      stored = await storePicture(dataDir, uploadedBytes(file), maxDocumentBytes);
    } catch (error) {
      if (error instanceof PictureTooLarge)
        return { ok: false, reason: 'too-large', message: error.message };
      if (error instanceof PictureTooManyPixels)
        return { ok: false, reason: 'too-many-pixels', message: error.message };
      if (error instanceof UnsupportedPicture)
        return { ok: false, reason: 'unsupported', message: error.message };
      throw error;
    }
    try {
      return {
        ok: true,
        id: await addPicture(database, stored.picture, author),
        picture: stored.picture,
      };
    } catch (error) {
      await removePictureFiles(stored.files);
      throw error;
    }
  }

  app.post(
    '/api/pictures',
    {
      onRequest: privateAnswers,
      schema: {
        summary:
          'Upload a news picture (role information): JPEG, PNG or WebP, as multipart field "file"',
        response: { 201: pictureUploadSchema, '4xx': errorSchema, '5xx': errorSchema },
      },
      // Who is asking and with which role first, then the token, then the file.
      preValidation: requireRole(database, NEWS_ROLE),
      preHandler: [
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (!request.isMultipart()) {
            return failure(
              reply,
              415,
              'Unsupported Media Type',
              'INVALID_INPUT',
              'Send the picture as multipart/form-data in a field named "file".',
            );
          }
          await uploads.readFieldsBeforeFile(request);
        },
        app.csrfProtection,
      ],
    },
    async (request, reply) => {
      const pending = uploads.pendingFile(request);
      if (!pending) {
        return failure(
          reply,
          400,
          'Bad Request',
          'NO_FILE',
          'Choose a picture to upload (field "file").',
        );
      }
      const { upload, file } = pending;
      const result = await store(upload, file, await newsAuthor(database, request));
      if (!result.ok) {
        if (result.reason === 'too-large')
          return failure(reply, 413, 'Payload Too Large', 'FILE_TOO_LARGE', result.message);
        if (result.reason === 'too-many-pixels')
          return failure(reply, 400, 'Bad Request', 'TOO_MANY_PIXELS', result.message);
        return failure(reply, 415, 'Unsupported Media Type', 'UNSUPPORTED_FILE', result.message);
      }
      return reply.code(201).send({ id: result.id, ...result.picture });
    },
  );

  /** Back to the staff page in the form's language, editing the item the form came from, with what happened. */
  function backToPage(
    reply: FastifyReply,
    lang: Lang,
    upload: PendingUpload,
    outcome: Record<string, string>,
  ) {
    const params = new URLSearchParams();
    const edit = upload.fields.edit ?? '';
    if (ITEM_ID.test(edit)) params.set('edit', edit);
    for (const [name, value] of Object.entries(outcome)) params.set(name, value);
    return reply.redirect(pathInLang(`${STAFF_NEWS_PATH}?${params}`, lang), 303);
  }

  // The form posts to its page's language's address (/fil/staff/news/picture from the
  // Filipino page), so every answer leads back to a page in that language.
  formRoutes(
    app,
    STAFF_PICTURE_FORM_PATH,
    ({ lang, at }) => ({
      onRequest: privateAnswers,
      schema: {
        response: {
          303: emptyResponse(
            'Back to /staff/news with picture=<id>, or upload=<why not>; to /bac-login without a session (under /fil from the Filipino page).',
          ),
        },
      },
      // The CSRF check needs the `_csrf` field, which the form places before the file.
      preHandler: [
        // An account without the role back to the page, which says what it lacks.
        staffFormRole(database, NEWS_ROLE, lang, (reply) =>
          reply.redirect(at(STAFF_NEWS_PATH), 303),
        ),
        uploads.readFieldsBeforeFile,
        app.csrfProtection,
      ],
    }),
    async (request, reply, { lang }) => {
      const upload = uploads.pendingUpload(request)!;
      const part = upload.file;
      // A browser sends an empty, nameless file part when no file was chosen.
      if (!part || part.fieldname !== 'file' || !part.filename)
        return backToPage(reply, lang, upload, { upload: 'missing' });
      const result = await store(upload, part, await newsAuthor(database, request));
      if (!result.ok) return backToPage(reply, lang, upload, { upload: result.reason });
      return backToPage(reply, lang, upload, { picture: String(result.id) });
    },
  );
}
