import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { insertRecords } from '../../db/record-queries.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'ledger of the river barangays';
const svp = kindByValue('svp')!;

function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

/** A 1×1 PNG: a real image, as a browser would send it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Encodes a form the way a browser does, through the platform's own FormData. */
async function multipart(
  parts: { name: string; value: string | { bytes: Buffer; fileName: string; type: string } }[],
) {
  const form = new FormData();
  for (const { name, value } of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type }),
        value.fileName,
      );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

describe('record pages and lists, server-rendered', () => {
  let testApp: TestApp;
  let database: AppDatabase;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1' });
    database = openDatabase(databasePath(testApp.config.dataDir));
  });
  afterAll(async () => {
    await database.close();
    await testApp.close();
  });

  const get = (url: string) => testApp.app.inject({ url });

  describe('Date Posted on the lists', () => {
    it('shows each row’s time in Manila, in a <time> with the UTC instant, and links the row to its page', async () => {
      // 16:30 UTC on March 4 is already 00:30 on March 5 in Manila.
      const [record] = insertRecords(database, svp, [
        {
          values: {
            pr_number: 'PR-MIDNIGHT',
            project_title: 'Midnight Road',
            link: 'https://example.org/m.pdf',
          },
          created: new Date('2024-03-04T16:30:05Z'),
        },
      ]);
      const html = mainOf((await get('/bid-svp?q=PR-MIDNIGHT')).body);
      expect(html).toMatch(
        /<td data-label="Date Posted"><time datetime="2024-03-04T16:30:05.000Z">March 5, 2024 at 12:30:05 AM UTC\+08<\/time><\/td>/i,
      );
      expect(html).toMatch(new RegExp(`<a href="/bid-svp/${record!.id}"[^>]*>Midnight Road</a>`));
    });
  });

  describe('document upload without JavaScript (POST /bac-input/document)', () => {
    let staff: ApiVisitor;
    let token: string;

    beforeAll(async () => {
      await addStaffAccount(testApp.config.dataDir, 'form.uploader@san-isidro.gov.ph', PASSWORD);
      staff = new ApiVisitor(testApp.app);
      expect((await staff.signIn('form.uploader@san-isidro.gov.ph', PASSWORD)).statusCode).toBe(
        200,
      );
      token = await staff.csrfToken();
    });

    async function postForm(visitor: ApiVisitor, parts: Parameters<typeof multipart>[0]) {
      const { payload, contentType } = await multipart(parts);
      return visitor.request({
        method: 'POST',
        url: '/bac-input/document',
        headers: { 'content-type': contentType },
        payload,
      });
    }

    it('stores the file and goes back to the form with the type kept and the link filled in', async () => {
      const response = await postForm(staff, [
        { name: '_csrf', value: token },
        { name: 'type', value: 'svp' },
        { name: 'file', value: { bytes: PNG, fileName: 'Notice of Award.png', type: 'image/png' } },
      ]);
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, 'http://site.test');
      expect(location.pathname).toBe('/bac-input');
      expect(location.searchParams.get('type')).toBe('svp');
      expect(location.searchParams.get('upload')).toBe('done');
      const link = location.searchParams.get('link')!;
      expect(link).toMatch(/^\/documents\/[0-9a-f]{64}\/Notice-of-Award\.png$/);

      const served = await get(link);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const page = await staff.request({ url: location.pathname + location.search });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Document uploaded');
      expect(page.body).toMatch(new RegExp(`<input[^>]*name="link"[^>]*value="${link}"`));
    });

    it('refuses a file that is not a PDF, JPEG or PNG and says so on the form', async () => {
      const response = await postForm(staff, [
        { name: '_csrf', value: token },
        { name: 'type', value: 'svp' },
        {
          name: 'file',
          value: {
            bytes: Buffer.from('MZ not a pdf at all'),
            fileName: 'a.pdf',
            type: 'application/pdf',
          },
        },
      ]);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/bac-input?type=svp&upload=unsupported');
      const page = await staff.request({ url: response.headers.location as string });
      expect(page.body).toContain('Only PDF, JPEG and PNG files can be uploaded.');
    });

    it('says so when no file was chosen', async () => {
      const response = await postForm(staff, [
        { name: '_csrf', value: token },
        { name: 'type', value: 'svp' },
        {
          name: 'file',
          value: { bytes: Buffer.alloc(0), fileName: '', type: 'application/octet-stream' },
        },
      ]);
      expect(response.headers.location).toBe('/bac-input?type=svp&upload=missing');
    });

    it('refuses a post without the CSRF token and stores nothing', async () => {
      const before = await readdir(path.join(testApp.config.dataDir, 'documents')).catch(() => []);
      const response = await postForm(staff, [
        { name: 'type', value: 'svp' },
        {
          name: 'file',
          value: {
            bytes: Buffer.concat([PNG, Buffer.from('x')]),
            fileName: 'b.png',
            type: 'image/png',
          },
        },
      ]);
      expect(response.statusCode).toBe(403);
      expect(await readdir(path.join(testApp.config.dataDir, 'documents')).catch(() => [])).toEqual(
        before,
      );
    });

    it('sends a visitor who is not signed in to the login page', async () => {
      const visitor = new ApiVisitor(testApp.app);
      const response = await postForm(visitor, [
        { name: '_csrf', value: await visitor.csrfToken() },
        { name: 'file', value: { bytes: PNG, fileName: 'c.png', type: 'image/png' } },
      ]);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/bac-login');
    });
  });
});
