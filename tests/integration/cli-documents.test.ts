import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  documentFileName,
  documentsDir,
  type StoredDocument,
} from '../../server/documents/document-store.ts';
import { PDF, PNG } from '../helpers/document-bytes.ts';
import { uploadDocuments, useWorkspace } from './cli-harness.ts';

describe('documents verify', { timeout: 180_000 }, () => {
  const space = useWorkspace();

  const upload = (...files: [Buffer, string][]) =>
    uploadDocuments(
      space,
      files.map(([bytes, fileName]) => ({ bytes, fileName })),
    );

  const fileOf = (document: StoredDocument) =>
    path.join(documentsDir(space.dataDir), documentFileName(document.sha256, document.type));

  it('exits 0 with a count when every stored file matches its SHA-256', async () => {
    await upload([PDF, 'notice.pdf'], [PNG, 'plan.png']);
    const result = await space.run(['documents', 'verify']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Verified 2 documents');
  });

  it('exits 1 naming the file after one byte of it changed, and only that file', async () => {
    const [notice, plan] = await upload([PDF, 'notice.pdf'], [PNG, 'plan.png']);
    const handle = await open(fileOf(notice!), 'r+');
    try {
      await handle.write(Buffer.from('X'), 0, 1, 20);
    } finally {
      await handle.close();
    }
    const result = await space.run(['documents', 'verify']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(fileOf(notice!));
    expect(result.stderr).toContain('content changed');
    expect(result.stderr).toContain('notice.pdf');
    expect(result.stderr).not.toContain(plan!.sha256);
    expect(result.stderr).toContain('1 document of 2 failed verification');
  });

  it('exits 1 naming a stored file that is missing', async () => {
    const [notice] = await upload([PDF, 'notice.pdf']);
    await rm(fileOf(notice!));
    const result = await space.run(['documents', 'verify']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${fileOf(notice!)}: missing`);
  });

  it('finds no documents, and no fault, in a database from before hosted documents', async () => {
    // Opened but never migrated: no documents table yet.
    await space.database().close();
    const result = await space.run(['documents', 'verify']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Verified 0 documents');
  });

  it('refuses a data folder without a database instead of reporting an empty store', async () => {
    const result = await space.run(['documents', 'verify']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no database');
  });
});
