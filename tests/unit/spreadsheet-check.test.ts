import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDocument, UnsupportedDocumentType } from '../../server/documents/document-store.ts';
import { DISCLOSURE_DOCUMENT_TYPES, XLSX_TYPE } from '../../server/documents/sniff-type.ts';
import { isSpreadsheetWorkbook } from '../../server/documents/spreadsheet-check.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/full-disclosure');

describe('XLSX workbooks, known by their content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'spreadsheet-check-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes a workbook and refuses other ZIP files, a damaged workbook and a PDF', async () => {
    expect(await isSpreadsheetWorkbook(path.join(FIXTURES, 'sef-utilization-q1.xlsx'))).toBe(true);
    expect(await isSpreadsheetWorkbook(path.join(FIXTURES, 'letter.docx'))).toBe(false);
    expect(await isSpreadsheetWorkbook(path.join(FIXTURES, 'archive.zip'))).toBe(false);
    const workbook = await readFile(path.join(FIXTURES, 'sef-utilization-q1.xlsx'));
    const truncated = path.join(dir, 'truncated.xlsx');
    await writeFile(truncated, workbook.subarray(0, workbook.length - 30));
    expect(await isSpreadsheetWorkbook(truncated)).toBe(false);
    const pdf = path.join(dir, 'report.pdf');
    await writeFile(pdf, '%PDF-1.4\n%%EOF\n');
    expect(await isSpreadsheetWorkbook(pdf)).toBe(false);
  });

  it('stores a workbook where it is accepted, and leaves nothing of a refused ZIP', async () => {
    const store = path.join(dir, 'documents');
    const workbook = await readFile(path.join(FIXTURES, 'sef-utilization-q1.xlsx'));
    const stored = await storeDocument(
      store,
      Readable.from([workbook]),
      1024 * 1024,
      DISCLOSURE_DOCUMENT_TYPES,
    );
    expect(stored.type).toBe(XLSX_TYPE);
    const letter = await readFile(path.join(FIXTURES, 'letter.docx'));
    await expect(
      storeDocument(store, Readable.from([letter]), 1024 * 1024, DISCLOSURE_DOCUMENT_TYPES),
    ).rejects.toThrow('Only PDF and XLSX files can be uploaded.');
    // Procurement documents stay PDF, JPEG and PNG.
    await expect(
      storeDocument(store, Readable.from([workbook]), 1024 * 1024),
    ).rejects.toBeInstanceOf(UnsupportedDocumentType);
    expect(await readdir(store)).toEqual([`${stored.sha256}.xlsx`]);
  });
});
