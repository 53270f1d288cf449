import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableStaff } from '../../db/staff-accounts/staff-accounts.ts';
import {
  IDLE_TIMEOUT_MS,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from '../../server/plugins/staff-session.ts';
import { cli } from './cli-harness.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp, type TestApp, useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'correct horse battery staple';
const award = {
  pr_number: 'PR-2026-0042',
  project_title: 'Supply of school chairs',
  supplier: 'Santos Trading',
  mode_of_procurement: 'Public Bidding',
  link: 'https://example.org/award-42.pdf',
};

let counter = 0;
const newEmail = () => `session${++counter}@san-isidro.gov.ph`;

describe('server-side staff sessions', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  async function signedIn() {
    const email = newEmail();
    const { visitor, account } = await signedInStaff(testApp, email, PASSWORD);
    return { visitor, email, account, token: await visitor.csrfToken() };
  }

  async function awardCount(): Promise<number> {
    const response = await testApp.app.inject({ url: '/api/records/notice_of_awards' });
    return (response.json() as { total: number }).total;
  }

  /** A write with a saved cookie and CSRF token, as someone replaying them would send it. */
  function replayWrite(cookie: string, token: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/records/notice_of_awards',
      headers: { cookie, 'x-csrf-token': token },
      payload: award,
    });
  }

  function sessionIdIn(cookie: string): string {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const sid = testApp.app.decodeSecureSession(value)?.get('sid');
    if (typeof sid !== 'string') throw new Error('the cookie holds no session id');
    return sid;
  }

  it('refuses a cookie saved before sign-out: 401 and nothing stored', async () => {
    const { visitor, token } = await signedIn();
    const saved = visitor.cookie;
    expect((await replayWrite(saved, token)).statusCode).toBe(201);
    const before = await awardCount();

    const signOut = await visitor.request({
      method: 'DELETE',
      url: '/api/session',
      headers: { 'x-csrf-token': token },
    });
    expect(signOut.statusCode).toBe(204);

    const replay = await replayWrite(saved, token);
    expect(replay.statusCode).toBe(401);
    expect(await awardCount()).toBe(before);
    const session = await testApp.app.inject({ url: '/api/session', headers: { cookie: saved } });
    expect(session.json()).toMatchObject({ user: null });
  });

  it('keeps the session in the table by a hash of its id and marks it revoked on sign-out', async () => {
    const { visitor, account, token } = await signedIn();
    const sid = sessionIdIn(visitor.cookie);
    const rows = () =>
      testApp.site.db
        .selectFrom('staff_sessions')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
    expect(await rows()).toEqual([
      {
        id_hash: createHash('sha256').update(sid).digest('base64url'),
        account_id: account.id,
        created: expect.any(String),
        last_seen: expect.any(String),
        revoked_at: null,
      },
    ]);
    await visitor.request({
      method: 'DELETE',
      url: '/api/session',
      headers: { 'x-csrf-token': token },
    });
    expect((await rows())[0]?.revoked_at).toEqual(expect.any(String));
  });

  it('treats a validly sealed cookie as no session unless the table holds its id', async () => {
    const { account } = await signedIn();
    const now = Date.now();
    for (const claims of [
      // What a cookie of the account held before sessions were kept on the server.
      { uid: account.id, ver: 1, iat: now, seen: now },
      { sid: 'an id the server never issued' },
    ]) {
      const sealed = testApp.app.encodeSecureSession(testApp.app.createSecureSession(claims));
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(sealed)}`;
      const session = await testApp.app.inject({ url: '/api/session', headers: { cookie } });
      expect(session.json()).toMatchObject({ user: null });
    }
  });

  it('ends a session whose last request, as the table records it, is over 30 minutes ago', async () => {
    const { visitor, account, token } = await signedIn();
    await testApp.site.db
      .updateTable('staff_sessions')
      .set({ last_seen: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000).toISOString() })
      .where('account_id', '=', account.id)
      .execute();
    const before = await awardCount();
    expect((await replayWrite(visitor.cookie, token)).statusCode).toBe(401);
    expect(await awardCount()).toBe(before);
  });

  it('ends an open session when the account is disabled through the db function', async () => {
    const { visitor, email, token } = await signedIn();
    expect(await disableStaff(testApp.site, email)).toBe(true);
    expect((await replayWrite(visitor.cookie, token)).statusCode).toBe(401);
  });

  it(
    'ends open sessions when the command line disables an account or resets its password',
    { timeout: 120_000 },
    async () => {
      const disabled = await signedIn();
      const reset = await signedIn();
      const before = await awardCount();

      // The command line on the database the app serves from, as an operator runs it.
      const { databaseUrl } = testApp.config;
      const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
      const disabling = await cli(
        testApp.config.dataDir,
        ['users', 'disable', disabled.email],
        undefined,
        env,
      );
      expect(disabling.code).toBe(0);
      const resetting = await cli(
        testApp.config.dataDir,
        ['users', 'reset-password', reset.email, '--password-stdin'],
        'lantern-harbour-tamarind-8\n',
        env,
      );
      expect(resetting.code).toBe(0);

      expect((await replayWrite(disabled.visitor.cookie, disabled.token)).statusCode).toBe(401);
      expect((await replayWrite(reset.visitor.cookie, reset.token)).statusCode).toBe(401);
      expect(await awardCount()).toBe(before);
    },
  );
});

describe('the session cookie over HTTPS (COOKIE_SECURE=true)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1', COOKIE_SECURE: 'true' });
  });
  afterAll(() => testApp.close());

  it('is named __Host-bac_session, Secure, Path=/ and without Domain, and keeps the staff member signed in', async () => {
    const email = newEmail();
    const { visitor, response } = await signedInStaff(testApp, email, PASSWORD);

    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toContain(SECURE_SESSION_COOKIE);
    expect(names).not.toContain(SESSION_COOKIE);
    const header = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith(`${SECURE_SESSION_COOKIE}=`));
    const attributes = (header ?? '')
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('httponly');
    expect(attributes.some((attribute) => attribute.startsWith('domain'))).toBe(false);

    expect(visitor.cookie.startsWith(`${SECURE_SESSION_COOKIE}=`)).toBe(true);
    const session = await visitor.request({ url: '/api/session' });
    expect(session.json()).toMatchObject({ user: { email } });
    const write = await visitor.request({
      method: 'POST',
      url: '/api/records/notice_of_awards',
      headers: { 'x-csrf-token': (session.json() as { csrfToken: string }).csrfToken },
      payload: award,
    });
    expect(write.statusCode).toBe(201);
  });
});
