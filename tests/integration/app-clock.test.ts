/**
 * One clock: a staff write takes its times from the app's clock (app.clock), as the pages,
 * the render cache and the alert sender do, so a test moves time for all of them at once
 * by setting that clock, and nothing fakes the global Date.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/site-database.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';

const PASSWORD = 'the town clock in the plaza';
/** Years from the system's time, so a write stamped by the system's clock cannot pass; minutes apart, within the session's idle limit. */
const ADDED_AT = '2031-05-06T07:08:09.000Z';
const AMENDED_AT = '2031-05-06T07:18:09.000Z';
const WITHDRAWN_AT = '2031-05-06T07:28:09.000Z';

describe("staff writes on the app's clock", () => {
  const clock = testClock(ADDED_AT);
  const testApp = useTestApp({ TRUST_PROXY: '1' }, { clock });
  let visitor: ApiVisitor;
  let token: string;

  beforeAll(async () => {
    ({ visitor } = await signedInStaff(testApp, 'clock@san-isidro.gov.ph', PASSWORD));
    token = await visitor.csrfToken();
    // Someone to tell, as a server with SMTP_URL and a confirmed subscriber would have:
    // only then does a write queue its alert in the outbox.
    const { db } = testApp.site;
    await sql`UPDATE alert_sender_state SET enabled = 1`.execute(db);
    await sql`INSERT INTO alert_subscriptions (email, lists, frequency, nonce, created, confirmed_at)
      VALUES ('resident@example.org', '["reports"]', 'immediate', 'n', ${ADDED_AT}, ${ADDED_AT})`.execute(
      db,
    );
  });

  const outbox = (id: number) =>
    queryRows(
      testApp.site,
      () => sql`SELECT event, created FROM alert_outbox
        WHERE collection = 'reports' AND record_id = ${id} ORDER BY id`,
    );

  it('stamps a record add, its correction and its withdrawal, and their outbox rows, with the app clock', async () => {
    const added = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: {
        title: 'Annual Procurement Plan 2031',
        report_description: 'Consolidated plan of all offices',
        link: 'https://example.org/app-2031.pdf',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id, created } = added.json() as { id: number; created: string };
    expect(created).toBe(ADDED_AT);

    clock.set(AMENDED_AT);
    const amended = await visitor.request({
      method: 'PATCH',
      url: `/api/records/reports/${id}`,
      headers: { 'x-csrf-token': token },
      payload: {
        fields: { title: 'Annual Procurement Plan 2031, revised' },
        reason: 'Typo in the title',
        version: 1,
      },
    });
    expect(amended.statusCode, amended.body).toBe(200);

    clock.set(WITHDRAWN_AT);
    const withdrawn = await visitor.request({
      method: 'POST',
      url: `/api/records/reports/${id}/withdrawal`,
      headers: { 'x-csrf-token': token },
      payload: { reason: 'Posted under the wrong office' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    expect(
      await testApp.site.db
        .selectFrom('reports')
        .select(['created', 'updated'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ created: ADDED_AT, updated: WITHDRAWN_AT });
    expect(await outbox(id)).toEqual([
      { event: 'posted', created: ADDED_AT },
      { event: 'amended', created: AMENDED_AT },
      { event: 'withdrawn', created: WITHDRAWN_AT },
    ]);
  });
});

describe("sign-ins, account changes and open data on the app's clock", () => {
  const SIGNED_IN_AT = '2031-05-06T08:00:00.000Z';
  const DISABLED_AT = '2031-05-06T08:05:00.000Z';
  const clock = testClock(SIGNED_IN_AT);
  const testApp = useTestApp(
    { TRUST_PROXY: '1', SITE_URL: 'https://www.san-isidro.example.gov.ph' },
    { clock },
  );
  const lastSignIn = async (email: string) =>
    (
      await testApp.site.db
        .selectFrom('staff_users')
        .select('last_sign_in')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).last_sign_in;

  it('stamps the last sign-in, the sessions a disabling ends and an OCDS package with the app clock', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'chief@san-isidro.gov.ph', PASSWORD, [
      'admin',
    ]);
    const clerk = 'clerk@san-isidro.gov.ph';
    await signedInStaff(testApp, clerk, PASSWORD);
    expect(await lastSignIn(clerk)).toBe(SIGNED_IN_AT);

    clock.set(DISABLED_AT);
    const disabled = await admin.request({
      method: 'PATCH',
      url: `/api/staff-accounts/${encodeURIComponent(clerk)}`,
      headers: { 'x-csrf-token': await admin.csrfToken() },
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const revoked = await testApp.site.db
      .selectFrom('staff_sessions')
      .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.account_id')
      .select('staff_sessions.revoked_at')
      .where('staff_users.email', '=', clerk)
      .execute();
    expect(revoked.map((session) => session.revoked_at)).toEqual([DISABLED_AT]);

    const releases = await testApp.app.inject({ url: '/ocds/releases.json' });
    expect(releases.statusCode).toBe(200);
    expect(releases.json()).toMatchObject({ publishedDate: DISABLED_AT });
  });
});

describe('no test fakes the global Date', () => {
  it('finds no fake timers or system-time setting in the tests', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = await readFile(file, 'utf8');
      // Spelled apart, so this file does not find itself.
      for (const call of ['useFake' + 'Timers', 'setSystem' + 'Time']) {
        if (text.includes(call)) offenders.push(`${path.relative(root, file)}: ${call}`);
      }
    }
    expect(offenders, 'use the app clock (tests/helpers/test-clock.ts) instead').toEqual([]);
  });
});
