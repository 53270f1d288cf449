import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv from 'ajv';
import { sql, type RawBuilder } from 'kysely';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { gridSchema, postingSchema } from '../../server/full-disclosure/schemas.ts';
import type {
  DisclosureGrid,
  DisclosurePosting,
} from '../../shared/full-disclosure/full-disclosure-grid.ts';
import { sha256Of } from '../helpers/document-bytes.ts';
import { multipart, type FormPart } from '../helpers/multipart.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { rowsOf, valueOf } from '../helpers/sql-values.ts';
import { type AppUnderTest, useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';

const SITE_URL = 'https://www.san-isidro.gov.ph';
const PASSWORD = 'ledger of the river barangays';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/full-disclosure');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fixture = (name: string) => readFile(path.join(FIXTURES, name));

/** A year's grid, as /full-disclosure.json answers it. */
async function gridOf(testApp: AppUnderTest, year: number): Promise<DisclosureGrid> {
  const response = await testApp.app.inject({ url: `/full-disclosure.json?year=${year}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every cell of a grid, by "type period", e.g. "sef-utilization Q1 2025". */
function cells(grid: DisclosureGrid) {
  return new Map(
    grid.types.flatMap((type) => type.cells.map((cell) => [`${type.id} ${cell.period}`, cell])),
  );
}

describe('Full Disclosure documents', () => {
  // The clock starts in the second quarter of 2025, Manila time.
  const clock = testClock('2025-04-10T02:00:00.000Z');
  const testApp = useTestApp({ SITE_URL, TRUST_PROXY: '1' }, { clock });
  let officer: ApiVisitor;
  let officerToken: string;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ visitor: officer } = await signedInStaff(
      testApp,
      'transparency@san-isidro.gov.ph',
      PASSWORD,
      ['transparency'],
    ));
    officerToken = await officer.csrfToken();
    pdf = await readFile(path.join(testApp.config.contentDir, 'media/citizens-charter-2025.pdf'));
  });

  type Upload = { bytes: Buffer; fileName: string; type: string };

  /**
   * Fields and a file as multipart: to the API with the CSRF header, or (`form`) to the staff
   * page's plain form with the token as its `_csrf` field, as a browser without JavaScript sends it.
   */
  async function send(
    to: 'api' | 'form',
    visitor: ApiVisitor,
    token: string,
    fields: Record<string, string>,
    file: Upload,
  ) {
    const parts: FormPart[] = [
      ...Object.entries(to === 'form' ? { _csrf: token, ...fields } : fields).map(
        ([name, value]) => ({ name, value }),
      ),
      { name: 'file', value: file },
    ];
    const { body, contentType } = await multipart(parts);
    return visitor.request({
      method: 'POST',
      url: to === 'api' ? '/api/full-disclosure' : '/staff/full-disclosure/posting',
      headers: {
        'content-type': contentType,
        ...(to === 'api' ? { 'x-csrf-token': token } : {}),
      },
      payload: body,
    });
  }

  const post = (visitor: ApiVisitor, token: string, fields: Record<string, string>, file: Upload) =>
    send('api', visitor, token, fields, file);
  const postAsOfficer = (fields: Record<string, string>, file: Upload) =>
    post(officer, officerToken, fields, file);

  const grid = (year: number) => gridOf(testApp, year);

  const rows = <T>(query: RawBuilder<unknown>) => rowsOf<T>(testApp.site, query);

  it('gives each period its state from the clock, renewing the cached page at Manila midnight', async () => {
    clock.set('2025-04-30T15:59:59.999Z');
    let year = cells(await grid(2025));
    expect(year.get('sef-utilization Q1 2025')).toMatchObject({
      state: 'due',
      deadline: '2025-04-30',
      overdueFrom: '2025-04-30T16:00:00.000Z',
      document: null,
    });
    expect(year.get('sef-utilization Q2 2025')?.state).toBe('not-yet-due');
    expect(year.get('annual-budget-report FY 2025')?.state).toBe('not-yet-due');
    const before = await testApp.app.inject({ url: '/full-disclosure?year=2025' });
    expect(before.body).toContain('Due by <time dateTime="2025-04-30">April 30, 2025</time>');

    // One millisecond later it is May 1 in Manila: overdue, on the page too, with no write between.
    clock.set('2025-04-30T16:00:00.000Z');
    year = cells(await grid(2025));
    expect(year.get('sef-utilization Q1 2025')?.state).toBe('overdue');
    const after = await testApp.app.inject({ url: '/full-disclosure?year=2025' });
    expect(after.body).toContain('Overdue since');
    expect(after.body).toContain('May 1, 2025');
    expect(after.body).not.toContain('Due by <time dateTime="2025-04-30">');

    // The previous fiscal year's annual budget report was due by January 15, before this
    // site's database was created (April 10): not tracked here, not overdue.
    const last = cells(await grid(2024));
    expect(last.get('annual-budget-report FY 2024')).toMatchObject({
      state: 'not-tracked',
      deadline: '2025-01-15',
    });
  });

  it('defaults to the current fiscal year in Manila, which turns at Manila midnight', async () => {
    clock.set('2025-12-31T15:59:59.999Z');
    expect((await testApp.app.inject({ url: '/full-disclosure.json' })).json()).toMatchObject({
      year: 2025,
      currentYear: 2025,
    });
    clock.set('2025-12-31T16:00:00.000Z');
    const grid2026 = (await testApp.app.inject({ url: '/full-disclosure.json' })).json();
    expect(grid2026).toMatchObject({ year: 2026, currentYear: 2026 });
    const page = await testApp.app.inject({ url: '/full-disclosure' });
    expect(page.body).toContain('Annual documents, 2026');
  });

  it('posts a PDF: 201 with its permalink, served with its size and SHA-256, audited with the role', async () => {
    clock.set('2025-06-15T02:00:00.000Z');
    // Two months on by the app's clock, which sessions read too: the officer's session
    // ended idle long ago, so the officer signs in again, in a new browser.
    officer = new ApiVisitor(testApp.app);
    expect((await officer.signIn('transparency@san-isidro.gov.ph', PASSWORD)).statusCode).toBe(200);
    officerToken = await officer.csrfToken();
    const response = await postAsOfficer(
      { type: 'annual-budget-report', year: '2024' },
      { bytes: pdf, fileName: 'ABR 2024.pdf', type: 'application/pdf' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      permalink: `${SITE_URL}/full-disclosure/annual-budget-report/2024`,
      version: 1,
      corrected: false,
    });

    const cell = cells(await grid(2024)).get('annual-budget-report FY 2024')!;
    expect(cell).toMatchObject({
      state: 'posted',
      permalink: `${SITE_URL}/full-disclosure/annual-budget-report/2024`,
      document: {
        mediaType: 'application/pdf',
        bytes: pdf.length,
        sha256: sha256Of(pdf),
        postedAt: '2025-06-15T02:00:00.000Z',
        version: 1,
      },
    });
    expect(cell.document!.url).toBe(`${SITE_URL}/documents/${sha256Of(pdf)}/ABR-2024.pdf`);
    const served = await testApp.app.inject({ url: new URL(cell.document!.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/pdf/);
    expect(sha256Of(served.rawPayload)).toBe(sha256Of(pdf));

    const [audit] = await rows<{ detail: string; actor: string }>(
      sql`SELECT actor, detail FROM audit_log WHERE action = 'full-disclosure-posted'`,
    );
    expect(audit!.actor).toBe('transparency@san-isidro.gov.ph');
    expect(JSON.parse(audit!.detail)).toMatchObject({
      role: 'transparency',
      documentType: 'annual-budget-report',
      year: 2024,
      quarter: null,
      version: 1,
      sha256: sha256Of(pdf),
    });
  });

  it('posts an XLSX and corrects it only with a reason, keeping the first file in the history', async () => {
    const first = await fixture('sef-utilization-q1.xlsx');
    const corrected = await fixture('sef-utilization-q1-corrected.xlsx');
    const fields = { type: 'sef-utilization', year: '2025', quarter: '1' };
    const posted = await postAsOfficer(fields, {
      bytes: first,
      fileName: 'SEF Q1.xlsx',
      type: XLSX,
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const withoutReason = await postAsOfficer(fields, {
      bytes: corrected,
      fileName: 'SEF Q1 corrected.xlsx',
      type: XLSX,
    });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().code).toBe('REASON_REQUIRED');
    expect(withoutReason.json().errors).toHaveProperty('reason');

    const sameFile = await postAsOfficer(
      { ...fields, reason: 'Sent again' },
      { bytes: first, fileName: 'again.xlsx', type: XLSX },
    );
    expect(sameFile.statusCode).toBe(409);
    expect(sameFile.json().code).toBe('SAME_FILE');

    clock.advance(60_000);
    const correction = await postAsOfficer(
      { ...fields, reason: 'The trust receipts of March were left out.' },
      { bytes: corrected, fileName: 'SEF Q1 corrected.xlsx', type: XLSX },
    );
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json()).toMatchObject({ version: 2, corrected: true });

    const cell = cells(await grid(2025)).get('sef-utilization Q1 2025')!;
    expect(cell.document).toMatchObject({
      sha256: sha256Of(corrected),
      version: 2,
      mediaType: XLSX,
    });

    const history = await testApp.app.inject({
      url: '/api/full-disclosure/sef-utilization/2025-q1',
    });
    expect(history.statusCode).toBe(200);
    const posting = history.json() as DisclosurePosting;
    expect(
      posting.history.map(({ sha256, reason, version }) => ({ sha256, reason, version })),
    ).toEqual([
      { sha256: sha256Of(first), reason: null, version: 1 },
      {
        sha256: sha256Of(corrected),
        reason: 'The trust receipts of March were left out.',
        version: 2,
      },
    ]);
    // The first file is still served, byte for byte.
    const old = await testApp.app.inject({ url: new URL(posting.history[0]!.url).pathname });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toMatch(/spreadsheetml/);
    expect(sha256Of(old.rawPayload)).toBe(sha256Of(first));

    const page = await testApp.app.inject({ url: '/full-disclosure/sef-utilization/2025-q1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(sha256Of(first));
    expect(page.body).toContain(sha256Of(corrected));
    expect(page.body).toContain('The trust receipts of March were left out.');

    const audit = await rows<{ detail: string }>(
      sql`SELECT detail FROM audit_log WHERE action = 'full-disclosure-corrected'`,
    );
    expect(audit.map((entry) => JSON.parse(entry.detail))).toEqual([
      expect.objectContaining({
        role: 'transparency',
        version: 2,
        replaced: sha256Of(first),
        reason: 'The trust receipts of March were left out.',
      }),
    ]);
  });

  it('answers 415 to a file that is neither PDF nor XLSX, storing nothing', async () => {
    const fileCount = () => valueOf(testApp.site, sql`SELECT count(*) FROM full_disclosure_files`);
    const countBefore = await fileCount();
    const filesBefore = await readdir(path.join(testApp.config.dataDir, 'documents'));
    // Each sent under an accepted name and declared type: only the content counts.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const files = [
      { bytes: await fixture('archive.zip'), fileName: 'archive.xlsx', type: XLSX },
      { bytes: await fixture('letter.docx'), fileName: 'letter.xlsx', type: XLSX },
      { bytes: png, fileName: 'scan.pdf', type: 'application/pdf' },
    ];
    for (const file of files) {
      const response = await postAsOfficer(
        { type: 'manpower-complement', year: '2025', quarter: '1' },
        file,
      );
      expect(response.statusCode, file.fileName).toBe(415);
      expect(response.json().message).toBe('Only PDF and XLSX files can be uploaded.');
    }
    expect(await fileCount()).toBe(countBefore);
    expect(await readdir(path.join(testApp.config.dataDir, 'documents'))).toEqual(filesBefore);
  });

  it('refuses a bad type or period with 400, naming the field', async () => {
    const file = { bytes: pdf, fileName: 'x.pdf', type: 'application/pdf' };
    const cases = [
      [{ type: 'no-such-report', year: '2025' }, 'type'],
      [{ type: 'sef-utilization', year: '2025' }, 'quarter'],
      [{ type: 'annual-budget-report', year: '2025', quarter: '2' }, 'quarter'],
      [{ type: 'annual-budget-report', year: '25' }, 'year'],
    ] as const;
    for (const [fields, field] of cases) {
      const response = await postAsOfficer(fields, file);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  it('refuses a BAC-only account with 403 on the API and the staff page, and audits it', async () => {
    const { visitor: bac } = await signedInStaff(testApp, 'bac@san-isidro.gov.ph', PASSWORD, [
      'bac',
    ]);
    const token = await bac.csrfToken();
    const refused = await post(
      bac,
      token,
      { type: 'manpower-complement', year: '2025', quarter: '1' },
      { bytes: pdf, fileName: 'x.pdf', type: 'application/pdf' },
    );
    expect(refused.statusCode).toBe(403);

    const form = await send(
      'form',
      bac,
      token,
      { type: 'manpower-complement', year: '2025', quarter: '1' },
      { bytes: pdf, fileName: 'x.pdf', type: 'application/pdf' },
    );
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/staff/full-disclosure?outcome=forbidden');
    const page = await bac.request({ url: form.headers.location as string });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('needs the Transparency (Full Disclosure documents) role');
    expect(page.body).not.toContain('name="file"');

    expect(
      await rows(
        sql`SELECT 1 FROM full_disclosure_postings WHERE document_type = 'manpower-complement'`,
      ),
    ).toEqual([]);
    const forbidden = await rows<{ detail: string }>(
      sql`SELECT detail FROM audit_log WHERE action = 'forbidden' AND actor = 'bac@san-isidro.gov.ph'`,
    );
    expect(forbidden.length).toBe(2);
    expect(JSON.parse(forbidden[0]!.detail)).toMatchObject({ needed: 'transparency' });

    const anonymous = await testApp.app.inject({ url: '/staff/full-disclosure' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/bac-login');
  });

  it('audits a posting by an administrator without the transparency role as made by the admin role', async () => {
    const email = 'fd-admin@san-isidro.gov.ph';
    const { visitor: admin } = await signedInStaff(testApp, email, PASSWORD, ['admin']);
    const posted = await post(
      admin,
      await admin.csrfToken(),
      { type: 'statement-of-debt-service', year: '2023' },
      { bytes: pdf, fileName: 'SDS 2023.pdf', type: 'application/pdf' },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const [audit] = await rows<{ detail: string }>(
      sql`SELECT detail FROM audit_log WHERE action = 'full-disclosure-posted' AND actor = ${email}`,
    );
    expect(JSON.parse(audit!.detail)).toMatchObject({ role: 'admin', year: 2023 });
  });

  it('posts through the staff page’s plain form, and says so on the page', async () => {
    const form = await send(
      'form',
      officer,
      officerToken,
      { type: 'manpower-complement', year: '2025', quarter: '1', reason: '' },
      { bytes: pdf, fileName: 'Manpower Q1.pdf', type: 'application/pdf' },
    );
    expect(form.statusCode).toBe(303);
    const location = new URL(form.headers.location as string, SITE_URL);
    expect(location.pathname).toBe('/staff/full-disclosure');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      type: 'manpower-complement',
      year: '2025',
      quarter: '1',
      outcome: 'posted',
      posting: '/full-disclosure/manpower-complement/2025-q1',
    });
    const page = await officer.request({ url: `${location.pathname}${location.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Posted.');
    expect(page.body).toContain('href="/full-disclosure/manpower-complement/2025-q1"');
  });

  it('keeps the Filipino page’s form in Filipino: its post, its correction, its refusals and the sign-in', async () => {
    const formPost = async (visitor: ApiVisitor, fields: [string, string][], bytes: Buffer) => {
      const { body, contentType } = await multipart([
        ...fields.map(([name, value]) => ({ name, value })),
        { name: 'file', value: { bytes, fileName: 'Manpower Q1.pdf', type: 'application/pdf' } },
      ]);
      return visitor.request({
        method: 'POST',
        url: '/fil/staff/full-disclosure/posting',
        headers: { 'content-type': contentType },
        payload: body,
      });
    };
    const staffPage = await officer.request({ url: '/fil/staff/full-disclosure' });
    expect(staffPage.statusCode).toBe(200);
    expect(staffPage.body).toContain('<html lang="fil"');
    expect(staffPage.body).toContain('Mag-post ng mga dokumento ng Full Disclosure');
    expect(staffPage.body).toContain('action="/fil/staff/full-disclosure/posting"');
    expect(staffPage.body).toContain('Dahilan ng pagtatama');

    // The period already has a file (the test before): a new one without a reason is refused.
    const corrected = Buffer.concat([pdf, Buffer.from('\n% corrected\n')]);
    const period: [string, string][] = [
      ['_csrf', officerToken],
      ['type', 'manpower-complement'],
      ['year', '2025'],
      ['quarter', '1'],
    ];
    const refused = await formPost(officer, [...period, ['reason', '']], corrected);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toMatch(/^\/fil\/staff\/full-disclosure\?.*outcome=reason/);
    const refusedPage = await officer.request({ url: refused.headers.location as string });
    expect(refusedPage.body).toContain('May file na ang panahong ito');

    const posted = await formPost(
      officer,
      [...period, ['reason', 'Mali ang bilang ng kawani sa unang file.']],
      corrected,
    );
    const location = new URL(posted.headers.location as string, SITE_URL);
    expect(location.pathname).toBe('/fil/staff/full-disclosure');
    expect(location.searchParams.get('outcome')).toBe('corrected');
    const page = await officer.request({ url: `${location.pathname}${location.search}` });
    expect(page.body).toContain(
      'Nai-post ang pagtatama; nananatili sa kasaysayan ang naunang file.',
    );
    expect(page.body).toContain('href="/fil/full-disclosure/manpower-complement/2025-q1"');

    const { visitor: bac } = await signedInStaff(testApp, 'bac-fil@san-isidro.gov.ph', PASSWORD, [
      'bac',
    ]);
    const forbidden = await formPost(
      bac,
      [...period.slice(1), ['_csrf', await bac.csrfToken()]],
      pdf,
    );
    expect(forbidden.headers.location).toBe('/fil/staff/full-disclosure?outcome=forbidden');
    const forbiddenPage = await bac.request({ url: forbidden.headers.location as string });
    expect(forbiddenPage.statusCode).toBe(403);
    expect(forbiddenPage.body).toContain(
      'kailangan nito ang tungkuling Katapatan (Transparency: mga dokumento ng Full Disclosure)',
    );

    const anonymous = await testApp.app.inject({ url: '/fil/staff/full-disclosure' });
    expect(anonymous.headers.location).toBe('/fil/bac-login');
  });

  it('gives a year as CSV, JSON and an Atom feed of every posting and correction', async () => {
    const json = await grid(2025);
    expect(json.types).toHaveLength(15);
    expect(json.counts.posted).toBe(2);

    const csv = await testApp.app.inject({ url: '/full-disclosure.csv?year=2025' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'type,type_name,frequency,year,quarter,period,state,period_ends,deadline,overdue_from,permalink,document_url,document_bytes,document_sha256,posted_at,version',
    );
    // Five annual types, ten quarterly ones of four quarters each.
    expect(lines).toHaveLength(1 + 5 + 10 * 4);
    const sef = lines.find(
      (line) => line.startsWith('sef-utilization,') && line.includes(',1,Q1 2025,'),
    );
    expect(sef).toContain(`,posted,`);
    expect(sef).toContain(`${SITE_URL}/full-disclosure/sef-utilization/2025-q1`);
    expect(sef).toContain(sha256Of(await fixture('sef-utilization-q1-corrected.xlsx')));

    const atom = await testApp.app.inject({ url: '/full-disclosure.atom' });
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const ids = [...atom.body.matchAll(/<entry>\s*<id>([^<]+)<\/id>/g)].map((match) => match[1]);
    expect(ids).toEqual(
      expect.arrayContaining([
        `${SITE_URL}/full-disclosure/sef-utilization/2025-q1#file-1`,
        `${SITE_URL}/full-disclosure/sef-utilization/2025-q1#file-2`,
        `${SITE_URL}/full-disclosure/annual-budget-report/2024#file-1`,
      ]),
    );
    expect(atom.body).toContain('Corrected: SEF Utilization, Q1 2025');

    // The bodies with posted files match the schemas /openapi.json declares.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validGrid = ajv.compile(gridSchema);
    expect(validGrid(json) ? [] : validGrid.errors).toEqual([]);
    const validPosting = ajv.compile(postingSchema);
    const posting: unknown = (
      await testApp.app.inject({ url: '/api/full-disclosure/sef-utilization/2025-q1' })
    ).json();
    expect(validPosting(posting) ? [] : validPosting.errors).toEqual([]);

    const bad = await testApp.app.inject({ url: '/full-disclosure.json?year=twenty' });
    expect(bad.statusCode).toBe(400);
  });

  it('names the types in Filipino on the Filipino pages, while the open data keeps the English', async () => {
    // What the page shows, not the hydration data (the JSON, which carries both languages).
    const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');
    const page = shown((await testApp.app.inject({ url: '/fil/full-disclosure?year=2025' })).body);
    expect(page).toContain('<html lang="fil"');
    expect(page).toContain('Paggamit ng SEF');
    expect(page).toContain('Pahayag ng Daloy ng Salapi bawat Quarter');
    expect(page).toContain('sa loob ng 30 araw matapos ang quarter');
    expect(page).not.toContain('SEF Utilization');
    expect(page).not.toContain('within 30 days after the quarter');

    const posting = shown(
      (await testApp.app.inject({ url: '/fil/full-disclosure/sef-utilization/2025-q1' })).body,
    );
    expect(posting).toContain('<html lang="fil"');
    expect(posting).toContain('<title>Paggamit ng SEF, Q1 2025');
    expect(posting).toMatch(/<dd>Paggamit ng SEF<\/dd>/);
    expect(posting).not.toContain('SEF Utilization');
    const english = shown(
      (await testApp.app.inject({ url: '/full-disclosure/sef-utilization/2025-q1' })).body,
    );
    expect(english).toMatch(/<dd>SEF Utilization<\/dd>/);
    expect(english).not.toContain('Paggamit ng SEF');

    const json = await grid(2025);
    expect(json.types.find((type) => type.id === 'sef-utilization')).toMatchObject({
      name: { en: 'SEF Utilization', fil: 'Paggamit ng SEF' },
      basis: {
        en: 'DILG MC 2010-83 and 2011-08: within 30 days after the quarter',
        fil: 'DILG MC 2010-83 at 2011-08: sa loob ng 30 araw matapos ang quarter',
      },
    });
    const csv = (await testApp.app.inject({ url: '/full-disclosure.csv?year=2025' })).body;
    expect(csv).toContain('sef-utilization,SEF Utilization,quarterly,');
    expect(csv).not.toContain('Paggamit');
    const atom = (await testApp.app.inject({ url: '/full-disclosure.atom' })).body;
    expect(atom).not.toContain('Paggamit');
  });
});

describe('Full Disclosure on a new site', () => {
  // The site's database is created on March 10, 2026, Manila time.
  const clock = testClock('2026-03-10T02:00:00.000Z');
  const testApp = useTestApp({}, { clock });

  const grid = (year: number) => gridOf(testApp, year);

  it('calls no period overdue whose deadline passed before the site existed', async () => {
    const last = await grid(2025);
    expect(last.counts.overdue).toBe(0);
    expect(last.counts['not-tracked']).toBeGreaterThan(20);
    const year = cells(last);
    expect(year.get('sef-utilization Q3 2025')?.state).toBe('not-tracked');
    // Q4 2025 was still due on the day the site began (deadline January 30): not tracked too.
    expect(year.get('sef-utilization Q4 2025')?.state).toBe('not-tracked');
    expect(year.get('annual-budget-report FY 2025')?.state).toBe('not-tracked');

    const english = (await testApp.app.inject({ url: '/full-disclosure?year=2025' })).body;
    expect(english).toContain('Not tracked on this site');
    expect(english).not.toContain('Overdue since');
    const filipino = (await testApp.app.inject({ url: '/fil/full-disclosure?year=2025' })).body;
    expect(filipino).toContain('Hindi sinusubaybayan sa site na ito');

    // Deadlines after the first day are kept as ever: Q1 2026 is overdue from May 1.
    clock.set('2026-05-01T00:00:00.000Z');
    expect(cells(await grid(2026)).get('sef-utilization Q1 2026')?.state).toBe('overdue');
    expect(cells(await grid(2025)).get('sef-utilization Q3 2025')?.state).toBe('not-tracked');
  });
});
