import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { StagedDocument } from '../../db/records/record-import.ts';
import { documentPath, safeDocumentName } from '../../server/documents/document-name.ts';
import {
  checkDocument,
  DocumentTooLarge,
  storeDocument,
  UnsupportedDocumentType,
} from '../../server/documents/document-store.ts';

export type DocumentLookup =
  | {
      ok: true;
      document: StagedDocument;
      /** The record's link: /documents/<sha256>/<name>. */
      link: string;
    }
  | { ok: false; reason: string };

function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

function tooLarge(file: string, maxBytes: number): string {
  return `${file} is larger than ${megabytes(maxBytes)} MB, the most a document may be (MAX_DOCUMENT_MB)`;
}

function unreadable(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return `no such file: ${file}`;
  return `cannot be read (${code ?? (error as Error).message}): ${file}`;
}

/**
 * The import's first pass: the file a `document` column names must be a readable PDF,
 * JPEG or PNG (by its first bytes, as an upload) of at most `maxBytes`. It is hashed here,
 * so the record's link (/documents/<sha256>/<name>) is known before anything is written
 * and duplicates are found as for any link; nothing is stored yet.
 */
async function inspect(file: string, maxBytes: number): Promise<DocumentLookup> {
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return { ok: false, reason: `is not a file: ${file}` };
    // Known from its size alone: no need to read a file that can only be refused.
    if (stats.size > maxBytes) return { ok: false, reason: tooLarge(file, maxBytes) };
    const checked = await checkDocument(createReadStream(file), maxBytes);
    const fileName = safeDocumentName(path.basename(file), checked.type);
    return {
      ok: true,
      document: { ...checked, fileName, path: file },
      link: documentPath(checked.sha256, fileName),
    };
  } catch (error) {
    if (error instanceof UnsupportedDocumentType) {
      return {
        ok: false,
        reason: `${file} is not a PDF, JPEG or PNG file (known by its first bytes, whatever its name)`,
      };
    }
    if (error instanceof DocumentTooLarge) return { ok: false, reason: tooLarge(file, maxBytes) };
    return { ok: false, reason: unreadable(file, error) };
  }
}

/**
 * Checks the files of a `document` column, each path once however many rows name it. A
 * relative path is read from the folder of the import file, as a spreadsheet's author
 * keeps the notices beside it.
 */
export function documentChecker(
  baseDir: string,
  maxBytes: number,
): (value: string) => Promise<DocumentLookup> {
  const seen = new Map<string, Promise<DocumentLookup>>();
  return (value) => {
    const file = path.resolve(baseDir, value);
    let lookup = seen.get(file);
    if (!lookup) seen.set(file, (lookup = inspect(file, maxBytes)));
    return lookup;
  };
}

export class DocumentChanged extends Error {
  override name = 'DocumentChanged';
}

/**
 * The write pass: puts a checked file into the document store (temp file, fsync, rename;
 * kept once however often it is imported). A file that changed since it was checked is
 * refused, since the records staged for it link to the content that was checked; what was
 * stored of it is named by its own content, so it is no one's document and does no harm.
 */
export async function storeImportedDocument(
  dir: string,
  document: StagedDocument,
  maxBytes: number,
): Promise<void> {
  let stored;
  try {
    stored = await storeDocument(dir, createReadStream(document.path), maxBytes);
  } catch (error) {
    if (error instanceof UnsupportedDocumentType || error instanceof DocumentTooLarge) {
      throw new DocumentChanged(
        `${document.path} changed after it was checked: ${error.message} Check the file and import again.`,
      );
    }
    throw error;
  }
  if (stored.sha256 !== document.sha256) {
    throw new DocumentChanged(
      `${document.path} changed after it was checked (its SHA-256 was ${document.sha256}, now ${stored.sha256}). Check the file and import again.`,
    );
  }
}
