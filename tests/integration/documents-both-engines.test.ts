import { beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import {
  addDocument,
  addDocumentNow,
  documentSizeAndType,
  findDocument,
  listDocuments,
  recordDocumentUpload,
} from '../../db/documents/document-queries.ts';
import { writeTransaction } from '../../db/site-database.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const sha = (letter: string) => letter.repeat(64);

describeOnBothEngines('hosted documents’ rows', (engine, engineName) => {
  let uploader: { id: number; email: string };
  beforeAll(async () => {
    const { id } = await engine
      .site()
      .db.insertInto('staff_users')
      .values({ email: 'clerk@example.gov.ph', display_name: 'Clerk', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    uploader = { id, email: 'clerk@example.gov.ph' };
  });
  const upload = (letter: string, fileName: string) => ({
    sha256: sha(letter),
    bytes: 1000 + letter.charCodeAt(0),
    type: 'application/pdf',
    fileName,
    uploader,
    address: '192.0.2.1',
  });

  it('records an upload with its audit entry; the same content again keeps its first row and name', async () => {
    await recordDocumentUpload(engine.site(), upload('a', 'notice.pdf'));
    await recordDocumentUpload(engine.another(), upload('a', 'renamed.pdf'));
    await recordDocumentUpload(engine.site(), {
      ...upload('b', 'award.pdf'),
      importedFrom: '/srv/imports/award.pdf',
    });
    expect(await findDocument(engine.another(), sha('a'))).toMatchObject({
      sha256: sha('a'),
      bytes: 1097,
      type: 'application/pdf',
      fileName: 'notice.pdf',
      uploadedBy: uploader.id,
    });
    expect(await findDocument(engine.site(), sha('f'))).toBeUndefined();
    const audit = await listAudit(engine.site(), { limit: 10, action: 'document-uploaded' });
    expect(audit.map((entry) => entry.detail)).toEqual([
      {
        sha256: sha('b'),
        bytes: 1098,
        type: 'application/pdf',
        fileName: 'award.pdf',
        alreadyStored: false,
        source: 'import',
        importedFrom: '/srv/imports/award.pdf',
      },
      {
        sha256: sha('a'),
        bytes: 1097,
        type: 'application/pdf',
        fileName: 'renamed.pdf',
        alreadyStored: true,
      },
      {
        sha256: sha('a'),
        bytes: 1097,
        type: 'application/pdf',
        fileName: 'notice.pdf',
        alreadyStored: false,
      },
    ]);
    expect(audit[0]).toMatchObject({ actor: uploader.email, address: '192.0.2.1' });
  });

  it('tells a hosted file’s size and type, and lists every document oldest first', async () => {
    expect(await documentSizeAndType(engine.another(), sha('b'))).toEqual({
      sha256: sha('b'),
      bytes: 1098,
      type: 'application/pdf',
    });
    expect(await documentSizeAndType(engine.site(), sha('f'))).toBeUndefined();
    const listed = await listDocuments(engine.site());
    expect(listed.map((document) => [document.sha256, document.fileName])).toEqual([
      [sha('a'), 'notice.pdf'],
      [sha('b'), 'award.pdf'],
    ]);
    expect(listed[0]!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('rolls the row and its audit entry back together when the transaction fails', async () => {
    await expect(
      writeTransaction(engine.site(), async (tx) => {
        await addDocument(tx, upload('c', 'lost.pdf'));
        throw new Error('the write after the document failed');
      }),
    ).rejects.toThrow('the write after the document failed');
    expect(await findDocument(engine.site(), sha('c'))).toBeUndefined();
    const audit = await listAudit(engine.site(), { limit: 10, action: 'document-uploaded' });
    expect(audit).toHaveLength(3);
  });

  if (engineName === 'sqlite') {
    it('runs the same queries at once on SQLite for writers not yet awaiting', async () => {
      const database = engine.site() as AppDatabase;
      addDocumentNow(database, upload('d', 'completion.pdf'));
      addDocumentNow(database, upload('d', 'again.pdf'));
      expect(await documentSizeAndType(database, sha('d'))).toEqual({
        sha256: sha('d'),
        bytes: 1100,
        type: 'application/pdf',
      });
      expect((await findDocument(database, sha('d')))!.fileName).toBe('completion.pdf');
      const audit = await listAudit(database, { limit: 2, action: 'document-uploaded' });
      expect(audit.map((entry) => entry.detail['alreadyStored'])).toEqual([true, false]);
    });
  }
});
