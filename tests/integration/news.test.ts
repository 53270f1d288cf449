import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import { picturesDir } from '../../server/news/pictures.ts';
import type { NewsDetail } from '../../shared/news/news.ts';
import { multipart } from '../helpers/multipart.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../helpers/postgres-database.ts';
import { rowsOf, valueOf } from '../helpers/sql-values.ts';
import {
  createTestApp,
  sourceRenderer,
  testEngine,
  useTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const PASSWORD = 'typhoon season bulletin board';
const SITE_URL = 'https://www.san-isidro.example.gov.ph';
/** Set in the test picture's EXIF and GPS tags, so its absence from the outputs can be checked. */
const CAMERA_OWNER = 'Camera Owner Juan dela Cruz';

/** A 1600×900 JPEG carrying EXIF with a copyright and a GPS position, as a phone photo would. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 60 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Copyright: CAMERA_OWNER, Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 35/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '121/1 0/1 0/1',
      },
    })
    .toBuffer();
}

interface PictureAnswer {
  id: number;
  width: number;
  height: number;
  variants: Record<string, string>;
  avif: Record<string, string>;
}

async function uploadPicture(
  visitor: ApiVisitor,
  token: string,
  file: { bytes: Buffer; fileName: string; type: string },
) {
  const { body, contentType } = await multipart([{ name: 'file', value: file }]);
  return visitor.request({
    method: 'POST',
    url: '/api/pictures',
    headers: { 'content-type': contentType, 'x-csrf-token': token },
    payload: body,
  });
}

/** A resident: no cookie, so pages come from (and go into) the render cache. */
async function resident(app: FastifyInstance, url: string) {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.body.replaceAll('<!-- -->', '');
}

const PUBLIC_PAGES = ['/', '/news', '/news.atom'];

describe('news from the web', () => {
  const testApp = useTestApp({ SITE_URL, TRUST_PROXY: '1', RENDER_CACHE_MB: '32' });
  let officer: ApiVisitor;
  let token: string;
  let picture: PictureAnswer;

  beforeAll(async () => {
    ({ visitor: officer } = await signedInStaff(testApp, 'pio@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]));
    token = await officer.csrfToken();
    const response = await uploadPicture(officer, token, {
      bytes: await phonePhoto(),
      fileName: 'plaza.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(201);
    picture = response.json();
  });

  function post(body: object) {
    return officer.request({
      method: 'POST',
      url: '/api/news',
      headers: { 'x-csrf-token': token },
      payload: body,
    });
  }

  const item = (title: string) => ({
    title,
    date: '2026-11-20',
    text: `A paragraph about ${title} with **bold** words.\n\n- one\n- two`,
    picture: picture.id,
    alt: 'The town plaza at noon',
  });

  it('the seeded items kept their ids and came from content/news.json once', async () => {
    const seeded = (
      await rowsOf<{ id: string }>(testApp.site, sql`SELECT id FROM news_items ORDER BY id`)
    ).map((row) => row.id);
    expect(seeded).toEqual(expect.arrayContaining(['1', '2', '3']));
    const page = await resident(testApp.app, '/view-news/1');
    expect(page).toContain('Pista ng Ani 2025');
    expect(page).toContain('<strong>Pista ng Ani 2025</strong>');
  });

  it('converts an upload to AVIF and WebP in the site’s widths, with no EXIF or GPS left', async () => {
    expect(Object.keys(picture.variants)).toEqual(['480', '800', '1200']);
    expect(Object.keys(picture.avif)).toEqual(['480', '800', '1200']);
    expect([picture.width, picture.height]).toEqual([1200, 675]);
    const original = await phonePhoto();
    // The test photo does carry what must be removed.
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(CAMERA_OWNER)).toBe(true);
    for (const [format, files] of [
      ['webp', picture.variants],
      ['heif', picture.avif],
    ] as const) {
      for (const [width, url] of Object.entries(files)) {
        expect(url).toMatch(/^\/pictures\/[0-9a-f-]+-\d+\.(webp|avif)$/);
        const bytes = await readFile(
          path.join(picturesDir(testApp.config.dataDir), url.slice('/pictures/'.length)),
        );
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe(format);
        expect(metadata.width).toBe(Number(width));
        expect(metadata.exif, url).toBeUndefined();
        expect(bytes.includes('Exif\0\0'), url).toBe(false);
        expect(bytes.includes(CAMERA_OWNER), url).toBe(false);
        expect(bytes.includes('PhoneMaker'), url).toBe(false);
        // Served like /media: lean static headers, the file's type, cached for long.
        const served = await testApp.app.inject({ url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(
          `image/${url.endsWith('avif') ? 'avif' : 'webp'}`,
        );
        expect(served.headers['cache-control']).toContain('immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    }
  });

  it('a news item posted through the API is on /, /news, its permalink and /news.atom at once, render cache on', async () => {
    for (const url of PUBLIC_PAGES) await resident(testApp.app, url);
    const title = 'Water interruption in Poblacion on Saturday';
    const response = await post(item(title));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<NewsDetail>();
    expect(created).toMatchObject({ title, version: 1, status: 'published', history: [] });
    for (const url of [...PUBLIC_PAGES, `/view-news/${created.id}`]) {
      expect(await resident(testApp.app, url), url).toContain(title);
    }
    expect(await resident(testApp.app, '/news.atom')).toContain(
      `<id>${SITE_URL}/view-news/${created.id}</id>`,
    );
    expect(await resident(testApp.app, `/view-news/${created.id}`)).toContain(picture.avif['800']);
    const [audit] = await rowsOf<{ actor: string; detail: string }>(
      testApp.site,
      sql`SELECT actor, detail FROM audit_log WHERE action = 'news-added' ORDER BY id DESC`,
    );
    expect(audit!.actor).toBe('pio@san-isidro.gov.ph');
    expect(JSON.parse(audit!.detail)).toMatchObject({ id: created.id, role: 'information' });
  });

  it('audits news by an administrator without the information role as posted by the admin role', async () => {
    const email = 'news-admin@san-isidro.gov.ph';
    const { visitor: admin } = await signedInStaff(testApp, email, PASSWORD, ['admin']);
    const adminToken = await admin.csrfToken();
    const posted = await admin.request({
      method: 'POST',
      url: '/api/news',
      headers: { 'x-csrf-token': adminToken },
      payload: item('Town fiesta schedule'),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json<NewsDetail>();
    const withdrawn = await admin.request({
      method: 'POST',
      url: `/api/news/${id}/withdrawal`,
      headers: { 'x-csrf-token': adminToken },
      payload: { reason: 'Posted twice' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const audited = await rowsOf<{ action: string; detail: string }>(
      testApp.site,
      sql`SELECT action, detail FROM audit_log WHERE actor = ${email} AND action LIKE 'news-%'
        ORDER BY id`,
    );
    expect(audited.map(({ action, detail }) => [action, JSON.parse(detail).role])).toEqual([
      ['news-added', 'admin'],
      ['news-withdrawn', 'admin'],
    ]);
  });

  it('renders Markdown with <script> and javascript: links inert', async () => {
    const response = await post({
      ...item('Markdown that tries too much'),
      text: [
        'Hello <script>alert("x")</script> <img src=x onerror=alert(1)>',
        '',
        '<script>document.cookie</script>',
        '',
        '[click](javascript:alert(1)) [data](data:text/html,<b>x</b>) [sly](jav&#x61;script:alert(2)) [ok](https://pagasa.dost.gov.ph/) [here](/news)',
        '',
        '## Where',
        '',
        '*calm* and **clear**',
      ].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { html, id } = response.json<NewsDetail>();
    // Every tag shown as text; no link to a script, data or a disguised scheme.
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|href="(javascript|data|jav)/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://pagasa.dost.gov.ph/">ok</a>');
    expect(html).toContain('<a href="/news">here</a>');
    expect(html).toContain('<h3>Where</h3>');
    expect(html).toContain('<em>calm</em> and <strong>clear</strong>');
    const page = await resident(testApp.app, `/view-news/${id}`);
    expect(page).not.toMatch(
      /<script>alert|<script>document|<img src=x|href="(javascript|data|jav)/,
    );
  });

  const newsCount = () => valueOf(testApp.site, sql`SELECT count(*) FROM news_items`);

  // Issue 30: a text of 20,000 `>` overflowed the old parser's stack, answered 500 and was
  // published all the same, its pages answering 500 for good.
  it.each([
    ['20,000 `>`', '>'.repeat(20_000)],
    ['quotations inside lists, 5,000 deep', '> - '.repeat(5_000)],
    [
      'lists indented 100 deep',
      Array.from({ length: 100 }, (_, level) => `${' '.repeat(level * 2)}- x`).join('\n'),
    ],
  ])(
    'refuses a text nested too deep (%s) with 400, storing and publishing nothing',
    async (_what, text) => {
      const before = await newsCount();
      const title = `Nested too deep ${before}`;
      const response = await post({ ...item(title), text });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.text).toMatch(/nests quotations or lists more than 12 deep/);
      expect(await newsCount()).toBe(before);
      for (const url of PUBLIC_PAGES) expect(await resident(testApp.app, url)).not.toContain(title);
      const amended = (await post(item(`Amended too deep ${before}`))).json<NewsDetail>();
      const patch = await officer.request({
        method: 'PATCH',
        url: `/api/news/${amended.id}`,
        headers: { 'x-csrf-token': token },
        payload: { ...item(title), text, reason: 'Quote the whole letter', version: 1 },
      });
      expect(patch.statusCode, patch.body).toBe(400);
      expect((await testApp.app.inject({ url: `/api/news/${amended.id}` })).json()).toMatchObject({
        version: 1,
        title: `Amended too deep ${before}`,
      });
    },
  );

  it('renders a text once, when it is saved, and serves that HTML: 20 KB of `*a_` included', async () => {
    const response = await post({ ...item('Stars and underscores'), text: '*a_'.repeat(6_666) });
    expect(response.statusCode, response.body).toBe(201);
    const { id, html } = response.json<NewsDetail>();
    const stored = () => valueOf(testApp.site, sql`SELECT html FROM news_items WHERE id = ${id}`);
    expect(await stored()).toBe(html);
    // Pages and APIs serve what is stored, not the text rendered again: a stored HTML no
    // renderer would make from this text is what each of them shows.
    await sql`UPDATE news_items SET html = ${'<p>As stored when saved</p>'} WHERE id = ${id}`.execute(
      testApp.site.db,
    );
    expect(await resident(testApp.app, `/view-news/${id}`)).toContain(
      '<p>As stored when saved</p>',
    );
    for (const url of [`/api/news/${id}`, `/api/content/news/${id}`]) {
      const answer = await testApp.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<p>As stored when saved</p>');
    }
  });

  it('a correction needs the current version and a reason, and shows in the item’s history', async () => {
    const created = (await post(item('Road closure notice'))).json<NewsDetail>();
    await resident(testApp.app, `/view-news/${created.id}`);
    const patch = (body: object) =>
      officer.request({
        method: 'PATCH',
        url: `/api/news/${created.id}`,
        headers: { 'x-csrf-token': token },
        payload: body,
      });
    const corrected = {
      ...item('Road closure notice (corrected)'),
      reason: 'Wrong street',
      version: 1,
    };
    const missingReason = await patch({ ...corrected, reason: ' ' });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().code).toBe('INVALID_INPUT');
    expect(missingReason.json().errors.reason).toBeTruthy();
    const first = await patch(corrected);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, title: 'Road closure notice (corrected)' });
    const stale = await patch({ ...corrected, title: 'Another try', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CHANGED_MEANWHILE');
    expect(stale.json().message).toContain('version 2');
    const page = await resident(testApp.app, `/view-news/${created.id}`);
    expect(page).toContain('Road closure notice (corrected)');
    expect(page).toContain('Wrong street');
    expect(page).toMatch(/Title:<\/span> Road closure notice → Road closure notice \(corrected\)/);
  });

  it('a withdrawn item leaves the lists and the feed; its permalink stays, marked withdrawn', async () => {
    const title = 'Class suspension posted by mistake';
    const created = (await post(item(title))).json<NewsDetail>();
    const withdrawal = await officer.request({
      method: 'POST',
      url: `/api/news/${created.id}/withdrawal`,
      headers: { 'x-csrf-token': token },
      payload: { reason: 'Posted for the wrong town' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.json()).toMatchObject({ status: 'withdrawn', version: 2 });
    for (const url of PUBLIC_PAGES)
      expect(await resident(testApp.app, url), url).not.toContain(title);
    const page = await resident(testApp.app, `/view-news/${created.id}`);
    expect(page).toContain('Withdrawn');
    expect(page).toContain('Posted for the wrong town');
    const again = await officer.request({
      method: 'POST',
      url: `/api/news/${created.id}/withdrawal`,
      headers: { 'x-csrf-token': token },
      payload: { reason: 'Twice' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_WITHDRAWN');
  });

  it('/news pages through every item ten at a time with real links', async () => {
    for (let n = 1; n <= 9; n += 1)
      expect((await post(item(`Bulletin ${n}`))).statusCode).toBe(201);
    const { total } = (await testApp.app.inject({ url: '/api/news' })).json<{ total: number }>();
    expect(total).toBeGreaterThan(10);
    const first = await resident(testApp.app, '/news');
    expect(first).toMatch(/<a[^>]*href="\/news\?page=2"[^>]*>Next<\/a>/);
    expect(first.match(/class="card news-card"/g)).toHaveLength(10);
    const second = await resident(testApp.app, '/news?page=2');
    expect(second.match(/class="card news-card"/g)).toHaveLength(total - 10);
    expect((await testApp.app.inject({ url: '/news?page=99' })).statusCode).toBe(404);
  });

  it('refuses an upload that is not a JPEG, PNG or WebP with 415', async () => {
    for (const file of [
      { bytes: Buffer.from('%PDF-1.7\n%…'), fileName: 'notice.pdf', type: 'application/pdf' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        fileName: 'x.png',
        type: 'image/png',
      },
      // The right first bytes, then nothing an image library can read.
      {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]),
        fileName: 'broken.jpg',
        type: 'image/jpeg',
      },
    ]) {
      const response = await uploadPicture(officer, token, file);
      expect(response.statusCode, file.fileName).toBe(415);
    }
    const stray = (await readdir(picturesDir(testApp.config.dataDir))).filter(
      (name) =>
        !Object.values({ ...picture.variants, ...picture.avif }).some((url) => url.endsWith(name)),
    );
    // Only the pictures the other tests stored: nothing of a refused upload.
    expect(stray.filter((name) => name.startsWith('.upload-'))).toEqual([]);
  });
});

describe('a picture over MAX_DOCUMENT_MB', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', MAX_DOCUMENT_MB: '1' });

  it('answers 413 and leaves nothing on disk', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio2@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const token = await visitor.csrfToken();
    // A real JPEG, made large by a comment, so only its size is wrong.
    const big = Buffer.concat([await phonePhoto(), Buffer.alloc(1024 * 1024 + 10, 1)]);
    const response = await uploadPicture(visitor, token, {
      bytes: big,
      fileName: 'big.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(await readdir(picturesDir(testApp.config.dataDir))).toEqual([]);
    expect(
      await valueOf(testApp.site, sql`SELECT count(*) FROM pictures WHERE uploader IS NOT NULL`),
    ).toBe(0);
  });
});

/**
 * A valid PNG of `width` × `height` black pixels, one bit each, whose rows deflate to almost
 * nothing: 16000 × 16000 fits in about 31 KB, what the outside probe sent.
 */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), no interlace
  // Each row: filter byte 0, then width / 8 bytes of black.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a picture with absurdly many pixels for its size', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  const bomb = pixelBomb(16_000, 16_000);

  it('is refused with 400 from its header, before it is decoded, on the API and the form', async () => {
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const { visitor } = await signedInStaff(testApp, 'pio3@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const token = await visitor.csrfToken();
    // Decoding it took 7 s and 130 MB; read from the header it is refused at once (the
    // file is well-formed, so only its pixel count can be the reason).
    const response = await uploadPicture(visitor, token, {
      bytes: bomb,
      fileName: 'plaza.png',
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Bad Request',
      code: 'TOO_MANY_PIXELS',
      message:
        'The picture is 16000 × 16000 pixels; pictures of at most 64 megapixels (such as 8000 × 8000) can be uploaded. Make it smaller and upload it again.',
    });

    // The no-JavaScript form goes back to the page, which says why.
    const page = await visitor.request({ url: '/staff/news' });
    const { body, contentType } = await multipart([
      { name: '_csrf', value: /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '' },
      { name: 'file', value: { bytes: bomb, fileName: 'plaza.png', type: 'image/png' } },
    ]);
    const form = await visitor.request({
      method: 'POST',
      url: '/staff/news/picture',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(form.statusCode, form.body).toBe(303);
    const location = form.headers.location as string;
    expect(location).toBe('/staff/news?upload=too-many-pixels');
    expect((await visitor.request({ url: location })).body).toContain(
      'The picture has too many pixels: at most 64 megapixels',
    );

    expect(
      (await readdir(picturesDir(testApp.config.dataDir))).filter((name) => !name.startsWith('.')),
    ).toEqual([]);
    expect(
      await valueOf(testApp.site, sql`SELECT count(*) FROM pictures WHERE uploader IS NOT NULL`),
    ).toBe(0);
  });

  it('still takes a picture within the budget, however well it compresses', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio4@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const response = await uploadPicture(visitor, await visitor.csrfToken(), {
      bytes: pixelBomb(500, 300),
      fileName: 'flat.png',
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the no-JavaScript staff page /staff/news', () => {
  const testApp = useTestApp({ SITE_URL, TRUST_PROXY: '1', RENDER_CACHE_MB: '32' });

  function hiddenCsrf(html: string): string {
    return /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  }

  async function uploadThroughForm(
    visitor: ApiVisitor,
    csrf: string,
    bytes: Buffer,
    url = '/staff/news/picture',
  ) {
    const { body, contentType } = await multipart([
      { name: '_csrf', value: csrf },
      { name: 'file', value: { bytes, fileName: 'plaza.jpg', type: 'image/jpeg' } },
    ]);
    return visitor.request({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload: body,
    });
  }

  function postForm(visitor: ApiVisitor, fields: Record<string, string>, url = '/staff/news') {
    return visitor.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('publishes an item with its picture through plain forms, seen by residents at once', async () => {
    for (const url of PUBLIC_PAGES) await resident(testApp.app, url);
    const { visitor } = await signedInStaff(testApp, 'pio@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const page = await visitor.request({ url: '/staff/news' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const csrf = hiddenCsrf(page.body);
    const uploaded = await uploadThroughForm(visitor, csrf, await phonePhoto());
    expect(uploaded.statusCode, uploaded.body).toBe(303);
    const location = new URL(uploaded.headers.location as string, SITE_URL);
    expect(location.pathname).toBe('/staff/news');
    const pictureId = location.searchParams.get('picture')!;
    expect(pictureId).toMatch(/^\d+$/);
    // The form now carries the picture's number.
    const withPicture = await visitor.request({ url: `/staff/news?picture=${pictureId}` });
    expect(withPicture.body).toContain(`value="${pictureId}"`);

    const title = 'Typhoon relief goods distribution';
    const fields = {
      _csrf: csrf,
      intent: 'add',
      title,
      date: '2026-11-21',
      summary: '',
      text: 'Relief goods are given out at the **covered court**.',
      picture: pictureId,
      alt: '',
    };
    const refused = await postForm(visitor, fields);
    expect(refused.statusCode).toBe(400);
    // What was typed is kept, and the missing description is named.
    expect(refused.body).toContain(title);
    expect(refused.body).toContain('alt text) is required');

    const added = await postForm(visitor, { ...fields, alt: 'Volunteers stacking rice sacks' });
    expect(added.statusCode, added.body.slice(0, 500)).toBe(303);
    const id = new URL(added.headers.location as string, SITE_URL).searchParams.get('id')!;
    for (const url of [...PUBLIC_PAGES, `/view-news/${id}`]) {
      expect(await resident(testApp.app, url), url).toContain(title);
    }
    expect(await resident(testApp.app, `/view-news/${id}`)).toContain(
      'Relief goods are given out at the <strong>covered court</strong>.',
    );
  });

  it('corrects and withdraws an item through plain forms; a stale correction keeps what was typed', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio3@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const csrf = hiddenCsrf((await visitor.request({ url: '/staff/news' })).body);
    const editing = await visitor.request({ url: '/staff/news?edit=2' });
    expect(editing.body).toContain('name="version" value="1"');
    const correction = {
      _csrf: csrf,
      intent: 'amend',
      id: '2',
      version: '1',
      title: 'Dalig–Tubigan farm-to-market road now 80 percent complete',
      date: '2025-04-02',
      summary: 'Now 80 percent.',
      text: 'The road is 80 percent complete.',
      picture: String(
        await valueOf(testApp.site, sql`SELECT picture_id FROM news_items WHERE id = '2'`),
      ),
      alt: 'Green rice fields beside the new concrete road',
      reason: 'The engineering office’s new figure',
    };
    const saved = await postForm(visitor, correction);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(303);
    expect(saved.headers.location).toBe('/staff/news?done=amended&id=2');

    const stale = await postForm(visitor, {
      ...correction,
      title: 'A second try',
      reason: 'Again',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('A second try');
    expect(stale.body).toContain('now version 2');

    const withdrawn = await postForm(visitor, {
      _csrf: csrf,
      intent: 'withdraw',
      id: '2',
      reason: 'Superseded by the completion notice',
    });
    expect(withdrawn.statusCode).toBe(303);
    const page = await resident(testApp.app, '/view-news/2');
    expect(page).toContain('Superseded by the completion notice');
    expect(page).toContain('The engineering office’s new figure');
    expect(await resident(testApp.app, '/news')).not.toContain('80 percent complete');
  });

  it('gives the date field a hint that agrees with it: a date picker, no typed format', async () => {
    const { visitor } = await signedInStaff(testApp, 'hint@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const html = (await visitor.request({ url: '/staff/news' })).body;
    const field = /<input[^>]*name="date"[^>]*>/.exec(html)?.[0] ?? '';
    expect(field).toContain('type="date"');
    const hintId = /aria-describedby="([^"]+)"/.exec(field)?.[1];
    const hint = new RegExp(`id="${hintId}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(hint).toBe('The day the news happened, as the date picker shows it.');
    expect(hint).not.toContain('YYYY');
  });

  it('redirects a signed-out visitor to the sign-in page', async () => {
    const response = await testApp.app.inject({ url: '/staff/news' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/bac-login');
    const filipino = await testApp.app.inject({ url: '/fil/staff/news' });
    expect(filipino.statusCode).toBe(302);
    expect(filipino.headers.location).toBe('/fil/bac-login');
  });

  it('refuses a text nested too deep on the plain form, in the page’s language, publishing nothing', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio-deep@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const csrf = hiddenCsrf((await visitor.request({ url: '/staff/news' })).body);
    const uploaded = await uploadThroughForm(visitor, csrf, await phonePhoto());
    const pictureId = new URL(uploaded.headers.location as string, SITE_URL).searchParams.get(
      'picture',
    )!;
    const count = () => valueOf(testApp.site, sql`SELECT count(*) FROM news_items`);
    const before = await count();
    for (const [url, words] of [
      ['/staff/news', 'The text nests quotations or lists more than 12 deep'],
      ['/fil/staff/news', 'Hanggang 12 antas lamang ng sipi o listahan'],
    ] as const) {
      const refused = await postForm(
        visitor,
        {
          _csrf: csrf,
          intent: 'add',
          title: 'A letter quoted too deep',
          date: '2026-11-22',
          summary: '',
          text: '>'.repeat(20_000),
          picture: pictureId,
          alt: 'The plaza',
        },
        url,
      );
      expect(refused.statusCode, url).toBe(400);
      expect(refused.body, url).toContain(words);
    }
    expect(await count()).toBe(before);
  });

  it('keeps every form of /fil/staff/news in Filipino: upload, publish, correct and withdraw, refusals included', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio-fil@san-isidro.gov.ph', PASSWORD, [
      'information',
    ]);
    const page = await visitor.request({ url: '/fil/staff/news' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fil"');
    expect(page.body).toContain('1. I-upload ang larawan (Upload)');
    expect(page.body).toContain('Numero ng larawan');
    expect(page.body).toContain('action="/fil/staff/news/picture"');
    const csrf = hiddenCsrf(page.body);

    // The picture form: nothing chosen, then a photo; both lead back to the Filipino page.
    const { body: empty, contentType } = await multipart([
      { name: '_csrf', value: csrf },
      { name: 'file', value: { bytes: Buffer.alloc(0), fileName: '', type: 'image/jpeg' } },
    ]);
    const missing = await visitor.request({
      method: 'POST',
      url: '/fil/staff/news/picture',
      headers: { 'content-type': contentType },
      payload: empty,
    });
    expect(missing.statusCode).toBe(303);
    expect(missing.headers.location).toBe('/fil/staff/news?upload=missing');
    expect((await visitor.request({ url: missing.headers.location as string })).body).toContain(
      'Pumili ng larawang ia-upload.',
    );
    const uploaded = await uploadThroughForm(
      visitor,
      csrf,
      await phonePhoto(),
      '/fil/staff/news/picture',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(303);
    const location = new URL(uploaded.headers.location as string, SITE_URL);
    expect(location.pathname).toBe('/fil/staff/news');
    const pictureId = location.searchParams.get('picture')!;
    expect((await visitor.request({ url: `/fil/staff/news?picture=${pictureId}` })).body).toContain(
      `Na-upload na ang larawan bilang ${pictureId}`,
    );

    const fields = {
      _csrf: csrf,
      intent: 'add',
      title: 'Pamamahagi ng relief goods',
      date: '2026-11-21',
      summary: '',
      text: 'Ipinamimigay ang relief goods sa covered court.',
      picture: pictureId,
      alt: '',
    };
    const refused = await postForm(visitor, fields, '/fil/staff/news');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="fil"');
    expect(refused.body).toContain('Kailangan ang paglalarawan ng larawan (alt text).');
    expect(refused.body).toContain('Pamamahagi ng relief goods');

    const added = await postForm(
      visitor,
      { ...fields, alt: 'Mga boluntaryong nagsasalansan ng sako ng bigas' },
      '/fil/staff/news',
    );
    expect(added.statusCode, added.body.slice(0, 500)).toBe(303);
    const done = new URL(added.headers.location as string, SITE_URL);
    expect(done.pathname).toBe('/fil/staff/news');
    expect(done.searchParams.get('done')).toBe('added');
    const id = done.searchParams.get('id')!;
    const published = await visitor.request({ url: added.headers.location as string });
    expect(published.body).toContain('Nailathala na ang balita.');
    expect(published.body).toContain(`href="/fil/view-news/${id}"`);

    const correction = {
      ...fields,
      alt: 'Mga boluntaryong nagsasalansan ng sako ng bigas',
      intent: 'amend',
      id,
      version: '1',
      summary: 'Sa covered court.',
      reason: '',
    };
    const noReason = await postForm(visitor, correction, '/fil/staff/news');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Ibigay ang dahilan ng pagbabagong ito');
    const saved = await postForm(
      visitor,
      { ...correction, reason: 'Idinagdag ang buod' },
      '/fil/staff/news',
    );
    expect(saved.headers.location).toBe(`/fil/staff/news?done=amended&id=${id}`);
    const stale = await postForm(
      visitor,
      { ...correction, summary: 'Muli', reason: 'Muli' },
      '/fil/staff/news',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Hindi na-save: Nabago na ang balitang ito');

    const withdrawn = await postForm(
      visitor,
      { _csrf: csrf, intent: 'withdraw', id, reason: 'Tapos na ang pamamahagi' },
      '/fil/staff/news',
    );
    expect(withdrawn.headers.location).toBe(`/fil/staff/news?done=withdrawn&id=${id}`);
    const list = await visitor.request({ url: withdrawn.headers.location as string });
    expect(list.body).toContain('Binawi na ang balita.');
    expect(list.body).toMatch(/Nobyembre 21, 2026, bersiyon 3, binawi/);
  });
});

describe('an account without the information role', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  it('gets 403 on every news and picture write, on the API and on the staff page', async () => {
    const { visitor } = await signedInStaff(testApp, 'bac@san-isidro.gov.ph', PASSWORD, ['bac']);
    const token = await visitor.csrfToken();
    const before = await valueOf(testApp.site, sql`SELECT count(*) FROM news_items`);
    const writes = [
      uploadPicture(visitor, token, {
        bytes: await phonePhoto(),
        fileName: 'a.jpg',
        type: 'image/jpeg',
      }),
      visitor.request({
        method: 'POST',
        url: '/api/news',
        headers: { 'x-csrf-token': token },
        payload: { title: 'x', date: '2026-11-20', text: 'x', picture: 1, alt: 'x' },
      }),
      visitor.request({
        method: 'PATCH',
        url: '/api/news/1',
        headers: { 'x-csrf-token': token },
        payload: {
          title: 'x',
          date: '2026-11-20',
          text: 'x',
          picture: 1,
          alt: 'x',
          reason: 'x',
          version: 1,
        },
      }),
      visitor.request({
        method: 'POST',
        url: '/api/news/1/withdrawal',
        headers: { 'x-csrf-token': token },
        payload: { reason: 'x' },
      }),
      visitor.request({ url: '/api/staff/news' }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toContain('Information');
    }

    const page = await visitor.request({ url: '/staff/news' });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Information');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const action = await visitor.request({
      method: 'POST',
      url: '/staff/news',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _csrf: csrf,
        intent: 'withdraw',
        id: '1',
        reason: 'Not mine to withdraw',
      }).toString(),
    });
    expect(action.statusCode).toBe(403);

    const { body, contentType } = await multipart([
      { name: '_csrf', value: csrf },
      { name: 'file', value: { bytes: await phonePhoto(), fileName: 'a.jpg', type: 'image/jpeg' } },
    ]);
    const form = await visitor.request({
      method: 'POST',
      url: '/staff/news/picture',
      headers: { 'content-type': contentType },
      payload: body,
    });
    // Back to the page, which says what the account lacks; nothing stored.
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/staff/news');

    expect(await valueOf(testApp.site, sql`SELECT count(*) FROM news_items`)).toBe(before);
    expect(
      await valueOf(testApp.site, sql`SELECT withdrawn_at FROM news_items WHERE id = '1'`),
    ).toBeNull();
    expect(
      await valueOf(testApp.site, sql`SELECT count(*) FROM pictures WHERE uploader IS NOT NULL`),
    ).toBe(0);
    expect(await readdir(picturesDir(testApp.config.dataDir))).toEqual([]);
    const forbidden = (await valueOf(
      testApp.site,
      sql`SELECT count(*) FROM audit_log WHERE action = 'forbidden' AND actor = 'bac@san-isidro.gov.ph'`,
    )) as number;
    expect(forbidden).toBeGreaterThanOrEqual(8);
  });
});

describe('content/news.json seeds the database once', () => {
  it('editing the file after the first start adds or duplicates nothing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-news-seed-'));
    const contentDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-news-content-'));
    // Both starts on one database of the engine under test, as a restarted server finds it.
    const databaseUrl =
      testEngine === 'postgres' ? await createPostgresDatabase('news_seed') : undefined;
    try {
      await cp(path.resolve('content'), contentDir, { recursive: true });
      const start = async () => {
        const config = loadConfig({
          DATA_DIR: dataDir,
          CONTENT_DIR: contentDir,
          LOG_LEVEL: 'silent',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        });
        const app = await buildApp({
          config,
          content: await loadContent(contentDir),
          renderer: sourceRenderer,
        });
        await app.ready();
        return app;
      };
      const first = await start();
      const seeded = (await first.inject({ url: '/api/news' })).json<{ total: number }>().total;
      await first.close();
      expect(seeded).toBe(3);

      const file = path.join(contentDir, 'news.json');
      const news = JSON.parse(await readFile(file, 'utf8')) as { id: string; title: string }[];
      news[0]!.title = 'Edited after the first start';
      news.push({ ...news[1]!, id: 'added-later', title: 'Added to the file later' });
      await writeFile(file, JSON.stringify(news));

      const second = await start();
      try {
        const page = (await second.inject({ url: '/api/news' })).json<{
          total: number;
          items: { title: string }[];
        }>();
        expect(page.total).toBe(3);
        expect(page.items.map((item) => item.title)).not.toContain('Edited after the first start');
        expect(page.items.map((item) => item.title)).not.toContain('Added to the file later');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(contentDir, { recursive: true, force: true });
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    }
  });
});

describe('news stored before texts were rendered when saved', () => {
  // About SQLite's own migrations run step by step on a file written before 0020; PostgreSQL's
  // schema begins with the translated migrations, after which every text is rendered when saved.
  it.skipIf(testEngine === 'postgres')(
    'are rendered once by migration 0020; one that cannot be shows its words, and can be withdrawn',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-news-html-'));
      let testApp: TestApp | undefined;
      try {
        const before = openDatabase(databasePath(dataDir));
        const migrator = new Migrator({
          db: before.db,
          provider: { getMigrations: async () => migrations },
        });
        expect((await migrator.migrateTo('0018-alert-language')).error).toBeUndefined();
        const at = '2026-01-05T01:00:00.000Z';
        const picture = before.sqlite
          .prepare(
            'INSERT INTO pictures (width, height, variants, created) VALUES (1200, 675, ?, ?)',
          )
          .run(JSON.stringify({ 1200: '/media/plaza-1200.webp' }), at).lastInsertRowid;
        const insert = before.sqlite.prepare(
          `INSERT INTO news_items (id, title, date, summary, text, picture_id, picture_alt, created, updated)
         VALUES (?, ?, '2026-01-05', 'A summary', ?, ?, 'The plaza', ?, ?)`,
        );
        insert.run(
          'written',
          'Written before',
          'Roads **closed** on [Saturday](/news).',
          picture,
          at,
          at,
        );
        // What the old parser published and then answered 500 for, on every page and write.
        insert.run('stuck', 'Stuck before', `${'>'.repeat(20_000)} <b>hi</b>`, picture, at, at);
        await before.close();

        testApp = await createTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
        const { app } = testApp;
        const written = await resident(app, '/view-news/written');
        expect(written).toContain('Roads <strong>closed</strong> on <a href="/news">Saturday</a>.');
        const stuck = await resident(app, '/view-news/stuck');
        expect(stuck).toContain('&gt;&gt;&gt;&gt;');
        expect(stuck).toContain('&lt;b&gt;hi&lt;/b&gt;');
        expect(stuck).not.toContain('<b>hi');

        const { visitor } = await signedInStaff(testApp, 'pio@san-isidro.gov.ph', PASSWORD, [
          'information',
        ]);
        const withdrawal = await visitor.request({
          method: 'POST',
          url: '/api/news/stuck/withdrawal',
          headers: { 'x-csrf-token': await visitor.csrfToken() },
          payload: { reason: 'Pasted by mistake' },
        });
        expect(withdrawal.statusCode, withdrawal.body).toBe(200);
        expect(withdrawal.json()).toMatchObject({ status: 'withdrawn', version: 2 });
        expect(await resident(app, '/view-news/stuck')).toContain('Pasted by mistake');
      } finally {
        await testApp?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
