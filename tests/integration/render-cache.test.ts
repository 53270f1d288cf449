import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { DATA_VERSION_TABLES } from '../../db/data-version.ts';
import { readDataVersion } from '../../db/sqlite-data-version.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import { createProductionRenderer } from '../../server/render/production.ts';
import type { Renderer } from '../../server/render/renderer.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { SESSION_COOKIE } from '../../server/plugins/staff-session.ts';
import { expectFreshNonces } from '../helpers/csp.ts';
import { addStaffAccount, ApiVisitor, sessionCookieOf } from '../helpers/staff.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../helpers/postgres-database.ts';
import { sourceRenderer, testEngine, withAppDatabase } from '../helpers/test-app.ts';
import { cliOnApp, OPERATOR, OPERATOR_PASSWORD } from './cli-harness.ts';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-store';
const PASSWORD = 'correct-horse-battery-staple';
const REPORTS = '/bids-reports';
const STAFF_MARKERS = ['Sign out', 'Signed in as'];

/**
 * The real app on a fresh data directory, rendering from source through a renderer that
 * counts its renders: the seam where a cache miss becomes work. `failNext` makes the next
 * render throw, as a broken page would.
 */
async function countingApp(env: Record<string, string> = {}, base: Renderer = sourceRenderer) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-cache-'));
  // On the PostgreSQL pass, an empty database of its own, as createTestApp gives.
  const postgresUrl = testEngine === 'postgres' ? await createPostgresDatabase('cache') : undefined;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    ...env,
  });
  const counter = { renders: 0, failNext: false };
  const renderer: Renderer = {
    ...base,
    entry: async () => {
      const { render } = await base.entry();
      return {
        render(request, options) {
          counter.renders += 1;
          if (counter.failNext) {
            counter.failNext = false;
            return Promise.reject(new Error('render failed on purpose'));
          }
          return render(request, options);
        },
      };
    },
  };
  const app = await buildApp({ config, content: await loadContent(config.contentDir), renderer });
  await app.ready();
  return {
    app,
    config,
    counter,
    get: (url: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } }),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      if (postgresUrl) await dropPostgresDatabase(postgresUrl);
    },
  };
}

type CountingApp = Awaited<ReturnType<typeof countingApp>>;

/**
 * On PostgreSQL, a wait until the app has heard of a write another process is about to
 * commit, showing `title` in the reports: there the commit reaches each app process as a
 * notification (data-version-listener.ts), within milliseconds but not at once, so "the
 * next request" is the next one after it came. Call it before the write, await what it
 * answers after: it asks the reports API for `title` before the write, so that answer is
 * kept in the cache, and again until the answer changes, which it does only once the app's
 * data version has moved. The render counter does not count API reads. On SQLite the file
 * is read per turn: nothing to wait for.
 */
