import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { findDocument } from '../../db/documents/document-queries.ts';
import { inlineDisposition } from './document-name.ts';
import { documentFileName, documentsDir } from './document-store.ts';
import { acceptDocumentUploads } from './upload-request.ts';
import { documentTypes, isDocumentType } from './sniff-type.ts';
import { STATIC_DOCUMENT_POLICY } from '../plugins/security-headers.ts';
import { requireRole } from '../auth/require-role.ts';
import { currentStaff } from '../plugins/staff-session.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { errorSchema } from '../http/error-schemas.ts';
import type { UploadRefusalCode } from '../../shared/documents/document-uploads.ts';
import { mediaResponse } from '../http/media.ts';

export interface DocumentRoutesOptions {
  database: SiteDatabase;
  dataDir: string;
  maxDocumentBytes: number;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const uploadResponseSchema = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    sha256: { type: 'string' },
    bytes: { type: 'integer' },
    type: { type: 'string' },
  },
  required: ['url', 'sha256', 'bytes', 'type'],
} as const;

const documentParamsSchema = {
  type: 'object',
  properties: {
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    name: { type: 'string', minLength: 1, maxLength: 255 },
  },
  required: ['sha256', 'name'],
} as const;

const DOCUMENT_MEDIA_TYPES = Object.keys(documentTypes);

function failure(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  code: UploadRefusalCode,
  message: string,
) {
  return reply.code(statusCode).send({ statusCode, error, code, message });
}

/**
 * Staff upload documents (PDF, JPEG, PNG); everyone reads them at a permanent,
 * content-addressed URL: /documents/<sha256>/<any name>.
 */
export async function documentRoutes(
  app: FastifyInstance,
  { database, dataDir, maxDocumentBytes }: DocumentRoutesOptions,
) {
  const dir = documentsDir(dataDir);

  // Registered here, so only these routes take multipart bodies.
  const uploads = await acceptDocumentUploads(app, { database, dataDir, maxDocumentBytes });

  async function readFieldsBeforeFile(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart()) {
      return failure(
        reply,
        415,
        'Unsupported Media Type',
        'INVALID_INPUT',
        'Send the document as multipart/form-data in a field named "file".',
      );
    }
    await uploads.readFieldsBeforeFile(request);
  }

  app.post(
    '/api/documents',
    {
      schema: {
        response: { 201: uploadResponseSchema, '4xx': errorSchema },
      },
      onRequest: privateAnswers,
      // Who is asking comes before the token, and the token before the file is stored.
      preHandler: [requireRole(database, 'bac'), readFieldsBeforeFile, app.csrfProtection],
    },
    async (request, reply) => {
      const pending = uploads.pendingFile(request);
      if (!pending) {
        return failure(
          reply,
          400,
          'Bad Request',
          'NO_FILE',
          'Choose a file to upload (field "file").',
        );
      }
      const { upload, file } = pending;
      const user = await currentStaff(request, database);
      if (!user) return failure(reply, 401, 'Unauthorized', 'NOT_SIGNED_IN', 'Sign in to do this.');
      const result = await uploads.store(upload, file, { user, address: request.ip });
      if (!result.ok) {
        return result.reason === 'too-large'
          ? failure(reply, 413, 'Payload Too Large', 'FILE_TOO_LARGE', result.message)
          : failure(reply, 415, 'Unsupported Media Type', 'UNSUPPORTED_FILE', result.message);
      }
      const { sha256, bytes, type } = result.stored;
      return reply.code(201).send({ url: result.url, sha256, bytes, type });
    },
  );

  app.get<{ Params: { sha256: string; name: string } }>(
    '/documents/:sha256/:name',
    {
      schema: {
        params: documentParamsSchema,
        response: {
          200: mediaResponse('The document.', DOCUMENT_MEDIA_TYPES, 'binary'),
          206: mediaResponse(
            'The requested range of the document.',
            DOCUMENT_MEDIA_TYPES,
            'binary',
          ),
        },
      },
      // A malformed hash names no document: the same 404 as an unknown one.
      attachValidation: true,
      // A document opened in the site's origin must never run script, whatever a future
      // type check lets through (an HTML or SVG polyglot): the /media policy, replacing
      // helmet's page CSP. `sandbox` gives it an opaque origin; Chromium still shows PDFs.
      onRequest: (_request, reply, done) => {
        reply.header('content-security-policy', STATIC_DOCUMENT_POLICY);
        done();
      },
      // @fastify/send hangs a 416's Content-Range (the file's size, RFC 9110 §15.5.17) on
      // the error, where the app's handler would drop it; and an error page is no document.
      errorHandler(error, request, reply) {
        reply.removeHeader('content-disposition');
        const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
        if (error.statusCode === 416 && range) reply.header('content-range', range);
        return app.errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const notFound = () =>
        reply.code(404).type('text/plain; charset=utf-8').send('No such document.');
      if (request.validationError) return notFound();
      const document = await findDocument(database, request.params.sha256);
      if (!document || !isDocumentType(document.type)) return notFound();
      const file = documentFileName(document.sha256, document.type);
      if (
        !(await access(path.join(dir, file)).then(
          () => true,
          () => false,
        ))
      ) {
        request.log.error(
          { sha256: document.sha256 },
          'a stored document is missing from the document folder; run "municipal documents verify"',
        );
        return notFound();
      }
      reply
        .header('content-disposition', inlineDisposition(document.fileName))
        .header('x-content-type-options', 'nosniff');
      // @fastify/send answers Range (206, 416), conditional requests, ETag and
      // Last-Modified, and takes the Content-Type from the extension the store gave the file.
      return reply.sendFile(file, dir, {
        cacheControl: true,
        maxAge: ONE_YEAR_MS,
        immutable: true,
        acceptRanges: true,
        etag: true,
        lastModified: true,
      });
    },
  );
}
