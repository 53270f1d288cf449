import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  documentTypeName,
  documentTypes,
  PROCUREMENT_DOCUMENT_TYPES,
  SNIFF_BYTES,
  sniffDocumentType,
  XLSX_TYPE,
  type DocumentType,
} from './sniff-type.ts';
import { isSpreadsheetWorkbook } from './spreadsheet-check.ts';

export class DocumentTooLarge extends Error {
  override name = 'DocumentTooLarge';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
}

/** "PDF, JPEG and PNG", "PDF and XLSX". */
function typeList(accepted: readonly DocumentType[]): string {
  const names = accepted.map(documentTypeName);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export class UnsupportedDocumentType extends Error {
  override name = 'UnsupportedDocumentType';
  constructor(accepted: readonly DocumentType[] = PROCUREMENT_DOCUMENT_TYPES) {
    super(`Only ${typeList(accepted)} files can be uploaded.`);
  }
}

export interface CheckedDocument {
  sha256: string;
  bytes: number;
  type: DocumentType;
}

export interface StoredDocument extends CheckedDocument {
  /** False when the same bytes were already stored, so nothing new was kept. */
  created: boolean;
}

/** Half-written uploads; never a stored document, whose names start with its hash. */
export const TEMP_PREFIX = '.upload-';

export function documentsDir(dataDir: string): string {
  return path.join(dataDir, 'documents');
}

/** The stored file's name: its content's SHA-256, and the extension that gives its Content-Type. */
export function documentFileName(sha256: string, type: DocumentType): string {
  return `${sha256}.${documentTypes[type].extension}`;
}

/** A file's SHA-256, read as a stream so a large file needs no more memory than a small one. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** A rename is durable only once the folder that holds the new name is on disk too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface CheckOptions {
  /** Where each accepted chunk goes. */
  write?: (chunk: Uint8Array) => Promise<unknown>;
  /** The types taken, by their first bytes; procurement's PDF, JPEG and PNG unless given. */
  accepted?: readonly DocumentType[];
}

/**
 * Reads a document to its end, hashing it and checking that it is at most `maxBytes` and
 * of an accepted type by its first bytes; each accepted chunk goes to `write`, if given.
 * A refused document is still read to its end (but no more of it is written), so an HTTP
 * client gets the answer instead of a reset connection. The upload and the import's check
 * of a file share it, so both accept exactly the same documents.
 */
export async function checkDocument(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  { write, accepted = PROCUREMENT_DOCUMENT_TYPES }: CheckOptions = {},
): Promise<CheckedDocument> {
  const hash = createHash('sha256');
  let bytes = 0;
  let head = Buffer.alloc(0);
  let refusal: Error | undefined;
  for await (const chunk of source) {
    bytes += chunk.byteLength;
    if (refusal) continue;
    if (bytes > maxBytes) {
      refusal = new DocumentTooLarge(maxBytes);
      continue;
    }
    if (head.length < SNIFF_BYTES) {
      head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      if (head.length === SNIFF_BYTES && !sniffDocumentType(head, accepted)) {
        refusal = new UnsupportedDocumentType(accepted);
        continue;
      }
    }
    hash.update(chunk);
    await write?.(chunk);
  }
  if (refusal) throw refusal;
  const type = sniffDocumentType(head, accepted);
  if (!type) throw new UnsupportedDocumentType(accepted);
  return { sha256: hash.digest('hex'), bytes, type };
}

/**
 * Stores a document under its SHA-256 in `dir`: the bytes go to a temporary file in the
 * same folder while they are checked (see checkDocument), are fsynced, and are renamed
 * into place only when the whole file arrived and was accepted (a ZIP only when it is an
 * XLSX workbook). The same bytes twice are kept once; nothing of a refused file stays on disk.
 */
export async function storeDocument(
  dir: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  accepted: readonly DocumentType[] = PROCUREMENT_DOCUMENT_TYPES,
): Promise<StoredDocument> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
  const handle = await open(temp, 'wx');
  let handleOpen = true;
  try {
    const checked = await checkDocument(source, maxBytes, {
      write: (chunk) => handle.write(chunk),
      accepted,
    });
    await handle.sync();
    await handle.close();
    handleOpen = false;
    if (checked.type === XLSX_TYPE && !(await isSpreadsheetWorkbook(temp))) {
      throw new UnsupportedDocumentType(accepted);
    }

    const target = path.join(dir, documentFileName(checked.sha256, checked.type));
    const created = !(await exists(target));
    if (created) {
      await rename(temp, target);
      await syncDirectory(dir);
    }
    return { ...checked, created };
  } finally {
    if (handleOpen) await handle.close();
    // After the rename there is nothing left here to remove.
    await rm(temp, { force: true });
  }
}

/**
 * Checks a file on disk as an upload of it would be checked (size, type by content, a ZIP
 * only when it is an XLSX workbook), without storing it: for imports that check every
 * file before writing any.
 */
export async function checkDocumentFile(
  file: string,
  maxBytes: number,
  accepted: readonly DocumentType[],
): Promise<CheckedDocument> {
  const checked = await checkDocument(createReadStream(file), maxBytes, { accepted });
  if (checked.type === XLSX_TYPE && !(await isSpreadsheetWorkbook(file))) {
    throw new UnsupportedDocumentType(accepted);
  }
  return checked;
}