async function hearingOf(site: CountingApp, title: string): Promise<() => Promise<void>> {
  if (testEngine !== 'postgres') return async () => {};
  const url = `/api/records/reports?q=${encodeURIComponent(title)}`;
  expect((await site.get(url)).body).not.toContain(title);
  return async () => {
    const until = Date.now() + 5_000;
    while (!(await site.get(url)).body.includes(title)) {
      if (Date.now() > until) throw new Error(`the app did not hear of "${title}" within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
}

/**
 * A write by another connection, as a second process would make it. A request over the
 * network reaches the server in a later turn of its event loop than that commit; an
 * injected one would run in the same turn, where the version read by the turn's earlier
 * requests still stands, so the turn is let to end.
 */
async function addReportDirectly(site: CountingApp, title: string) {
  const heard = await hearingOf(site, title);
  await withAppDatabase(site.config, (database) =>
    database.db
      .insertInto('reports')
      .values({
        title,
        report_description: 'Written by another connection',
        link: 'https://example.org/other.pdf',
        created: new Date().toISOString(),
      })
      .execute(),
  );
  await new Promise(setImmediate);
  await heard();
}

async function signedInStaff(
  app: FastifyInstance,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  email: string,
) {
  await addStaffAccount(config, email, PASSWORD);
  const visitor = new ApiVisitor(app);
  expect((await visitor.signIn(email, PASSWORD)).statusCode).toBe(200);
  return visitor;
}

function expectShared(response: LightMyRequestResponse) {
  expect(response.headers['cache-control']).toBe(PUBLIC);
  expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
  expect(String(response.headers.vary)).toMatch(/Cookie/);
}

describe('the render cache', { timeout: 120_000 }, () => {
  let site: CountingApp;
  beforeAll(async () => {
    // Demo records make the list API answers big enough to be compressed.
    site = await countingApp({ DEMO_RECORDS: 'true' });
  });
  afterAll(() => site.close());

  it('serves a repeated anonymous page from memory, unknown parameters sharing the entry', async () => {
    const first = await site.get('/history');
    expectShared(first);
    const renders = site.counter.renders;
    const again = await site.get('/history');
    const tracked = await site.get('/history?utm_source=newsletter&fbclid=abc');
    expect(site.counter.renders).toBe(renders);
    expect(again.body).toBe(first.body);
    expect(tracked.body).toBe(first.body);
    expect(tracked.headers.etag).toBe(first.headers.etag);
  });

  it('serves the lazy public pages from memory too', async () => {
    for (const url of ['/full-disclosure', '/fil/transparency-seal', '/advisories']) {
      const first = await site.get(url);
      expectShared(first);
      const renders = site.counter.renders;
      const again = await site.get(url);
      expect(site.counter.renders, url).toBe(renders);
      expect(again.body, url).toBe(first.body);
    }
  });

  it('answers a hit with the headers of the render it stored, before the other plugins run', async () => {
    const perRequest = ['date', 'etag', 'content-length', 'content-encoding', 'connection'];
    const comparable = (response: LightMyRequestResponse) =>
      Object.fromEntries(
        Object.entries(response.headers).filter(([name]) => !perRequest.includes(name)),
      );
    for (const url of ['/directory', '/api/records/reports']) {
      const renders = site.counter.renders;
      const miss = await site.get(url, { 'x-forwarded-proto': 'https' });
      const hit = await site.get(url, { 'x-forwarded-proto': 'https' });
      expect(site.counter.renders).toBeLessThanOrEqual(renders + 1);
      expect(hit.body).toBe(miss.body);
      expect(comparable(hit)).toEqual(comparable(miss));
      expect(hit.headers['x-frame-options']).toBe('DENY');
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.headers['strict-transport-security']).toMatch(/max-age=/);
      const plain = await site.get(url);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
    const api = await site.get('/api/records/reports', { origin: 'https://elsewhere.example' });
    expect(api.headers['access-control-allow-origin']).toBe('*');
    const page = await site.get('/directory', { origin: 'https://elsewhere.example' });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keys lists by their known parameters in any order', async () => {
    const first = await site.get(`${REPORTS}?q=plan&page=1`);
    const renders = site.counter.renders;
    const reordered = await site.get(`${REPORTS}?page=1&utm=x&q=plan`);
    expect(site.counter.renders).toBe(renders);
    expect(reordered.body).toBe(first.body);
    await site.get(`${REPORTS}?q=other`);
    expect(site.counter.renders).toBe(renders + 1);
  });

  it('renders the same bytes for the same data: no clock text, no nonce in the page', async () => {
    const first = await site.get('/history');
    await addReportDirectly(site, 'A change that /history does not show');
    const renders = site.counter.renders;
    const second = await site.get('/history');
    expect(site.counter.renders).toBe(renders + 1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.body).not.toMatch(/nonce=/);
  });

  it('names every inline script of a cached page by its hash in the CSP, with no nonce', async () => {
    const response = await site.get('/news');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toMatch(/nonce-|unsafe-inline|strict-dynamic/);
    const inline = [...response.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) {
      const hash = createHash('sha256').update(text!).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    const hit = await site.get('/news');
    expect(hit.headers['content-security-policy']).toBe(csp);
  });

  it('shows a record added through the web API on the next request of a cached list and API read', async () => {
    const before = await site.get(REPORTS);
    const apiBefore = await site.get('/api/records/reports');
    expect((await site.get(REPORTS)).body).toBe(before.body);
    const staff = await signedInStaff(site.app, site.config, 'web-writer@san-isidro.gov.ph');
    const added = await staff.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': await staff.csrfToken() },
      payload: {
        title: 'Supplemental Procurement Plan from the web',
        report_description: 'Added by staff',
        link: 'https://example.org/supplemental.pdf',
      },
    });
    expect(added.statusCode).toBe(201);
    const after = await site.get(REPORTS);
    expect(before.body).not.toContain('Supplemental Procurement Plan from the web');
    expect(after.body).toContain('Supplemental Procurement Plan from the web');
    const apiAfter = await site.get('/api/records/reports');
    expect(apiBefore.body).not.toContain('Supplemental Procurement Plan from the web');
    expect(apiAfter.body).toContain('Supplemental Procurement Plan from the web');
    expect(apiAfter.headers.etag).not.toBe(apiBefore.headers.etag);
  });

  it('shows a record imported by the CLI in another process on the next request', async () => {
    const before = await site.get(REPORTS);
    expect((await site.get(REPORTS)).body).toBe(before.body);
    const dataDir = site.config.dataDir;
    const added = await cliOnApp(
      site.config,
      ['users', 'add', OPERATOR, '--name', 'IT Staff', '--password-stdin'],
      `${OPERATOR_PASSWORD}\n`,
    );
    expect(added.stderr).toBe('');
    const file = path.join(dataDir, 'reports.csv');
    await writeFile(
      file,
      'title,report_description,link\nQuarterly report imported by IT,From the CLI,https://example.org/q.pdf\n',
    );
    const heard = await hearingOf(site, 'Quarterly report imported by IT');
    const imported = await cliOnApp(site.config, [
      'import',
      'reports',
      file,
      '--as',
      OPERATOR,
      '--json',
    ]);
    expect(imported.code).toBe(0);
    await heard();
    const after = await site.get(REPORTS);
    expect(before.body).not.toContain('Quarterly report imported by IT');
    expect(after.body).toContain('Quarterly report imported by IT');
  });

  it('answers 304 to a matching If-None-Match on pages and API reads, per encoding', async () => {
    for (const url of ['/offices', '/api/records/svp', '/api/content/site']) {
      const plain = await site.get(url);
      expect(plain.statusCode).toBe(200);
      expectShared(plain);
      const notModified = await site.get(url, { 'if-none-match': String(plain.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(plain.headers.etag);

      const br = await site.get(url, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const brNotModified = await site.get(url, {
        'accept-encoding': 'br, gzip',
        'if-none-match': `"other", ${String(br.headers.etag)}`,
      });
      expect(brNotModified.statusCode).toBe(304);

      const gzip = await site.get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

      const stale = await site.get(url, { 'if-none-match': '"not-the-current-one"' });
      expect(stale.statusCode).toBe(200);
    }
  });

  it('answers HEAD from the same entry without a body', async () => {
    const get = await site.get('/directory');
    const renders = site.counter.renders;
    const head = await site.app.inject({ method: 'HEAD', url: '/directory' });
    expect(site.counter.renders).toBe(renders);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('keeps 404 pages, which change only with the data', async () => {
    const first = await site.get('/no-such-page');
    expect(first.statusCode).toBe(404);
    expectShared(first);
    const renders = site.counter.renders;
    const again = await site.get('/no-such-page');
    expect(again.statusCode).toBe(404);
    expect(site.counter.renders).toBe(renders);
  });

  it('never keeps a failed render', async () => {
    site.counter.failNext = true;
    const failed = await site.get('/festival');
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    const recovered = await site.get('/festival');
    expect(recovered.statusCode).toBe(200);
    expectShared(recovered);
  });
});

describe('staff and the render cache', { timeout: 120_000 }, () => {
  let site: CountingApp;
  beforeAll(async () => {
    site = await countingApp();
  });
  afterAll(() => site.close());

  const publicPages = ['/', '/news', REPORTS, '/bac-input', '/bac-login'];

  it('a signed-in visit first: staff pages stay private and anonymous visitors see no staff content', async () => {
    const staff = await signedInStaff(site.app, site.config, 'first@san-isidro.gov.ph');
    const input = await staff.request({ url: '/bac-input' });
    expect(input.statusCode).toBe(200);
    for (const marker of STAFF_MARKERS) expect(input.body).toContain(marker);
    for (const url of publicPages) {
      const response = await staff.request({ url });
      expect(response.headers['cache-control']).toBe(PRIVATE);
      expect(response.headers.etag).toBeUndefined();
    }
    for (const url of publicPages) {
      const response = await site.get(url);
      for (const marker of [...STAFF_MARKERS, 'first@san-isidro.gov.ph'])
        expect(response.body).not.toContain(marker);
    }
    const anonymousInput = await site.get('/bac-input');
    expect(anonymousInput.statusCode).toBe(302);
    expect(anonymousInput.headers.location).toMatch(/^\/bac-login/);
    expect(anonymousInput.headers['cache-control']).toBe(PRIVATE);
  });

  it('anonymous visits first: a staff session is never answered from the cache', async () => {
    for (const url of publicPages) {
      await site.get(url);
      await site.get(url);
    }
    const staff = await signedInStaff(site.app, site.config, 'second@san-isidro.gov.ph');
    for (const url of publicPages) {
      const renders = site.counter.renders;
      const response = await staff.request({ url });
      expect({ url, renders: site.counter.renders }).toEqual({ url, renders: renders + 1 });
      expect(response.headers['cache-control']).toBe(PRIVATE);
    }
    const input = await staff.request({ url: '/bac-input' });
    expect(input.statusCode).toBe(200);
    for (const marker of STAFF_MARKERS) expect(input.body).toContain(marker);
  });

  it('keeps per-request nonces for staff pages, never shared', async () => {
    const staff = await signedInStaff(site.app, site.config, 'third@san-isidro.gov.ph');
    const first = await staff.request({ url: '/bac-input' });
    const second = await staff.request({ url: '/bac-input' });
    expectFreshNonces(first, second);
  });
});

describe('a session cookie that does not open as a signed-in session', { timeout: 120_000 }, () => {
  let site: CountingApp;
  beforeAll(async () => {
    site = await countingApp();
  });
  afterAll(() => site.close());

  /** Cookie headers any client can send: none of them names a signed-in account. */
  async function notSignedIn(): Promise<Record<string, string>> {
    const sealed = (claims: Record<string, unknown>) =>
      `${SESSION_COOKIE}=${encodeURIComponent(
        site.app.encodeSecureSession(site.app.createSecureSession(claims)),
      )}`;
    // The sign-in form gives anyone a cookie that opens: it holds a CSRF secret, no session id.
    const signInForm = sessionCookieOf(await site.get('/bac-login'));
    expect(signInForm).not.toBe('');
    return {
      junk: `${SESSION_COOKIE}=anything`,
      'junk among others': `theme=dark; ${SESSION_COOKIE} = anything; lang=fil`,
      'shaped like a sealed cookie': `${SESSION_COOKIE}=${encodeURIComponent(
        `${Buffer.alloc(40, 7).toString('base64')};${Buffer.alloc(24, 9).toString('base64')}`,
      )}`,
      'sealed, expired': sealed({ sid: 'an expired one', __ts: 1 }),
      'the sign-in form’s': signInForm,
      'the junk one first, a session after': `${SESSION_COOKIE}=x; ${signInForm}`,
    };
  }

  it('is served from the cache and stored in it as for any visitor, with no cookie set', async () => {
    const cookies = await notSignedIn();
    for (const url of ['/festival', '/api/records/reports']) {
      for (const [what, cookie] of Object.entries(cookies)) {
        // A new key for each cookie: the first request renders and stores, the next is a hit.
        const keyed = `${url}?page=${Object.keys(cookies).indexOf(what) + 2}`;
        const before = site.app.responseCache.snapshot();
        const first = await site.get(keyed, { cookie });
        const again = await site.get(keyed, { cookie });
        const anonymous = await site.get(keyed);
        const after = site.app.responseCache.snapshot();
        const counted = { url, what, misses: after.misses - before.misses };
        expect({ ...counted, hits: after.hits - before.hits }).toEqual({ ...counted, hits: 2 });
        expect(counted.misses).toBe(1);
        for (const response of [first, again]) {
          expect({ what, setCookie: response.headers['set-cookie'] }).toEqual({
            what,
            setCookie: undefined,
          });
          expectShared(response);
        }
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(anonymous.headers.etag).toBe(first.headers.etag);
      }
    }
  });

  it('is answered from an entry an anonymous visit stored', async () => {
    const stored = await site.get('/directory');
    const cookies = Object.values(await notSignedIn());
    const renders = site.counter.renders;
    for (const cookie of cookies) {
      const hit = await site.get('/directory', { cookie });
      expect(hit.body).toBe(stored.body);
      expect(hit.headers['set-cookie']).toBeUndefined();
    }
    expect(site.counter.renders).toBe(renders);
  });

  it('still opens no staff page, and a signed-in session still bypasses the cache', async () => {
    for (const cookie of Object.values(await notSignedIn())) {
      for (const url of ['/bac-input', '/fil/staff/accounts', '/staff']) {
        const page = await site.get(url, { cookie });
        expect({ url, status: page.statusCode }).toEqual({ url, status: 302 });
        expect(page.headers.location).toMatch(/\/bac-login$/);
        expect(page.headers['cache-control']).toBe(PRIVATE);
      }
    }
    const staff = await signedInStaff(site.app, site.config, 'cookie@san-isidro.gov.ph');
    await site.get('/offices');
    for (const cookie of [staff.cookie, `${staff.cookie}; ${SESSION_COOKIE}=anything`]) {
      const renders = site.counter.renders;
      const response = await site.get('/offices', { cookie });
      expect(site.counter.renders).toBe(renders + 1);
      expect(response.headers['cache-control']).toBe(PRIVATE);
      const input = await site.get('/bac-input', { cookie });
      expect(input.statusCode).toBe(200);
      for (const marker of STAFF_MARKERS) expect(input.body).toContain(marker);
    }
  });
});

describe('single flight', { timeout: 120_000 }, () => {
  let site: CountingApp;
  beforeAll(async () => {
    site = await countingApp();
  });
  afterAll(() => site.close());

  it('renders a page once for many concurrent misses, all of them getting the same bytes', async () => {
    const renders = site.counter.renders;
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => site.get('/tourist-destination')),
    );
    expect(site.counter.renders).toBe(renders + 1);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(responses[0]!.body);
    }
  });

  it('reads the API once for many concurrent misses', async () => {
    const before = site.app.responseCache.snapshot();
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => site.get('/api/records/bid_bulletin?page=1')),
    );
    const after = site.app.responseCache.snapshot();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(24);
    for (const response of responses) expect(response.body).toBe(responses[0]!.body);
  });
});

describe('the memory bound', { timeout: 120_000 }, () => {
  let site: CountingApp;
  beforeAll(async () => {
    site = await countingApp({ RENDER_CACHE_MB: '1' });
  });
  afterAll(() => site.close());

  it('keeps at most RENDER_CACHE_MB, dropping the least recently used first', async () => {
    for (let page = 1; page <= 60; page++) await site.get(`${REPORTS}?q=search+${page}`);
    const { bytes, entries } = site.app.responseCache.snapshot();
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(entries).toBeGreaterThan(3);
    expect(entries).toBeLessThan(60);

    const renders = site.counter.renders;
    await site.get(`${REPORTS}?q=search+60`);
    expect(site.counter.renders).toBe(renders);
    await site.get(`${REPORTS}?q=search+1`);
    expect(site.counter.renders).toBe(renders + 1);
  });
});

// The SQLite file's own data version (PRAGMA-free reads of its row, its SQLite triggers);
// PostgreSQL's is tested in postgres-data-version and page-version-postgres.
describe.skipIf(testEngine === 'postgres')('the data version', () => {
  it('changes with every committed write to a public table, from any connection', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-version-'));
    const file = path.join(dir, 'municipal.sqlite');
    const server = await openMigratedDatabase(file);
    const other = openDatabase(file);
    try {
      const start = readDataVersion(server);
      other.sqlite
        .prepare('INSERT INTO svp (pr_number, project_title, link) VALUES (?, ?, ?)')
        .run('PR-1', 'Road', 'https://example.org/1.pdf');
      expect(readDataVersion(server)).toBeGreaterThan(start);
      const afterInsert = readDataVersion(server);
      const rolledBack = other.sqlite.transaction(() => {
        other.sqlite.prepare("UPDATE svp SET project_title = 'Bridge'").run();
        throw new Error('abandoned');
      });
      expect(() => rolledBack()).toThrow('abandoned');
      expect(readDataVersion(server)).toBe(afterInsert);
      server.sqlite.prepare("UPDATE svp SET project_title = 'Bridge'").run();
      expect(readDataVersion(other)).toBeGreaterThan(afterInsert);
    } finally {
      await other.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has insert, update and delete triggers on every public table, every record kind among them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-version-'));
    const database = await openMigratedDatabase(path.join(dir, 'municipal.sqlite'));
    try {
      for (const kind of recordKinds) expect(DATA_VERSION_TABLES).toContain(kind.collection);
      const triggers = database.sqlite
        .prepare(
          "SELECT tbl_name AS tableName, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%data_version%'",
        )
        .all() as { tableName: string; sql: string }[];
      for (const table of DATA_VERSION_TABLES) {
        const events = triggers
          .filter((trigger) => trigger.tableName === table)
          .map((trigger) => /AFTER (INSERT|UPDATE|DELETE)/.exec(trigger.sql)?.[1])
          .sort();
        expect({ table, events }).toEqual({ table, events: ['DELETE', 'INSERT', 'UPDATE'] });
      }
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the production build', { timeout: 120_000 }, () => {
  const clientDir = `${path.resolve('dist/client')}/`;
  let site: CountingApp;
  beforeAll(async () => {
    site = await countingApp({}, await createProductionRenderer(clientDir));
  });
  afterAll(() => site.close());

  it('serves hashed assets precompressed at build time, immutable for a year', async () => {
    const manifest = JSON.parse(
      await readFile(`${clientDir}.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
    // The entry and the first-visit chunk it imports, which carries the site's CSS.
    const client = manifest['client/entry-client.tsx']!;
    const chunks = [client, ...(client.imports ?? []).map((key) => manifest[key]!)];
    const files = chunks.flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const original = await readFile(path.join(clientDir, file));
      const prebuilt = await readFile(path.join(clientDir, `${file}.br`));
      expect(zlib.brotliDecompressSync(prebuilt).equals(original)).toBe(true);
      expect((await readFile(path.join(clientDir, `${file}.gz`))).length).toBeLessThan(
        original.length,
      );

      const br = await site.get(`/${file}`, { 'accept-encoding': 'gzip, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(prebuilt)).toBe(true);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      const gzip = await site.get(`/${file}`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);
    }
  });

  it('links the stylesheet a lazy page brings on that page alone, cached or not', async () => {
    const ownStyles = /<link rel="stylesheet" href="\/assets\/full-disclosure-[\w-]+\.css"/;
    for (let round = 0; round < 2; round += 1) {
      expect((await site.get('/full-disclosure')).body).toMatch(ownStyles);
      expect((await site.get('/fil/full-disclosure')).body).toMatch(ownStyles);
    }
    expect((await site.get('/')).body).not.toMatch(ownStyles);
  });

  it('loads the bootstrap module from our origin and names the inline scripts by hash', async () => {
    const page = await site.get('/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(page.body).toMatch(/<script type="module" src="\/assets\/[^"]+\.js"[^>]*>/);
    expect(page.body).not.toMatch(/nonce=/);
  });
});
