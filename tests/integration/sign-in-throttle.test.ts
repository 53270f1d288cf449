import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import {
  BUSY_RETRY_SECONDS,
  MAX_FAILURES,
  PASSWORD_CHECKS_AT_ONCE,
  PASSWORD_CHECKS_WAITING,
} from '../../server/auth/sign-in.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'correct horse battery staple';

describe('sign-in throttle under concurrency', () => {
  let testApp: TestApp;
  /** A second connection to the app's file, as another process would see it. */
  let database: AppDatabase;
  let counter = 0;
  const newEmail = () => `throttle${++counter}@san-isidro.gov.ph`;
  /** A fresh client address for every visitor, so only the limit under test can apply. */
  const newAddress = () => `10.${++counter >> 16}.${(counter >> 8) & 255}.${counter & 255}`;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1' });
    database = openDatabase(databasePath(testApp.config.dataDir));
  });
  afterAll(async () => {
    await database.close();
    await testApp.close();
  });

  async function storedAttempts(column: 'email' | 'address', value: string): Promise<number> {
    const row = await database.db
      .selectFrom('sign_in_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Visitors that already hold a session cookie and CSRF token, ready to post at once. */
  async function readyVisitors(addresses: string[]) {
    return Promise.all(
      addresses.map(async (address) => {
        const visitor = new ApiVisitor(testApp.app, address);
        return { visitor, token: await visitor.csrfToken() };
      }),
    );
  }

  function postSignIn(
    { visitor, token }: { visitor: ApiVisitor; token: string },
    credentials: { email: string; password: string },
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return visitor.request({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf-token': token, ...headers },
      payload: credentials,
    });
  }

  const statusesOf = (responses: LightMyRequestResponse[]) =>
    responses.map((response) => response.statusCode);
  const countOf = (statuses: number[], status: number) =>
    statuses.filter((code) => code === status).length;

  it('checks at most 5 of 30 simultaneous wrong passwords for one account and refuses the rest with 429', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config.dataDir, email, PASSWORD);
    const visitors = await readyVisitors(Array.from({ length: 30 }, newAddress));
    const responses = await Promise.all(
      visitors.map((visitor) => postSignIn(visitor, { email, password: 'wrong password' })),
    );
    const statuses = statusesOf(responses);
    expect(countOf(statuses, 401)).toBe(MAX_FAILURES);
    expect(countOf(statuses, 429)).toBe(30 - MAX_FAILURES);
    for (const response of responses.filter((item) => item.statusCode === 429)) {
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/Try again after/) });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(800);
    }
    expect(await storedAttempts('email', email)).toBe(MAX_FAILURES);
  });

  it('lets no right password through in a burst of 60 where it comes after wrong ones', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config.dataDir, email, PASSWORD);
    const visitors = await readyVisitors(Array.from({ length: 60 }, newAddress));
    const responses = await Promise.all(
      visitors.map((visitor, index) =>
        postSignIn(visitor, { email, password: index === 59 ? PASSWORD : `wrong ${index}` }),
      ),
    );
    const statuses = statusesOf(responses);
    expect(countOf(statuses, 200)).toBe(0);
    expect(countOf(statuses, 401)).toBe(MAX_FAILURES);
    expect(countOf(statuses, 429)).toBe(60 - MAX_FAILURES);
  });

  it('refuses every one of 60 simultaneous attempts, the right password too, after 5 failures', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config.dataDir, email, PASSWORD);
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt++) {
      const [visitor] = await readyVisitors([newAddress()]);
      expect((await postSignIn(visitor!, { email, password: 'wrong' })).statusCode).toBe(401);
    }
    const visitors = await readyVisitors(Array.from({ length: 60 }, newAddress));
    const responses = await Promise.all(
      visitors.map((visitor, index) =>
        postSignIn(visitor, { email, password: index % 2 === 0 ? PASSWORD : `wrong ${index}` }),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array.from({ length: 60 }, () => 429));
  });

  it('checks at most 5 of 30 simultaneous attempts from one address at different accounts', async () => {
    const address = newAddress();
    const visitors = await readyVisitors(Array.from({ length: 30 }, () => address));
    const responses = await Promise.all(
      visitors.map((visitor) => postSignIn(visitor, { email: newEmail(), password: 'guess' })),
    );
    const statuses = statusesOf(responses);
    expect(countOf(statuses, 401)).toBe(MAX_FAILURES);
    expect(countOf(statuses, 429)).toBe(30 - MAX_FAILURES);
    expect(await storedAttempts('address', address)).toBe(MAX_FAILURES);
  });

  it('refuses a burst beyond the password-check queue with 503 and Retry-After, without using up tries', async () => {
    const burst = 60;
    const addresses = Array.from({ length: burst }, newAddress);
    const visitors = await readyVisitors(addresses);
    const responses = await Promise.all(
      visitors.map((visitor) => postSignIn(visitor, { email: newEmail(), password: 'guess' })),
    );
    const statuses = statusesOf(responses);
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(
      burst - 2 * (PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING),
    );
    expect(countOf(statuses, 401) + busy.length).toBe(burst);
    for (const response of busy) {
      expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_SECONDS));
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/Try again/) });
    }
    const counted = await Promise.all(
      addresses.map((address) => storedAttempts('address', address)),
    );
    expect(counted).toEqual(statuses.map((status) => (status === 401 ? 1 : 0)));
  });

  it('keeps counting the real client when a proxy-trusting server gets a spoofed left-most X-Forwarded-For', async () => {
    const realClient = '203.0.113.7';
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= MAX_FAILURES + 3; attempt++) {
      const spoofed = `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const visitor = new ApiVisitor(testApp.app, `${spoofed}, ${realClient}`);
      const response = await visitor.signIn(newEmail(), 'guess');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: MAX_FAILURES }, () => 401), 429, 429, 429]);
    expect(await storedAttempts('address', realClient)).toBe(MAX_FAILURES);
  });
});
