import { sql } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { INFO_PAGE_PATHS } from '../../shared/info-pages.ts';
import type { Advisory } from '../../shared/advisories/advisories.ts';
import { listRoutes } from '../helpers/routes.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { valueOf } from '../helpers/sql-values.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';

const PASSWORD = 'typhoon signal number two over the bay';
const SITE = 'https://municipality.example.gov.ph';
const T0 = '2026-07-01T00:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.parse(T0) + hours * HOUR).toISOString();

/** Every public page the banner must reach: the information pages (home and /news among them), a list and /advisories. */
const PAGES = [...INFO_PAGE_PATHS, listRoutes[0]!, '/advisories'];

/** A section of /advisories as rendered (the hydration data after it names every advisory too). */
function section(html: string, heading: 'In effect now' | 'Past advisories'): string {
  const clean = html.replaceAll('<!-- -->', '');
  return new RegExp(`${heading}</h2>([\\s\\S]*?)</section>`).exec(clean)?.[1] ?? '';
}

const BANNER = /<div class="advisories" role="region" aria-label="Advisories">([\s\S]*?)<\/div>/;

function bannerOf(html: string): string | undefined {
  return BANNER.exec(html)?.[1]?.replaceAll('<!-- -->', '');
}

describe('advisories', () => {
  const clock = testClock(T0);
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL: SITE }, { clock });
  let officerCount = 0;

  /** A fresh information officer, signed in, with the CSRF header for writes. */
  async function officer(roles: ('information' | 'bac' | 'admin')[] = ['information']) {
    const { visitor } = await signedInStaff(
      testApp,
      `officer${++officerCount}@example.gov.ph`,
      PASSWORD,
      roles,
    );
    const headers = { 'x-csrf-token': await visitor.csrfToken() };
    /** A JSON write as this officer, with the CSRF header. */
    const api = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      visitor.request({ method, url, headers, payload });
    return { visitor, api };
  }

  async function post(body: Record<string, string>) {
    return (await officer()).api('POST', '/api/advisories', body);
  }

  /** The staff page's form sent without JavaScript, as the browser would. */
  function sendForm(visitor: ApiVisitor, csrf: string, fields: Record<string, string>) {
    return visitor.request({
      method: 'POST',
      url: '/staff/advisories',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
    });
  }

  /** A page as an anonymous resident gets it, in a later turn of the event loop than what came before. */
  async function page(url: string) {
    await nextTurn();
    return testApp.app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.7' } });
  }

  const hits = () => testApp.app.responseCache.snapshot().hits;

  /**
   * Once the clock has passed a time boundary: asks for the home page until the cache answers
   * it, so the pages that follow are keyed by the new epoch. SQLite reads the next boundary
   * in the request that crosses one; PostgreSQL reads it with an awaited query, and keeps no
   * page rendered meanwhile.
   */
  async function newEpochCached() {
    for (let tries = 0; tries < 50; tries += 1) {
      const before = hits();
      await page('/');
      if (hits() > before) return;
    }
    throw new Error('the cache never answered after the clock passed a boundary');
  }

  it('shows a banner on every public page from its start to its end, with the render cache serving in between', async () => {
    clock.set(T0);
    const posted = await post({
      severity: 'warning',
      title: 'Water interruption in Poblacion',
      text: 'No water from 8 AM to 5 PM for pipe repairs.',
      starts: at(1),
      ends: at(3),
    });
    expect(posted.statusCode).toBe(201);
    const advisory = posted.json() as Advisory;
    expect(advisory).toMatchObject({ state: 'upcoming', version: 1, starts: at(1), ends: at(3) });

    // Before the start: no banner anywhere, and the pages come from the cache the second time.
    for (const url of PAGES) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(bannerOf(response.body), url).toBeUndefined();
    }
    const before = hits();
    for (const url of PAGES) expect(bannerOf((await page(url)).body), url).toBeUndefined();
    expect(hits()).toBe(before + PAGES.length);

    // A minute before the start nothing changes, and the cache still answers.
    clock.set(new Date(Date.parse(at(1)) - 60_000));
    const stillBefore = hits();
    expect(bannerOf((await page('/')).body)).toBeUndefined();
    expect(hits()).toBe(stillBefore + 1);

    // At the start, with no write in between: the banner is on every page.
    clock.set(at(1));
    await newEpochCached();
    for (const url of PAGES) {
      const banner = bannerOf((await page(url)).body);
      expect(banner, url).toContain('<strong>Warning:</strong>');
      expect(banner, url).toContain(
        `<a href="/advisories#advisory-${advisory.id}">Water interruption in Poblacion</a>`,
      );
      expect(banner, url).toContain('No water from 8 AM to 5 PM for pipe repairs.');
    }
    const during = hits();
    for (const url of PAGES) expect(bannerOf((await page(url)).body), url).toContain('Warning:');
    expect(hits()).toBe(during + PAGES.length);
    const api = await page('/api/advisories');
    expect((api.json() as Advisory[]).map((item) => item.id)).toEqual([advisory.id]);

    // At the end it is gone from every page, and /advisories lists it as past.
    clock.set(at(3));
    for (const url of PAGES) expect(bannerOf((await page(url)).body), url).toBeUndefined();
    expect((await page('/api/advisories')).json()).toEqual([]);
    const archive = (await page('/advisories')).body;
    expect(section(archive, 'Past advisories')).toContain('Water interruption in Poblacion');
    expect(section(archive, 'In effect now')).toContain('No advisory is in effect right now.');
  });

  it('takes the banner down at once when ended early, keeping the advisory and its history', async () => {
    clock.set(at(10));
    let { api } = await officer();
    const posted = await api('POST', '/api/advisories', {
      severity: 'danger',
      title: 'Tropical Cyclone Wind Signal No. 2',
      text: 'Classes at all levels are suspended.',
      // The form's Manila date and time: 18:00 in Manila is 10:00 UTC, the clock's now.
      starts: '2026-07-01T18:00',
      ends: at(20),
    });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json() as Advisory;
    expect(bannerOf((await page('/history')).body)).toContain('<strong>Danger:</strong>');

    clock.set(at(11));
    // An hour on by the app's clock, which sessions read too: that session ended idle, so
    // the ending comes from a session opened now.
    ({ api } = await officer());
    const ended = await api('POST', `/api/advisories/${id}/end`, {
      reason: 'Signal lifted by PAGASA.',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      state: 'past',
      version: 2,
      ended: { at: at(11), reason: 'Signal lifted by PAGASA.' },
      history: [{ version: 2, action: 'ended', reason: 'Signal lifted by PAGASA.' }],
    });
    expect(bannerOf((await page('/history')).body)).toBeUndefined();
    const past = section((await page('/advisories')).body, 'Past advisories');
    expect(past).toContain('Tropical Cyclone Wind Signal No. 2');
    expect(past).toContain('Signal lifted by PAGASA.');

    const again = await api('POST', `/api/advisories/${id}/end`, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ENDED');
    const audit = await listAudit(testApp.site, { limit: 5, action: 'advisory-ended' });
    expect(audit[0]?.detail).toMatchObject({ id, role: 'information' });
  });

  it('refuses an end before the start, or already past, with 400 and nothing stored', async () => {
    clock.set(at(30));
    const count = () => valueOf(testApp.site, sql`SELECT count(*) FROM advisories`);
    const before = await count();
    const refusals = [
      { starts: at(33), ends: at(32), field: 'ends', message: 'The end must be after the start.' },
      { starts: at(20), ends: at(29), field: 'ends', message: 'already passed' },
      { starts: '2026-02-30T08:00', ends: at(32), field: 'starts', message: 'real date and time' },
    ];
    for (const { starts, ends, field, message } of refusals) {
      const refused = await post({
        severity: 'information',
        title: 'Road closure',
        text: 'Rizal Street closed.',
        starts,
        ends,
      });
      expect(refused.statusCode, starts).toBe(400);
      expect(refused.json().errors[field], starts).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('corrects with the version it was read at, refuses a stale one with 409, and keeps the history', async () => {
    clock.set(at(40));
    const { api } = await officer(['admin']);
    const posted = await api('POST', '/api/advisories', {
      severity: 'information',
      title: 'Power interruption',
      text: 'Brownout in Barangay San Jose.',
      starts: at(41),
      ends: at(44),
    });
    const { id } = posted.json() as Advisory;
    const corrected = await api('PATCH', `/api/advisories/${id}`, {
      ends: at(45),
      reason: 'Repairs take an hour more.',
      version: 1,
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      version: 2,
      ends: at(45),
      history: [
        {
          version: 2,
          action: 'amended',
          changes: [{ field: 'ends', before: at(44), after: at(45) }],
        },
      ],
    });
    const stale = await api('PATCH', `/api/advisories/${id}`, {
      title: 'Power interruption (extended)',
      reason: 'Clearer title.',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CHANGED_MEANWHILE');
    expect(stale.json().message).toContain('now version 2');
    const backwards = await api('PATCH', `/api/advisories/${id}`, {
      ends: at(40),
      reason: 'Oops.',
      version: 2,
    });
    expect(backwards.statusCode).toBe(400);
    const missing = await api('PATCH', '/api/advisories/999999', {
      title: 'x',
      reason: 'y',
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    const audit = await listAudit(testApp.site, { limit: 1, action: 'advisory-amended' });
    // An administrator without the information role corrected it: the audit names that role.
    expect(audit[0]).toMatchObject({ detail: { id, version: 2, role: 'admin' } });
  });

  it('answers 403 to a bac-only account on every advisory write, through the API and the staff page', async () => {
    clock.set(at(50));
    const { id } = (
      await post({
        severity: 'warning',
        title: 'Flood warning',
        text: 'Avoid the riverbank.',
        starts: at(50),
        ends: at(60),
      })
    ).json() as Advisory;
    const bac = await officer(['bac']);
    const count = () => valueOf(testApp.site, sql`SELECT max(version) FROM advisories`);
    const before = await count();
    const writes = [
      {
        method: 'POST' as const,
        url: '/api/advisories',
        payload: { severity: 'danger', title: 'x', text: 'y', starts: at(50), ends: at(51) },
      },
      {
        method: 'PATCH' as const,
        url: `/api/advisories/${id}`,
        payload: { title: 'x', reason: 'y', version: 1 },
      },
      { method: 'POST' as const, url: `/api/advisories/${id}/end`, payload: { reason: 'y' } },
    ];
    for (const write of writes) {
      const response = await bac.api(write.method, write.url, write.payload);
      expect(response.statusCode, write.url).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect((await bac.visitor.request({ url: '/api/staff/advisories' })).statusCode).toBe(403);

    const staffPage = await bac.visitor.request({ url: '/staff/advisories' });
    expect(staffPage.statusCode).toBe(403);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(staffPage.body)?.[1] ?? '';
    const forms: Record<string, string>[] = [
      {
        intent: 'post',
        severity: 'danger',
        title: 'x',
        text: 'y',
        starts: '2026-07-03T10:00',
        ends: '2026-07-03T12:00',
      },
      { intent: 'amend', id: String(id), version: '1', title: 'x', reason: 'y' },
      { intent: 'end', id: String(id), reason: 'y' },
    ];
    for (const form of forms) {
      const response = await sendForm(bac.visitor, csrf, form);
      expect(response.statusCode, form.intent).toBe(403);
    }
    expect(await count()).toBe(before);
    const refusals = await listAudit(testApp.site, { limit: 20, action: 'forbidden' });
    expect(
      refusals.filter((entry) => entry.detail.needed === 'information').length,
    ).toBeGreaterThanOrEqual(7);

    const anonymous = new ApiVisitor(testApp.app);
    const signedOut = await anonymous.request({
      method: 'POST',
      url: '/api/advisories',
      headers: { 'x-csrf-token': await anonymous.csrfToken() },
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
    const signedOutPage = await anonymous.request({ url: '/staff/advisories' });
    expect(signedOutPage.statusCode).toBe(302);
    expect(signedOutPage.headers.location).toBe('/bac-login');
  });

  it('posts, corrects and ends from the staff page without JavaScript', async () => {
    clock.set(at(70));
    const { visitor } = await officer();
    const form = await visitor.request({ url: '/staff/advisories' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    // The start defaults to now, in Manila time (70 hours after T0 is 2026-07-04 06:00 in Manila).
    expect(form.body).toMatch(/id="post-starts"[^>]*value="2026-07-04T06:00"/);
    const send = (fields: Record<string, string>) => sendForm(visitor, csrf, fields);
    const refused = await send({
      intent: 'post',
      severity: 'warning',
      title: 'Road closure on Rizal Street',
      text: 'Closed for the fiesta parade.',
      starts: '2026-07-04T06:00',
      ends: '2026-07-04T05:00',
    });
    expect(refused.statusCode).toBe(400);
    // What was typed is kept, and the error is beside its input.
    expect(refused.body).toContain('value="Road closure on Rizal Street"');
    expect(refused.body).toContain('The end must be after the start.');

    const posted = await send({
      intent: 'post',
      severity: 'warning',
      title: 'Road closure on Rizal Street',
      text: 'Closed for the fiesta parade.',
      starts: '2026-07-04T06:00',
      ends: '2026-07-04T18:00',
    });
    expect(posted.statusCode).toBe(303);
    const id = Number(/#advisory-(\d+)$/.exec(posted.headers.location as string)?.[1]);
    expect(bannerOf((await page('/')).body)).toContain('Road closure on Rizal Street');

    const corrected = await send({
      intent: 'amend',
      id: String(id),
      version: '1',
      severity: 'danger',
      title: 'Road closure on Rizal Street',
      text: 'Closed for the fiesta parade.',
      starts: '2026-07-04T06:00',
      ends: '2026-07-04T18:00',
      reason: 'More dangerous than thought.',
    });
    expect(corrected.statusCode).toBe(303);
    expect(bannerOf((await page('/')).body)).toContain('Danger:');
    const stale = await send({
      intent: 'amend',
      id: String(id),
      version: '1',
      title: 'x',
      severity: 'danger',
      text: 'y',
      starts: '2026-07-04T06:00',
      ends: '2026-07-04T18:00',
      reason: 'z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('What you typed is kept below.');

    const ended = await send({ intent: 'end', id: String(id), reason: 'Parade over early.' });
    expect(ended.statusCode).toBe(303);
    expect(bannerOf((await page('/')).body)).toBeUndefined();
  });

  it('keeps the staff page’s forms in Filipino from /fil/staff/advisories, refusals included', async () => {
    clock.set(at(200));
    const signedOut = await testApp.app.inject({ url: '/fil/staff/advisories' });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe('/fil/bac-login');

    const { visitor } = await officer();
    const form = await visitor.request({ url: '/fil/staff/advisories' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<html lang="fil"');
    expect(form.body).toContain('Mag-post ng paalala');
    expect(form.body).toContain('<option value="danger">Panganib</option>');
    expect(form.body).toContain('href="/fil/advisories"');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const send = (fields: Record<string, string>) =>
      visitor.request({
        method: 'POST',
        url: '/fil/staff/advisories',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
        },
        payload: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
      });
    const advisory = {
      intent: 'post',
      severity: 'warning',
      title: 'Walang tubig sa Poblacion',
      text: 'Aayusin ang tubo sa plaza.',
      starts: '2026-07-09T16:00',
      ends: '2026-07-09T15:00',
    };
    const backwards = await send(advisory);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('<html lang="fil"');
    expect(backwards.body).toContain('Ang wakas ay dapat pagkatapos ng simula.');
    expect(backwards.body).toContain('value="Walang tubig sa Poblacion"');
    // Only the service knows the time: its refusal comes in Filipino too.
    const over = await send({ ...advisory, starts: '2026-07-09T10:00', ends: '2026-07-09T12:00' });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('Lumipas na ang wakas');

    const posted = await send({ ...advisory, ends: '2026-07-09T20:00' });
    expect(posted.statusCode).toBe(303);
    const location = posted.headers.location as string;
    expect(location).toMatch(/^\/fil\/staff\/advisories\?done=posted#advisory-\d+$/);
    const id = /#advisory-(\d+)$/.exec(location)![1]!;
    const done = await visitor.request({ url: location.replace(/#.*/, '') });
    expect(done.body).toContain('Nai-post na ang paalala.');
    expect(done.body).toContain('Ipinapakita ngayon · bersiyon 1');

    const correction = { ...advisory, ends: '2026-07-09T20:00', intent: 'amend', id, version: '1' };
    const noReason = await send({ ...correction, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Ibigay ang dahilan ng pagbabagong ito');
    const corrected = await send({ ...correction, severity: 'danger', reason: 'Mas matagal' });
    expect(corrected.headers.location).toBe(`/fil/staff/advisories?done=amended#advisory-${id}`);
    const stale = await send({ ...correction, reason: 'Muli' });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Hindi na-save: Nabago na ang paalalang ito');

    const ended = await send({ intent: 'end', id, reason: 'Naayos na ang tubo.' });
    expect(ended.headers.location).toBe(`/fil/staff/advisories?done=ended#advisory-${id}`);
    expect((await visitor.request({ url: '/fil/staff/advisories?done=ended' })).body).toContain(
      'Tinapos na ang paalala: wala na ang banner nito.',
    );
  });

  it('lists active and past advisories on /advisories and in /advisories.atom', async () => {
    clock.set(at(100));
    const active = await post({
      severity: 'information',
      title: 'Free anti-rabies vaccination',
      text: 'At the municipal health office.',
      starts: at(100),
      ends: at(110),
    });
    expect(active.statusCode).toBe(201);
    const html = (await page('/advisories')).body;
    expect(section(html, 'In effect now')).toContain('Free anti-rabies vaccination');
    expect(section(html, 'Past advisories')).toContain('Water interruption in Poblacion');
    expect(section(html, 'Past advisories')).not.toContain('Free anti-rabies vaccination');

    // Relays on other sites may read the public answers from a browser.
    for (const url of ['/api/advisories', '/api/advisories/past', '/advisories.atom']) {
      const answer = await testApp.app.inject({
        url,
        headers: { origin: 'https://radio.example' },
      });
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
    }

    const feed = await page('/advisories.atom');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body).toContain(`<id>${SITE}/advisories.atom</id>`);
    expect(feed.body).toContain(
      '<title type="text">Information: Free anti-rabies vaccination</title>',
    );
    expect(feed.body).toContain(
      '<title type="text">Warning: Water interruption in Poblacion</title>',
    );
    expect(feed.body).toContain(
      '<title type="text">Ended: Danger: Tropical Cyclone Wind Signal No. 2</title>',
    );
    const { id } = active.json() as Advisory;
    expect(feed.body).toContain(`href="${SITE}/advisories#advisory-${id}"`);
    const etag = feed.headers.etag as string;
    const unchanged = await testApp.app.inject({
      url: '/advisories.atom',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('audits an advisory by an administrator without the information role as posted by the admin role', async () => {
    clock.set(at(200));
    const { api } = await officer(['admin']);
    const actor = `officer${officerCount}@example.gov.ph`;
    const posted = await api('POST', '/api/advisories', {
      severity: 'information',
      title: 'Office hours on the town fiesta',
      text: 'The municipal hall closes at noon.',
      starts: at(200),
      ends: at(210),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json() as Advisory;
    const ended = await api('POST', `/api/advisories/${id}/end`, { reason: 'Posted in error' });
    expect(ended.statusCode, ended.body).toBe(200);
    for (const action of ['advisory-posted', 'advisory-ended']) {
      const [entry] = await listAudit(testApp.site, { limit: 1, action, actor });
      expect({ action, role: entry?.detail.role }).toEqual({ action, role: 'admin' });
    }
  });
});
