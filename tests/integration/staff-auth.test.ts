import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKinds, type FieldSpec } from '../../shared/record-kinds.ts';
import { disableStaff, resetStaffPassword } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  SESSION_COOKIE,
} from '../../server/plugins/staff-session.ts';
import { addStaffAccount, ApiVisitor, csrfOf, signedInStaff } from '../helpers/staff.ts';
import { createTestApp, useTestApp, withAppDatabase, type TestApp } from '../helpers/test-app.ts';
import type { SiteConnection } from '../../db/site-database.ts';
import { testClock } from '../helpers/test-clock.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const PASSWORD = 'correct horse battery staple';
const validReport = {
  title: 'Annual Procurement Plan 2026',
  report_description: 'Consolidated plan of all offices',
  link: 'https://example.org/app-2026.pdf',
};

describe('staff sign-in and record writes', () => {
  let testApp: TestApp;
  const logLines: string[] = [];
  let emailCounter = 0;
  const newEmail = () => `staff${++emailCounter}@san-isidro.gov.ph`;

  beforeAll(async () => {
    testApp = await createTestApp(
      { LOG_LEVEL: 'trace', TRUST_PROXY: '1' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => testApp.close());

  async function signedInVisitor() {
    const email = newEmail();
    const { visitor } = await signedInStaff(testApp, email, PASSWORD);
    return { visitor, email };
  }

  async function reportCount(): Promise<number> {
    const response = await testApp.app.inject({ url: '/api/records/reports' });
    return (response.json() as { total: number }).total;
  }

  /** Runs `use` on the app's database as another process (the CLI) would open it. */
  function withDatabase<T>(use: (database: SiteConnection) => Promise<T>): Promise<T> {
    return withAppDatabase(testApp.config, use);
  }

  it('refuses a write without a session with 401 and stores nothing', async () => {
    const before = await reportCount();
    const visitor = new ApiVisitor(testApp.app);
    const token = await visitor.csrfToken();
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: validReport,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
    expect(await reportCount()).toBe(before);
  });

  it('refuses a write with a missing or wrong CSRF token with 403 and stores nothing', async () => {
    const { visitor } = await signedInVisitor();
    const before = await reportCount();
    for (const headers of [{}, { 'x-csrf-token': 'not-the-token' }] as Record<string, string>[]) {
      const response = await visitor.request({
        method: 'POST',
        url: '/api/records/reports',
        headers,
        payload: validReport,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await reportCount()).toBe(before);
  });

  it('refuses a cross-site form post', async () => {
    const { visitor } = await signedInVisitor();
    const token = await visitor.csrfToken();
    const before = await reportCount();
    const form = new URLSearchParams({ _csrf: token, type: 'reports', ...validReport }).toString();
    for (const headers of [
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const response = await visitor.request({
        method: 'POST',
        url: '/bac-input?type=reports',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: form,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await reportCount()).toBe(before);
  });

  it('adds a record through the form post of the page, without JavaScript', async () => {
    const { visitor } = await signedInVisitor();
    const page = await visitor.request({ url: '/bac-input?type=reports' });
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const before = await reportCount();
    const response = await visitor.request({
      method: 'POST',
      url: '/bac-input?type=reports',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({ _csrf: token, type: 'reports', ...validReport }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Add Successful');
    expect(await reportCount()).toBe(before + 1);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/relative/path.pdf'],
    ['example.org/file.pdf'],
    ['ftp://example.org/file.pdf'],
  ])('refuses the link %s with 400 and a message for the field', async (link) => {
    const { visitor } = await signedInVisitor();
    const token = await visitor.csrfToken();
    const before = await reportCount();
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { ...validReport, link },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { link: expect.stringMatching(/http/) } });
    expect(await reportCount()).toBe(before);
  });

  it('refuses blank fields with "Fill all the Fields"', async () => {
    const { visitor } = await signedInVisitor();
    const token = await visitor.csrfToken();
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { title: '   ', link: validReport.link },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; errors: Record<string, string> };
    // The original's words, naming the fields left blank in form order.
    expect(body.message).toBe('Fill all the Fields: Title, Report Description.');
    expect(body.errors).toEqual({
      title: 'Fill all the Fields',
      report_description: 'Fill all the Fields',
    });
  });

  it('stores a title with <script> and shows it as text', async () => {
    const { visitor } = await signedInVisitor();
    const token = await visitor.csrfToken();
    const title = `<script>alert("x")</script> Plan ${Date.now()}`;
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { ...validReport, title },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title,
      id: expect.any(Number),
      created: expect.any(String),
    });
    const list = await testApp.app.inject({
      url: `/bids-reports?q=${encodeURIComponent(title.slice(8, 20))}`,
    });
    expect(list.body).not.toContain('<script>alert("x")</script>');
    expect(list.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('puts a new record at the top of its public list at once', async () => {
    const { visitor } = await signedInVisitor();
    const token = await visitor.csrfToken();
    for (const kind of recordKinds) {
      // The optional procurement fields have formats of their own; a record needs none of them.
      const values = Object.fromEntries(
        (kind.fields as readonly FieldSpec[])
          .filter((field) => !field.optional)
          .map((field) => [
            field.name,
            field.name === 'link'
              ? 'https://example.org/new.pdf'
              : `Newest ${inEnglish(field.label)}`,
          ]),
      );
      const created = await visitor.request({
        method: 'POST',
        url: `/api/records/${kind.collection}`,
        headers: { 'x-csrf-token': token },
        payload: values,
      });
      expect(created.statusCode).toBe(201);
      const list = await testApp.app.inject({ url: `/api/records/${kind.collection}` });
      const first = (list.json() as { items: { id: number }[] }).items[0];
      expect(first?.id).toBe((created.json() as { id: number }).id);
    }
  });

  it('sets an HttpOnly, SameSite session cookie and a new session on sign-in', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const visitor = new ApiVisitor(testApp.app);
    const token = await visitor.csrfToken();
    const anonymousCookie = visitor.cookie;
    const response = await visitor.request({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf-token': token },
      payload: { email, password: PASSWORD },
    });
    const cookie = response.cookies.find((item) => item.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    expect(String(cookie?.sameSite).toLowerCase()).toMatch(/^(lax|strict)$/);
    expect(visitor.cookie).not.toBe(anonymousCookie);
    const session = await visitor.request({ url: '/api/session' });
    // The flash is a code pages word in their language, with its English for API readers.
    expect(session.json()).toMatchObject({
      user: { email },
      flash: { code: 'SIGNED_IN', message: 'Login successful' },
    });
    // Shown once: the next read has none.
    expect((await visitor.request({ url: '/api/session' })).json()).toMatchObject({ flash: null });
  });

  it('treats a tampered cookie as no session', async () => {
    const { visitor } = await signedInVisitor();
    const [name, value] = visitor.cookie.split('=') as [string, string];
    const flipped = value.slice(0, 10) + (value[10] === 'A' ? 'B' : 'A') + value.slice(11);
    const response = await testApp.app.inject({
      url: '/api/session',
      headers: { cookie: `${name}=${flipped}` },
    });
    expect(response.json()).toMatchObject({ user: null });
    const page = await testApp.app.inject({
      url: '/bac-input',
      headers: { cookie: `${name}=${flipped}` },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/bac-login');
  });

  it('ends the sessions of a disabled account and of a reset password at once', async () => {
    const { visitor, email } = await signedInVisitor();
    await withDatabase((database) => disableStaff(database, email));
    expect((await visitor.request({ url: '/api/session' })).json()).toMatchObject({ user: null });

    const second = await signedInVisitor();
    const hash = await hashPassword('a brand new passphrase');
    await withDatabase((database) => resetStaffPassword(database, second.email, hash));
    expect((await second.visitor.request({ url: '/api/session' })).json()).toMatchObject({
      user: null,
    });
  });

  it('answers a disabled account with Wrong Credentials', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    await withDatabase((database) => disableStaff(database, email));
    const response = await new ApiVisitor(testApp.app).signIn(email, PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'WRONG_CREDENTIALS',
      message: 'Wrong Credentials',
    });
  });

  it('answers the 6th bad password from one address within 15 minutes with 429 and when to try again', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const address = '203.0.113.8';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await new ApiVisitor(testApp.app, address).signIn(email, 'wrong password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Wrong Credentials' });
    }
    const sixth = await new ApiVisitor(testApp.app, address).signIn(email, PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/Try again after \d{1,2}:\d\d [AP]M/),
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('throttles one address trying many accounts, at a limit a whole office behind it does not reach', async () => {
    const { failures } = SIGN_IN_LIMITS.perAddress;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= failures + 1; attempt++) {
      const visitor = new ApiVisitor(testApp.app, '203.0.113.9');
      const response = await visitor.signIn(`nobody${attempt}@example.org`, 'guess');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: failures }, () => 401), 429]);
    const elsewhere = await new ApiVisitor(testApp.app, '203.0.113.10').signIn(
      'nobody0@example.org',
      'guess',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('never writes a password or its hash to the log', async () => {
    const secret = 'unmistakable-secret-passphrase-42';
    const email = newEmail();
    const account = await addStaffAccount(testApp.config, email, secret);
    await new ApiVisitor(testApp.app).signIn(email, 'another-unmistakable-wrong-one');
    await new ApiVisitor(testApp.app).signIn(email, secret);
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(secret);
    expect(log).not.toContain('another-unmistakable-wrong-one');
    expect(log).not.toContain(account.passwordHash);
    expect(log).not.toContain('$argon2id$');
  });
});

describe('sign-in and record input in Filipino, without JavaScript', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  const reportIdByTitle = async (title: string): Promise<number> => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM reports WHERE title = ${title}`.execute(testApp.site.db);
    return rows[0]!.id;
  };
  let accounts = 0;
  const newEmail = () => `kawani${++accounts}@san-isidro.gov.ph`;

  /** The page's text as a reader meets it: React's separators between text parts dropped. */
  const textOf = (html: string) => html.replaceAll('<!-- -->', '');
  async function signedIn(): Promise<ApiVisitor> {
    const { visitor } = await signedInStaff(testApp, newEmail(), PASSWORD, ['bac']);
    return visitor;
  }

  it('renders /fil/bac-login in Filipino and signs in to the Filipino data-entry page', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD, ['bac']);
    const visitor = new ApiVisitor(testApp.app);
    const page = textOf((await visitor.request({ url: '/fil/bac-login' })).body);
    expect(page).toContain('<html lang="fil"');
    expect(page).toContain('<h1 class="page-title">Pag-sign in ng kawani</h1>');
    expect(page).toContain('Ang iyong e-mail address');
    expect(page).toContain('action="/fil/bac-login" method="post"');

    const wrong = await visitor.submitPageForm('/fil/bac-login', { email, password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(textOf(wrong.body)).toContain('Mali ang username o password');

    const signed = await visitor.submitPageForm('/fil/bac-login', { email, password: PASSWORD });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe('/fil/bac-input');
    const landing = textOf((await visitor.request({ url: '/fil/bac-input' })).body);
    expect(landing).toContain('<html lang="fil"');
    expect(landing).toContain('Matagumpay ang pag-login');
    expect(landing).toContain(`Naka-sign in bilang`);
    expect(landing).toContain('aria-label="Mga bahagi para sa kawani"');
    expect(landing).toContain('href="/fil/staff"');
    expect(landing).not.toContain('Login successful');
  });

  it('leads the Filipino Bids and Awards login button to /fil/bac-login', async () => {
    const hub = (await testApp.app.inject({ url: '/fil/bids-and-awards' })).body;
    expect(hub).toMatch(
      /<a[^>]*href="\/fil\/bac-login"[^>]*class="login-fab"|<a[^>]*class="login-fab"[^>]*href="\/fil\/bac-login"/,
    );
  });

  it('sends a signed-out visit to /fil/bac-input to /fil/bac-login', async () => {
    const response = await testApp.app.inject({ url: '/fil/bac-input' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fil/bac-login');
  });

  it('adds a record from /fil/bac-input with a Filipino confirmation linking to Filipino pages', async () => {
    const visitor = await signedIn();
    const page = textOf((await visitor.request({ url: '/fil/bac-input?type=reports' })).body);
    expect(page).toContain('Uri ng talaan');
    expect(page).toContain('1. I-upload ang dokumento');
    expect(page).toContain('<label for="field-title">Pamagat</label>');
    expect(page).toContain('Mga kamakailang talaan');
    const title = 'Ulat sa Pagsubaybay ng Procurement 2026';
    const response = await visitor.submitPageForm('/fil/bac-input?type=reports', {
      type: 'reports',
      title,
      report_description: 'Unang semestre',
      link: 'https://example.org/pmr-fil.pdf',
    });
    expect(response.statusCode).toBe(200);
    const id = await reportIdByTitle(title);
    expect(textOf(response.body)).toContain(
      `Matagumpay na naidagdag. Naidagdag: ${title} (<a href="/fil/bids-reports/${id}"`,
    );
    expect(textOf(response.body)).toMatch(
      /<a[^>]*href="\/fil\/bac-input\?type=reports"[^>]*>Burahin ang form<\/a>/,
    );
  });

  it('refuses blank fields in Filipino, naming them as the Filipino form labels them', async () => {
    const visitor = await signedIn();
    const response = await visitor.submitPageForm('/fil/bac-input?type=reports', {
      type: 'reports',
      title: ' ',
      link: 'not a link',
    });
    expect(response.statusCode).toBe(400);
    const html = textOf(response.body);
    expect(html).toContain(
      'Punan ang lahat ng field: Pamagat, Paglalarawan ng Ulat. Ang Link ay dapat buong web address',
    );
    expect(html).toContain(
      '<p class="field-error" id="field-title-error">Punan ang lahat ng field</p>',
    );
    expect(html).not.toContain('Fill all the Fields');
  });

  it('amends from the Filipino change panel and words its refusals in Filipino', async () => {
    const visitor = await signedIn();
    const title = 'Taunang Plano ng Procurement';
    await visitor.submitPageForm('/fil/bac-input?type=reports', {
      type: 'reports',
      title,
      report_description: 'Lahat ng tanggapan',
      link: 'https://example.org/app-fil.pdf',
    });
    const id = await reportIdByTitle(title);
    const url = `/fil/bac-input?collection=reports&edit=${id}`;
    const panel = textOf((await visitor.request({ url })).body);
    expect(panel).toContain(`Baguhin: ${title}`);
    expect(panel).toContain('I-save ang mga pagbabago');
    const fields = { intent: 'amend', collection: 'reports', id: String(id), version: '1' };

    const noReason = await visitor.submitPageForm(url, { ...fields, title, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(textOf(noReason.body)).toContain('Ibigay ang dahilan ng pagbabagong ito');

    const amended = await visitor.submitPageForm(url, {
      ...fields,
      title: `${title} (itinama)`,
      report_description: 'Lahat ng tanggapan',
      link: 'https://example.org/app-fil.pdf',
      reason: 'Mali ang pamagat',
    });
    expect(amended.statusCode).toBe(303);
    expect(amended.headers.location).toBe(
      `/fil/bac-input?done=amended&collection=reports&id=${id}`,
    );
    const done = textOf((await visitor.request({ url: amended.headers.location! })).body);
    expect(done).toContain('Nabago ang talaan.');
    expect(done).toContain(`href="/fil/bids-reports/${id}"`);

    const stale = await visitor.submitPageForm(url, {
      ...fields,
      title,
      report_description: 'Lahat ng tanggapan',
      link: 'https://example.org/app-fil.pdf',
      reason: 'Muli',
    });
    expect(stale.statusCode).toBe(409);
    expect(textOf(stale.body)).toContain(
      'Hindi na-save: Nabago ang talaang ito mula nang buksan mo (bersiyon 2 na ito ngayon).',
    );
  });

  it('sends the upload of /fil/bac-input back to the Filipino page, saying the outcome in Filipino', async () => {
    const visitor = await signedIn();
    const page = (await visitor.request({ url: '/fil/bac-input?type=reports' })).body;
    expect(page).toContain('action="/fil/bac-input/document"');
    const boundary = 'pagsubok';
    const response = await visitor.request({
      method: 'POST',
      url: '/fil/bac-input/document',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: 'http://localhost:80',
      },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrfOf(page)}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nreports\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n`,
        `Content-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`,
      ].join(''),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/fil/bac-input?type=reports&upload=missing');
    const back = textOf((await visitor.request({ url: response.headers.location! })).body);
    expect(back).toContain('Pumili ng file na ia-upload.');
  });

  it('signs out from a Filipino staff page to the Filipino sign-in page', async () => {
    const visitor = await signedIn();
    const page = (await visitor.request({ url: '/fil/bac-input' })).body;
    expect(page).toMatch(/<form class="sign-out-form"[^>]* action="\/fil\/staff" method="post"/);
    const signedOut = await visitor.postForm('/fil/staff', {
      _csrf: csrfOf(page),
      intent: 'sign-out',
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/fil/bac-login?signed-out');
    const login = textOf((await visitor.request({ url: '/fil/bac-login?signed-out' })).body);
    expect(login).toContain('Naka-sign out ka na.');
  });
});

describe('session expiry, on the app clock', () => {
  // The app's clock only: the global Date stays real, so nothing else in the process
  // (argon2, timers, the database) sees a faked time, and the session is proven to read
  // the app's clock rather than the system's.
  const clock = testClock('2026-03-02T01:00:00Z');
  const testApp = useTestApp({ TRUST_PROXY: '1' }, { clock });
  let accounts = 0;

  async function signedInVisitor() {
    const { visitor } = await signedInStaff(
      testApp,
      `session${++accounts}@san-isidro.gov.ph`,
      PASSWORD,
    );
    return visitor;
  }
  const sessionUser = async (visitor: ApiVisitor) =>
    ((await visitor.request({ url: '/api/session' })).json() as { user: unknown }).user;

  it('ends a session after 30 idle minutes', async () => {
    const visitor = await signedInVisitor();
    clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect(await sessionUser(visitor)).toMatchObject({ email: expect.any(String) });
    clock.advance(IDLE_TIMEOUT_MS + 1000);
    expect(await sessionUser(visitor)).toBeNull();
  });

  it('ends a busy session after 12 hours in all', async () => {
    const busy = await signedInVisitor();
    for (let elapsed = 0; elapsed < ABSOLUTE_TIMEOUT_MS; elapsed += IDLE_TIMEOUT_MS / 2) {
      expect(await sessionUser(busy)).toMatchObject({ email: expect.any(String) });
      clock.advance(IDLE_TIMEOUT_MS / 2);
    }
    clock.advance(1000);
    expect(await sessionUser(busy)).toBeNull();
  });

  it('signs in again at the first try in the browser whose session ended idle', async () => {
    const email = `session${++accounts}@san-isidro.gov.ph`;
    const { visitor } = await signedInStaff(testApp, email, PASSWORD);
    clock.advance(IDLE_TIMEOUT_MS + 1000);
    // The sign-in page finds the ended session and hands out a token in the same answer:
    // the cookie it leaves must still hold that token's secret.
    const signed = await visitor.submitPageForm('/bac-login', { email, password: PASSWORD });
    expect(signed.statusCode, signed.body).toBe(303);
    expect(signed.headers.location).toBe('/bac-input');
    expect(await sessionUser(visitor)).toMatchObject({ email });
  });

  it('signs in again through the JSON API in the browser whose session ended idle', async () => {
    const email = `session${++accounts}@san-isidro.gov.ph`;
    const { visitor } = await signedInStaff(testApp, email, PASSWORD);
    clock.advance(IDLE_TIMEOUT_MS + 1000);
    const signed = await visitor.signIn(email, PASSWORD);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await sessionUser(visitor)).toMatchObject({ email });
  });
});
