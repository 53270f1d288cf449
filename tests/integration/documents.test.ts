import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { EXE, sha256Of } from '../helpers/document-bytes.ts';
import { multipart } from '../helpers/multipart.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { type AppUnderTest, createTestApp, useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'ledger of the river barangays';

/** A 4×4 PNG and JPEG as Chromium's canvas encodes them, and the demo's charter PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAN0lEQVR4AUzIQQkAMAxD0dDrREzBVMzBjMzZzExLz21TKDTwIHyZd1sniP0zQHGRgadkWE9BjA4AAP//TvqHsAAAAAZJREFUAwAy7g1J9ZIhlwAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAhEAAABQIHAAAAAAAAAAAAAAAAAQIDBBIUERMjJEFCUf/EABUBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFxEAAwEAAAAAAAAAAAAAAAAAAAEDMv/aAAwDAQACEQMRAD8Ai50u7t9vHYyWUs6KKa8OyvVHyYAADLCJu22f/9k=',
  'base64',
);
const pdfFile = async (testApp: AppUnderTest) =>
  readFile(path.join(testApp.config.contentDir, 'media/citizens-charter-2025.pdf'));

interface UploadAnswer {
  url: string;
  sha256: string;
  bytes: number;
  type: string;
}

describe('hosted documents', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let staff: ApiVisitor;
  let token: string;
  let accounts = 0;
  const email = 'records.officer@san-isidro.gov.ph';

  beforeAll(async () => {
    ({ visitor: staff, token } = await signedIn(testApp, email));
  });

  async function signedIn(app: AppUnderTest, address = `uploader${++accounts}@san-isidro.gov.ph`) {
    const { visitor } = await signedInStaff(app, address, PASSWORD);
    return { visitor, token: await visitor.csrfToken() };
  }

  async function upload(
    visitor: ApiVisitor,
    file: { bytes: Buffer; fileName: string; type: string },
    options: { token?: string; csrfField?: string } = {},
  ) {
    const { body, contentType } = await multipart([
      ...(options.csrfField === undefined ? [] : [{ name: '_csrf', value: options.csrfField }]),
      { name: 'file', value: file },
    ]);
    return visitor.request({
      method: 'POST',
      url: '/api/documents',
      headers: {
        'content-type': contentType,
        ...(options.token === undefined ? {} : { 'x-csrf-token': options.token }),
      },
      payload: body,
    });
  }

  /** Everything in DATA_DIR/documents, temporary files included. */
  async function storedFiles(app: AppUnderTest = testApp): Promise<string[]> {
    return readdir(path.join(app.config.dataDir, 'documents')).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
  }

  /** The rows of a query, read from the app's database on a connection of the test's own. */
  async function query<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(testApp.site.db)).rows;
  }

  it.each([
    ['PDF', 'application/pdf', 'Notice of Award 2027-014.pdf', 'Notice-of-Award-2027-014.pdf'],
    ['PNG', 'image/png', 'site plan.png', 'site-plan.png'],
    ['JPEG', 'image/jpeg', 'C:\\scans\\photo (1).jpeg', 'photo-1.jpg'],
  ])(
    'stores an uploaded %s and serves it with its type, an inline name and a year of caching',
    async (kind, type, fileName, safeName) => {
      const bytes = kind === 'PDF' ? await pdfFile(testApp) : kind === 'PNG' ? PNG : JPEG;
      const response = await upload(staff, { bytes, fileName, type }, { token });
      expect(response.statusCode).toBe(201);
      const answer = response.json<UploadAnswer>();
      const sha256 = sha256Of(bytes);
      expect(answer).toEqual({
        url: `/documents/${sha256}/${safeName}`,
        sha256,
        bytes: bytes.length,
        type,
      });
      const extension = safeName.slice(safeName.lastIndexOf('.'));
      expect(await storedFiles()).toContain(`${sha256}${extension}`);

      const served = await testApp.app.inject({ url: answer.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toMatch(new RegExp(`^${type}\\b`));
      expect(served.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${safeName}`);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['accept-ranges']).toBe('bytes');
      expect(served.headers.etag).toBeTruthy();
    },
  );

  it('serves the same file under any name, and 404 for an unknown or malformed hash', async () => {
    const bytes = await pdfFile(testApp);
    const sha256 = sha256Of(bytes);
    expect(
      (await upload(staff, { bytes, fileName: 'charter.pdf', type: 'application/pdf' }, { token }))
        .statusCode,
    ).toBe(201);
    const other = await testApp.app.inject({ url: `/documents/${sha256}/anything-at-all.pdf` });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(bytes)).toBe(true);

    expect(
      (await testApp.app.inject({ url: `/documents/${'0'.repeat(64)}/x.pdf` })).statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ url: `/documents/${sha256.toUpperCase()}/x.pdf` })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ url: '/documents/not-a-hash/x.pdf' })).statusCode).toBe(404);
  });

  it('sandboxes a hosted document like /media: nothing in it may load or run in our origin', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('<svg onload="alert(1)"/>')]);
    const { url } = (
      await upload(staff, { bytes, fileName: 'polyglot.png', type: 'image/png' }, { token })
    ).json<UploadAnswer>();
    const served = await testApp.app.inject({ url });
    const missing = await testApp.app.inject({ url: `/documents/${'0'.repeat(64)}/x.pdf` });
    for (const response of [served, missing]) {
      const directives = String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(directives).toContain('sandbox');
      expect(directives).toContain("default-src 'none'");
      expect(directives.filter((directive) => directive.startsWith('script-src'))).toEqual([]);
    }
    expect(served.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
  });

  it('keeps a non-Latin file name, encoded for the URL and the header', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('niño')]);
    const response = await upload(
      staff,
      { bytes, fileName: 'Plano ng Barangay Santo Niño.png', type: 'image/png' },
      { token },
    );
    expect(response.statusCode).toBe(201);
    const { url } = response.json<UploadAnswer>();
    expect(url).toBe(`/documents/${sha256Of(bytes)}/Plano-ng-Barangay-Santo-Ni%C3%B1o.png`);
    const served = await testApp.app.inject({ url });
    expect(served.headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''Plano-ng-Barangay-Santo-Ni%C3%B1o.png",
    );
  });

  it('answers Range requests with 206 and the requested bytes, 416 when unsatisfiable', async () => {
    const bytes = await pdfFile(testApp);
    const { url } = (
      await upload(staff, { bytes, fileName: 'charter.pdf', type: 'application/pdf' }, { token })
    ).json<UploadAnswer>();

    const part = await testApp.app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect(part.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`);

    const beyond = await testApp.app.inject({
      url,
      headers: { range: `bytes=${bytes.length + 10}-${bytes.length + 20}` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.headers['content-disposition']).toBeUndefined();
  });

  it('refuses an executable renamed .pdf and declared application/pdf with 415, storing nothing', async () => {
    const before = await storedFiles();
    const response = await upload(
      staff,
      { bytes: EXE, fileName: 'notice.pdf', type: 'application/pdf' },
      { token },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json<{ code: string }>().code).toBe('UNSUPPORTED_FILE');
    expect(response.json<{ message: string }>().message).toContain('PDF, JPEG and PNG');
    expect(await storedFiles()).toEqual(before);
    expect(await query(sql`SELECT * FROM documents WHERE sha256 = ${sha256Of(EXE)}`)).toEqual([]);
  });

  it('stores the same bytes once: one file, one row, the same answer twice', async () => {
    const bytes = Buffer.concat([JPEG, Buffer.from('twice')]);
    const sha256 = sha256Of(bytes);
    const first = await upload(
      staff,
      { bytes, fileName: 'bid.jpg', type: 'image/jpeg' },
      { token },
    );
    const stored = path.join(testApp.config.dataDir, 'documents', `${sha256}.jpg`);
    const firstWrite = await stat(stored);
    const second = await upload(
      staff,
      { bytes, fileName: 'bid.jpg', type: 'image/jpeg' },
      { token },
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    // Not even rewritten in place: the second upload left the first file alone.
    const secondWrite = await stat(stored);
    expect([secondWrite.ino, secondWrite.mtimeMs]).toEqual([firstWrite.ino, firstWrite.mtimeMs]);
    expect((await storedFiles()).filter((file) => file.startsWith(sha256))).toEqual([
      `${sha256}.jpg`,
    ]);
    expect(await query(sql`SELECT sha256 FROM documents WHERE sha256 = ${sha256}`)).toHaveLength(1);
    // Both uploads are in the audit log; the second says the bytes were already there.
    const audited = (
      await query(
        sql<{
          detail: string;
        }>`SELECT detail FROM audit_log WHERE action = 'document-uploaded' ORDER BY id`,
      )
    )
      .map((entry) => JSON.parse(entry.detail) as { sha256: string; alreadyStored: boolean })
      .filter((detail) => detail.sha256 === sha256);
    expect(audited.map((detail) => detail.alreadyStored)).toEqual([false, true]);
  });

  it('writes a document-uploaded audit entry naming the uploader and the document', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('audited')]);
    const sha256 = sha256Of(bytes);
    expect(
      (await upload(staff, { bytes, fileName: 'audited.png', type: 'image/png' }, { token }))
        .statusCode,
    ).toBe(201);
    const entries = (
      await query(
        sql<{
          actor: string;
          address: string;
          detail: string;
        }>`SELECT actor, address, detail FROM audit_log WHERE action = 'document-uploaded'`,
      )
    ).filter((entry) => (JSON.parse(entry.detail) as { sha256: string }).sha256 === sha256);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor).toBe(email);
    expect(entries[0]!.address).toBe(staff.address);
    expect(JSON.parse(entries[0]!.detail)).toMatchObject({
      sha256,
      bytes: bytes.length,
      type: 'image/png',
      fileName: 'audited.png',
    });
    const [row] = await query(
      sql<{
        uploaded_by: number;
        file_name: string;
      }>`SELECT uploaded_by, file_name FROM documents WHERE sha256 = ${sha256}`,
    );
    const [account] = await query(
      sql<{ id: number }>`SELECT id FROM staff_users WHERE email = ${email}`,
    );
    expect(row).toEqual({ uploaded_by: account!.id, file_name: 'audited.png' });
  });

  it('takes the CSRF token from a _csrf field before the file, as a plain HTML form sends it', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('form field')]);
    const good = await upload(
      staff,
      { bytes, fileName: 'form.png', type: 'image/png' },
      { csrfField: token },
    );
    expect(good.statusCode).toBe(201);

    const other = Buffer.concat([PNG, Buffer.from('wrong field')]);
    const bad = await upload(
      staff,
      { bytes: other, fileName: 'form.png', type: 'image/png' },
      { csrfField: 'not-the-token' },
    );
    expect(bad.statusCode).toBe(403);
    expect(await query(sql`SELECT * FROM documents WHERE sha256 = ${sha256Of(other)}`)).toEqual([]);
  });

  it('refuses an upload without a session (401) or without a valid CSRF token (403), storing nothing', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('refused')]);
    const sha256 = sha256Of(bytes);
    const file = { bytes, fileName: 'refused.png', type: 'image/png' };
    const before = await storedFiles();
    const uploadsAudited = () =>
      query(sql`SELECT id FROM audit_log WHERE action = 'document-uploaded' ORDER BY id`);
    const auditBefore = await uploadsAudited();

    const stranger = new ApiVisitor(testApp.app);
    const strangerToken = await stranger.csrfToken();
    expect((await upload(stranger, file, { token: strangerToken })).statusCode).toBe(401);
    expect((await upload(staff, file)).statusCode).toBe(403);
    expect((await upload(staff, file, { token: 'forged' })).statusCode).toBe(403);
    // A token is bound to its session: another visitor's is no good.
    expect((await upload(staff, file, { token: strangerToken })).statusCode).toBe(403);

    expect(await storedFiles()).toEqual(before);
    expect(await query(sql`SELECT * FROM documents WHERE sha256 = ${sha256}`)).toEqual([]);
    expect(await uploadsAudited()).toEqual(auditBefore);
  });

  it('answers 400 when the form has no file field', async () => {
    const { body, contentType } = await multipart([{ name: 'title', value: 'no file here' }]);
    const response = await staff.request({
      method: 'POST',
      url: '/api/documents',
      headers: { 'content-type': contentType, 'x-csrf-token': token },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });

  it('over real HTTP, a refused upload still reads its file, so the connection and shutdown do not stall', async () => {
    const served = await createTestApp({ TRUST_PROXY: '1' });
    let closed = false;
    try {
      const { visitor } = await signedIn(served);
      const origin = await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { body, contentType } = await multipart([
        { name: '_csrf', value: 'not-the-token' },
        {
          name: 'file',
          value: {
            bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8 * 1024 * 1024)]),
            fileName: 'big.pdf',
            type: 'application/pdf',
          },
        },
      ]);
      const response = await fetch(`${origin}/api/documents`, {
        method: 'POST',
        headers: { 'content-type': contentType, cookie: visitor.cookie },
        body,
      });
      expect(response.status).toBe(403);
      await response.arrayBuffer();
      const outcome = await Promise.race([
        served.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(resolve, 10_000, 'stalled')),
      ]);
      closed = outcome === 'closed';
      expect(outcome).toBe('closed');
    } finally {
      if (!closed) {
        served.app.server.closeAllConnections();
        await served.close();
      }
    }
  }, 30_000);

  describe('with MAX_DOCUMENT_MB=1', () => {
    const small = useTestApp({ TRUST_PROXY: '1', MAX_DOCUMENT_MB: '1' });

    it('refuses a 1.5 MB file with 413 and leaves nothing on disk, not even a temporary file', async () => {
      const { visitor, token: smallToken } = await signedIn(small);
      const bytes = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.alloc(1.5 * 1024 * 1024, 0x20),
      ]);
      const response = await upload(
        visitor,
        { bytes, fileName: 'large.pdf', type: 'application/pdf' },
        { token: smallToken },
      );
      expect(response.statusCode).toBe(413);
      expect(response.json<{ code: string }>().code).toBe('FILE_TOO_LARGE');
      expect(response.json<{ message: string }>().message).toContain('1 MB');
      expect(await storedFiles(small)).toEqual([]);

      // Exactly the limit is still accepted.
      const limit = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 - 9, 0x20)]);
      const accepted = await upload(
        visitor,
        { bytes: limit, fileName: 'limit.pdf', type: 'application/pdf' },
        { token: smallToken },
      );
      expect(accepted.statusCode).toBe(201);
      expect(await storedFiles(small)).toEqual([`${sha256Of(limit)}.pdf`]);
    });
  });
});
