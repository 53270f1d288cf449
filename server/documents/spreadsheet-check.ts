import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

/**
 * An XLSX workbook is a ZIP file whose `[Content_Types].xml` names the SpreadsheetML
 * workbook part (ECMA-376 Part 2, Open Packaging Conventions). Its first bytes only say
 * "ZIP", which a Word file, a JAR or any archive shares, so the stored file is opened and
 * that one entry read. Macro-enabled workbooks and templates name other content types and
 * are refused.
 */
const WORKBOOK_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const WORKBOOK_OVERRIDE = new RegExp(
  `ContentType\\s*=\\s*["']${WORKBOOK_CONTENT_TYPE.replaceAll('.', '\\.').replaceAll('+', '\\+')}["']`,
);
const CONTENT_TYPES_ENTRY = '[Content_Types].xml';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_RECORD = 22 + 0xffff;
/** A real `[Content_Types].xml` is a few kilobytes; anything larger is not read. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;
const STORED = 0;
const DEFLATED = 8;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The central directory's place, from the end record found by scanning back from the end. */
function findCentralDirectory(tail: Buffer, tailStart: number, size: number) {
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY) continue;
    const length = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (offset + length <= tailStart + at && offset + length <= size) return { offset, length };
  }
  return undefined;
}

/** Where `[Content_Types].xml` is stored, as its central directory entry says. */
function findContentTypesEntry(directory: Buffer) {
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_DIRECTORY_ENTRY) {
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.toString('latin1', at + 46, at + 46 + nameLength);
    if (name === CONTENT_TYPES_ENTRY) {
      return {
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localHeader: directory.readUInt32LE(at + 42),
      };
    }
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return undefined;
}

async function readContentTypes(handle: FileHandle, size: number): Promise<string | undefined> {
  const tailStart = Math.max(0, size - MAX_END_RECORD);
  const directoryPlace = findCentralDirectory(
    await readAt(handle, tailStart, size - tailStart),
    tailStart,
    size,
  );
  if (!directoryPlace) return undefined;
  const entry = findContentTypesEntry(
    await readAt(handle, directoryPlace.offset, directoryPlace.length),
  );
  if (!entry || entry.size > MAX_CONTENT_TYPES_BYTES) return undefined;
  const header = await readAt(handle, entry.localHeader, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_FILE_HEADER) return undefined;
  const dataStart = entry.localHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await readAt(handle, dataStart, entry.compressedSize);
  if (data.length < entry.compressedSize) return undefined;
  if (entry.method === STORED) return data.toString('utf8');
  if (entry.method !== DEFLATED) return undefined;
  return inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES }).toString('utf8');
}

/** Whether the file is an XLSX workbook; false for any other ZIP and for a damaged one. */
export async function isSpreadsheetWorkbook(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const contentTypes = await readContentTypes(handle, size);
    return contentTypes !== undefined && WORKBOOK_OVERRIDE.test(contentTypes);
  } catch {
    // A damaged archive (a bad deflate stream, a truncated entry) is no workbook.
    return false;
  } finally {
    await handle.close();
  }
}
