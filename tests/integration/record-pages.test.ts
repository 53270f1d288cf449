import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import { kindByValue, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { addStaffAccount, ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const PASSWORD = 'ledger of the river barangays';
const svp = kindByValue('svp')!;
const shopping = kindByValue('shopping')!;

/** Every field of a kind, amounts and times included, each value naming its field. */
function fullValues(kind: RecordKind, marker: string): RecordValues {
  return Object.fromEntries(
    kind.fields.map((spec) => {
      switch (spec.type) {
        case 'money':
          return [spec.name, '1234567.89'];
        case 'datetime':
          // 06:00 UTC is 2:00 PM in Manila.
          return [spec.name, '2026-02-03T06:00:00.000Z'];
        case 'link':
          return [spec.name, `https://docs.example.org/${marker}.pdf`];
        default:
          return [spec.name, `${spec.name} ${marker}`];
      }
    }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's main element, without the empty comments React puts between adjacent text parts. */
function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>')).replaceAll('<!-- -->', '');
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
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  const get = (url: string) => testApp.app.inject({ url });

  /** A stored small value procurement record, PR-`marker`; its id. */
  async function newSvp(marker: string, title = `Works ${marker}`) {
    const [record] = await insertRecords(testApp.site, svp, [
      {
        values: {
          pr_number: `PR-${marker}`,
          project_title: title,
          link: 'https://example.org/e.pdf',
        },
      },
    ]);
    return record!.id;
  }

  describe('Date Posted on the lists', () => {
    it('shows each row’s time in Manila, in a <time> with the UTC instant, and links the row to its page', async () => {
      // 16:30 UTC on March 4 is already 00:30 on March 5 in Manila.
      const [record] = await insertRecords(testApp.site, svp, [
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
        /<td data-label="Date Posted"><time datetime="2024-03-04T16:30:05.000Z">March 5, 2024, 12:30 AM \(Manila time\)<\/time><\/td>/i,
      );
      expect(html).toMatch(new RegExp(`<a href="/bid-svp/${record!.id}"[^>]*>Midnight Road</a>`));
    });
  });

  describe('the permalink of each kind', () => {
    it.each(recordKinds.map((kind) => [kind.route, kind] as const))(
      '%s/<id> shows every field with its label, Date Posted, status and a canonical link',
      async (route, kind) => {
        const marker = `pl${kind.value}`;
        const [record] = await insertRecords(testApp.site, kind, [
          { values: fullValues(kind, marker), created: new Date('2025-12-31T16:00:00Z') },
        ]);
        const response = await get(`${route}/${record!.id}`);
        expect(response.statusCode).toBe(200);
        const html = mainOf(response.body);
        // A title gets a lang of its own where its words show its language (issue 32).
        expect(html).toMatch(
          new RegExp(`<h1 class="page-title"(?: lang="\\w+")?>${kind.nameField} ${marker}</h1>`),
        );
        expect(html).toMatch(
          new RegExp(
            `<dt>Kind</dt><dd><a href="${route}"[^>]*>${escapeRegExp(inEnglish(kind.label))}</a>`,
          ),
        );
        expect(html).toContain('<dt>Status</dt><dd>Published</dd>');
        expect(html).toMatch(
          /<dt>Date Posted<\/dt><dd><time datetime="2025-12-31T16:00:00.000Z">January 1, 2026, 12:00 AM \(Manila time\)<\/time>/i,
        );
        for (const spec of kind.fields) {
          const shown =
            spec.type === 'money'
              ? '₱1,234,567.89'
              : spec.type === 'datetime'
                ? '<time datetime="2026-02-03T06:00:00.000Z">February 3, 2026, 2:00 PM (Manila time)</time>'
                : spec.type === 'link'
                  ? `<a href="https://docs.example.org/${marker}.pdf">`
                  : `${spec.name} ${marker}`;
          expect(html, spec.name).toMatch(
            new RegExp(
              `<dt>${escapeRegExp(inEnglish(spec.label))}</dt><dd>${escapeRegExp(shown)}`,
              'i',
            ),
          );
        }
        expect(response.body).toContain(`<link rel="canonical" href="${route}/${record!.id}"/>`);
        expect(response.body).toMatch(/<meta property="og:title" content="[^"]*"\/>/);
      },
    );

    it('shows a record without the new optional fields, saying they are not given', async () => {
      const [record] = await insertRecords(testApp.site, shopping, [
        {
          values: {
            pr_number: 'PR-OLD',
            project_title: 'Old Road',
            link: 'https://example.org/o.pdf',
          },
        },
      ]);
      const html = mainOf((await get(`/bid-shopping/${record!.id}`)).body);
      expect(html).toContain(
        '<dt>Approved Budget for the Contract (ABC)</dt><dd><span class="record-value-empty">Not given</span>',
      );
      expect(html).toContain('This record has not been amended since it was posted.');
    });

    it('answers the 404 page for an unknown id, a malformed id and another kind’s id', async () => {
      await testApp.site.db
        .insertInto('svp')
        .values({
          id: 900_001,
          pr_number: 'PR-ONLY-SVP',
          project_title: 'Only in SVP',
          link: 'https://example.org/s.pdf',
          created: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      expect((await get('/bid-svp/900001')).statusCode).toBe(200);
      for (const url of [
        '/bid-shopping/900001',
        '/bid-svp/999999999',
        '/bid-svp/abc',
        '/bid-svp/0',
        '/bid-svp/01',
        '/bid-svp/1.5',
        '/bid-svp/99999999999999999999',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(mainOf(response.body), url).toContain('Page not found');
      }
    });

    it('shows each amendment with its reason and what changed, before → after', async () => {
      const id = await newSvp('AMEND', 'Bridge Paint');
      const outcome = await amendRecord(testApp.site, svp, id, {
        fields: { project_title: 'Bridge Repainting', abc: '2500000.00' },
        reason: 'The title had a typing error',
        version: 1,
        actor: 'bac@san-isidro.gov.ph',
        address: null,
      });
      expect(outcome.ok).toBe(true);
      const { body } = await get(`/bid-svp/${id}`);
      const html = mainOf(body);
      // One template per step, so the served HTML holds the sentence whole (no React text separators).
      expect(body).toMatch(
        /<strong>Amended<\/strong> on <time datetime="[^"]+">[^<]+<\/time>: The title had a typing error/i,
      );
      expect(html).toContain(
        '<span class="record-change-field">Project Title:</span> Bridge Paint → Bridge Repainting',
      );
      expect(html).toContain(
        '<span class="record-change-field">Approved Budget for the Contract (ABC):</span> <span class="record-value-empty">Not given</span> → ₱2,500,000.00',
      );
      expect(html).toContain('<h1 class="page-title">Bridge Repainting</h1>');
    });

    it('marks a withdrawn record Withdrawn with the date and reason, and keeps it out of its list', async () => {
      const id = await newSvp('WDRAWN', 'Withdrawn Works');
      const outcome = await withdrawRecord(testApp.site, svp, id, {
        reason: 'Posted under the wrong kind',
        actor: 'bac@san-isidro.gov.ph',
        address: null,
      });
      expect(outcome.ok).toBe(true);
      const response = await get(`/bid-svp/${id}`);
      expect(response.statusCode).toBe(200);
      const html = mainOf(response.body);
      expect(html).toMatch(
        /<div class="record-withdrawn"><p><strong>Withdrawn<\/strong> on <time datetime="[^"]+">[^<]+<\/time>: Posted under the wrong kind<\/p>/i,
      );
      expect(html).toContain('<dt>Status</dt><dd>Withdrawn</dd>');
      expect(mainOf((await get('/bid-svp?q=PR-WDRAWN')).body)).toContain('No records match');
    });
  });

  describe('Date Posted filter on the lists', () => {
    beforeAll(async () => {
      await insertRecords(
        testApp.site,
        shopping,
        Array.from({ length: 8 }, (_, index) => ({
          values: {
            pr_number: `PR-RANGE-${index}`,
            project_title: 'Range Works',
            link: 'https://example.org/r.pdf',
          },
          // One a day at 23:30 Manila time (15:30 UTC), from January 1, 2031.
          created: new Date(Date.UTC(2031, 0, 1 + index, 15, 30)),
        })),
      );
    });

    it('keeps from and to (and q) in the form and the pager links', async () => {
      const response = await get('/bid-shopping?q=PR-RANGE&from=2031-01-02&to=2031-01-07');
      expect(response.statusCode).toBe(200);
      const html = mainOf(response.body);
      expect(html).toContain(
        'Showing 1–5 of 6 records matching “PR-RANGE” posted from 2031-01-02 to 2031-01-07.',
      );
      expect(html).toMatch(
        /<label for="[^"]+">Posted from<\/label><input [^>]*type="date" name="from" value="2031-01-02"/,
      );
      expect(html).toMatch(
        /<label for="[^"]+">to<\/label><input [^>]*type="date" name="to" value="2031-01-07"/,
      );
      expect(html).toContain(
        'href="/bid-shopping?q=PR-RANGE&amp;from=2031-01-02&amp;to=2031-01-07&amp;page=2"',
      );
      const second = mainOf(
        (await get('/bid-shopping?q=PR-RANGE&from=2031-01-02&to=2031-01-07&page=2')).body,
      );
      expect(second).toContain('PR-RANGE-1<');
      expect(second).toContain(
        'href="/bid-shopping?q=PR-RANGE&amp;from=2031-01-02&amp;to=2031-01-07"',
      );
    });

    it.each([
      ['from=2026-13-01', 'The from date must be a real date written YYYY-MM-DD'],
      ['to=yesterday', 'The to date must be a real date written YYYY-MM-DD'],
      ['from=2031-02-01&to=2031-01-01', 'The from date must not be after the to date.'],
    ])('answers 400 with the reason in the page for %s', async (query, message) => {
      const response = await get(`/bid-shopping?${query}`);
      expect(response.statusCode).toBe(400);
      expect(mainOf(response.body)).toContain(message);
    });
  });

  describe('document upload without JavaScript (POST /bac-input/document)', () => {
    let staff: ApiVisitor;
    let token: string;

    beforeAll(async () => {
      await addStaffAccount(testApp.config, 'form.uploader@san-isidro.gov.ph', PASSWORD);
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

  describe('staff Edit and Withdraw on /bac-input, as plain form posts', () => {
    let staff: ApiVisitor;
    let token: string;

    beforeAll(async () => {
      ({ visitor: staff } = await signedInStaff(
        testApp,
        'form.editor@san-isidro.gov.ph',
        PASSWORD,
      ));
      token = await staff.csrfToken();
    });

    // A form posts to the page's own address, which names the record being changed.
    const post = (fields: Record<string, string>) =>
      staff.request({
        method: 'POST',
        url: `/bac-input?collection=${fields.collection}&${fields.intent === 'amend' ? 'edit' : 'withdraw'}=${fields.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('lists recent records with Edit and Withdraw links that open their forms', async () => {
      const id = await newSvp('LISTED');
      const page = mainOf((await staff.request({ url: '/bac-input' })).body);
      expect(page).toContain('Recent records');
      expect(page).toMatch(new RegExp(`<a href="/bid-svp/${id}"[^>]*>Works LISTED</a>`));
      expect(page).toContain(`href="/bac-input?collection=svp&amp;edit=${id}#change-record"`);
      expect(page).toContain(`href="/bac-input?collection=svp&amp;withdraw=${id}#change-record"`);

      const edit = mainOf(
        (await staff.request({ url: `/bac-input?collection=svp&edit=${id}` })).body,
      );
      expect(edit).toContain('Edit: Works LISTED');
      expect(edit).toMatch(/<input type="hidden" name="version" value="1"\/>/);
      expect(edit).toMatch(/<input[^>]*id="amend-project_title"[^>]*value="Works LISTED"/);
      expect(edit).toMatch(/<label for="edit-reason">Reason<\/label>/);
    });

    it('amends with a reason: 303 back saying so, and the public page shows the change', async () => {
      const id = await newSvp('AMEND2');
      const response = await post({
        _csrf: token,
        intent: 'amend',
        collection: 'svp',
        id: String(id),
        version: '1',
        pr_number: 'PR-AMEND2',
        project_title: 'Works AMEND2 corrected',
        philgeps_reference: '',
        abc: '1,500,000.50',
        closing_date: '2026-02-03T14:00',
        link: 'https://example.org/e.pdf',
        reason: 'Budget was missing',
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/bac-input?done=amended&collection=svp&id=${id}`);
      const after = mainOf(
        (await staff.request({ url: response.headers.location as string })).body,
      );
      expect(after).toContain('The record was amended.');
      const html = mainOf((await get(`/bid-svp/${id}`)).body);
      expect(html).toContain('Budget was missing');
      expect(html).toContain('Works AMEND2 → Works AMEND2 corrected');
      expect(html).toContain('<dt>Approved Budget for the Contract (ABC)</dt><dd>₱1,500,000.50');
      expect(html).toMatch(
        /<time datetime="2026-02-03T06:00:00.000Z">February 3, 2026, 2:00 PM \(Manila time\)<\/time>/i,
      );
    });

    it('refuses a stale version with 409, changes nothing and keeps what was typed', async () => {
      const id = await newSvp('STALE');
      await amendRecord(testApp.site, svp, id, {
        fields: { project_title: 'Works STALE by someone else' },
        reason: 'Another editor',
        version: 1,
        actor: 'other@san-isidro.gov.ph',
        address: null,
      });
      const response = await post({
        _csrf: token,
        intent: 'amend',
        collection: 'svp',
        id: String(id),
        version: '1',
        pr_number: 'PR-STALE',
        project_title: 'Works STALE my typing',
        link: 'https://example.org/e.pdf',
        reason: 'My correction',
      });
      expect(response.statusCode).toBe(409);
      const html = mainOf(response.body);
      expect(html).toContain('Not saved: This record has changed since you opened it');
      expect(html).toMatch(/<input[^>]*id="amend-project_title"[^>]*value="Works STALE my typing"/);
      expect(html).toContain('My correction</textarea>');
      expect(mainOf((await get(`/bid-svp/${id}`)).body)).toMatch(
        /<h1 class="page-title"(?: lang="\w+")?>Works STALE by someone else<\/h1>/,
      );
    });

    it('asks for a reason before withdrawing, then withdraws', async () => {
      const id = await newSvp('WITHDRAW');
      const blank = await post({
        _csrf: token,
        intent: 'withdraw',
        collection: 'svp',
        id: String(id),
        reason: '  ',
      });
      expect(blank.statusCode).toBe(400);
      expect(mainOf(blank.body)).toMatch(
        /<p class="field-error" id="withdraw-reason-error">[^<]+<\/p>/,
      );
      expect(mainOf((await get(`/bid-svp/${id}`)).body)).toContain(
        '<dt>Status</dt><dd>Published</dd>',
      );

      const response = await post({
        _csrf: token,
        intent: 'withdraw',
        collection: 'svp',
        id: String(id),
        reason: 'Duplicate of another notice',
      });
      expect(response.statusCode).toBe(303);
      const html = mainOf((await get(`/bid-svp/${id}`)).body);
      expect(html).toContain('<dt>Status</dt><dd>Withdrawn</dd>');
      expect(html).toContain('Duplicate of another notice');
    });

    it('refuses an edit without the CSRF token', async () => {
      const id = await newSvp('NOCSRF');
      const response = await post({
        intent: 'withdraw',
        collection: 'svp',
        id: String(id),
        reason: 'x',
      });
      expect(response.statusCode).toBe(403);
      expect(mainOf((await get(`/bid-svp/${id}`)).body)).toContain(
        '<dt>Status</dt><dd>Published</dd>',
      );
    });
  });
});
