import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  BUSY_RETRY_SECONDS,
  PASSWORD_CHECKS_AT_ONCE,
  PASSWORD_CHECKS_WAITING,
  SIGN_IN_LIMITS,
} from '../../server/auth/sign-in.ts';
import { KNOWN_DEVICE_COOKIE } from '../../server/auth/known-device.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'correct horse battery staple';

describe('sign-in throttle under concurrency', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let counter = 0;
  const newEmail = () => `throttle${++counter}@san-isidro.gov.ph`;
  /** A fresh client address for every visitor, so only the limit under test can apply. */
  const newAddress = () => `10.${++counter >> 16}.${(counter >> 8) & 255}.${counter & 255}`;

  async function storedAttempts(column: 'email' | 'address', value: string): Promise<number> {
    const row = await testApp.site.db
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

  /** Attempts in turn, in groups small enough for the password-check queue to take whole. */
  async function inGroups<T>(items: T[], send: (item: T) => Promise<LightMyRequestResponse>) {
    const responses: LightMyRequestResponse[] = [];
    const group = PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING;
    for (let start = 0; start < items.length; start += group) {
      responses.push(...(await Promise.all(items.slice(start, start + group).map(send))));
    }
    return responses;
  }

  const { perClient, perAccount, perAddress } = SIGN_IN_LIMITS;

  it('checks at most 5 of 30 simultaneous wrong passwords for one account from one address and refuses the rest with 429', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const address = newAddress();
    const visitors = await readyVisitors(Array.from({ length: 30 }, () => address));
    const responses = await Promise.all(
      visitors.map((visitor) => postSignIn(visitor, { email, password: 'wrong password' })),
    );
    const statuses = statusesOf(responses);
    expect(perClient.failures).toBe(5);
    expect(countOf(statuses, 401)).toBe(perClient.failures);
    expect(countOf(statuses, 429)).toBe(30 - perClient.failures);
    for (const response of responses.filter((item) => item.statusCode === 429)) {
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/Try again after/) });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(800);
    }
    expect(await storedAttempts('email', email)).toBe(perClient.failures);
  });

  it('lets no right password through in a burst of 60 from one address where it comes after wrong ones', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const address = newAddress();
    const visitors = await readyVisitors(Array.from({ length: 60 }, () => address));
    const responses = await Promise.all(
      visitors.map((visitor, index) =>
        postSignIn(visitor, { email, password: index === 59 ? PASSWORD : `wrong ${index}` }),
      ),
    );
    const statuses = statusesOf(responses);
    expect(countOf(statuses, 200)).toBe(0);
    expect(countOf(statuses, 401)).toBe(perClient.failures);
    expect(countOf(statuses, 429)).toBe(60 - perClient.failures);
  });

  it('stops a stranger at 5 failures, the right password too, while the owner signs in from elsewhere', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const stranger = newAddress();
    for (let attempt = 1; attempt <= perClient.failures; attempt++) {
      const [visitor] = await readyVisitors([stranger]);
      expect((await postSignIn(visitor!, { email, password: 'wrong' })).statusCode).toBe(401);
    }
    const visitors = await readyVisitors(Array.from({ length: 60 }, () => stranger));
    const responses = await Promise.all(
      visitors.map((visitor, index) =>
        postSignIn(visitor, { email, password: index % 2 === 0 ? PASSWORD : `wrong ${index}` }),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array.from({ length: 60 }, () => 429));
    // The owner, at another address and on a browser never used before, gets in.
    const owner = new ApiVisitor(testApp.app, newAddress());
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    // Signing in cleared only the owner's count: the stranger is still held.
    const [again] = await readyVisitors([stranger]);
    expect((await postSignIn(again!, { email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('holds guesses spread over many addresses at the account ceiling, but not a known device of the owner', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    // The owner signed in from this browser last week: it carries a known-device cookie.
    const owner = new ApiVisitor(testApp.app, newAddress());
    const signedIn = await owner.signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(owner.device).not.toBe('');
    const deviceCookie = signedIn.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE);
    // Out of page scripts' reach, sent with this site's own requests only, kept for 90 days.
    expect(deviceCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 90 * 24 * 60 * 60,
    });

    // Five guesses from the owner's office address, the rest each from an address of its own.
    const office = newAddress();
    const attackers = await readyVisitors([
      ...Array.from({ length: perClient.failures }, () => office),
      ...Array.from({ length: perAccount.failures - perClient.failures }, newAddress),
    ]);
    const responses = await inGroups(attackers, (visitor) =>
      postSignIn(visitor, { email, password: 'guess' }),
    );
    expect(statusesOf(responses)).toEqual(Array.from({ length: perAccount.failures }, () => 401));
    // The next guess, from yet another address, is refused unchecked: the right password too.
    for (const password of ['guess', PASSWORD]) {
      const [late] = await readyVisitors([newAddress()]);
      const refused = await postSignIn(late!, { email, password });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    // The owner's known browser is counted on its own, and gets in.
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    // Even at the office address, where a stranger is held by both limits.
    const atOffice = new ApiVisitor(testApp.app, office);
    expect((await atOffice.signIn(email, PASSWORD)).statusCode).toBe(429);
    atOffice.device = owner.device;
    expect((await atOffice.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts a known device on its own, 5 guesses like any client, and a forged cookie as no device', async () => {
    const email = newEmail();
    await addStaffAccount(testApp.config, email, PASSWORD);
    const seat = newAddress();
    const owner = new ApiVisitor(testApp.app, seat);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    const stranger = new ApiVisitor(testApp.app, seat);
    const strangerStatuses: number[] = [];
    for (let attempt = 0; attempt <= perClient.failures; attempt++) {
      strangerStatuses.push((await stranger.signIn(email, `guess ${attempt}`)).statusCode);
    }
    expect(strangerStatuses).toEqual([
      ...Array.from({ length: perClient.failures }, () => 401),
      429,
    ]);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    const ownerStatuses: number[] = [];
    for (let attempt = 0; attempt < perClient.failures; attempt++) {
      ownerStatuses.push((await owner.signIn(email, `typo ${attempt}`)).statusCode);
    }
    ownerStatuses.push((await owner.signIn(email, PASSWORD)).statusCode);
    expect(ownerStatuses).toEqual([...Array.from({ length: perClient.failures }, () => 401), 429]);
    const forged = new ApiVisitor(testApp.app, seat);
    forged.device = `${owner.device.split('=')[0]}=${encodeURIComponent('AAAA;BBBB')}`;
    expect((await forged.signIn(email, PASSWORD)).statusCode).toBe(429);
  });

  it('lets the rest of an office in behind one address when one of them has mistyped 5 times', async () => {
    const office = newAddress();
    const [clumsy, careful] = [newEmail(), newEmail()];
    await addStaffAccount(testApp.config, clumsy, PASSWORD);
    await addStaffAccount(testApp.config, careful, PASSWORD);
    for (let attempt = 1; attempt <= perClient.failures; attempt++) {
      const [visitor] = await readyVisitors([office]);
      expect((await postSignIn(visitor!, { email: clumsy, password: 'wrong' })).statusCode).toBe(
        401,
      );
    }
    expect((await new ApiVisitor(testApp.app, office).signIn(careful, PASSWORD)).statusCode).toBe(
      200,
    );
  });

  it('checks at most 50 attempts from one address at different accounts, then refuses with 429', async () => {
    const address = newAddress();
    const attempts = perAddress.failures + 10;
    const visitors = await readyVisitors(Array.from({ length: attempts }, () => address));
    const responses = await inGroups(visitors, (visitor) =>
      postSignIn(visitor, { email: newEmail(), password: 'guess' }),
    );
    const statuses = statusesOf(responses);
    expect(perAddress.failures).toBe(50);
    expect(statuses).toEqual([
      ...Array.from({ length: perAddress.failures }, () => 401),
      ...Array.from({ length: 10 }, () => 429),
    ]);
    expect(await storedAttempts('address', address)).toBe(perAddress.failures);
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
    const email = newEmail();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= perClient.failures + 3; attempt++) {
      const spoofed = `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const visitor = new ApiVisitor(testApp.app, `${spoofed}, ${realClient}`);
      const response = await visitor.signIn(email, 'guess');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: perClient.failures }, () => 401),
      429,
      429,
      429,
    ]);
    expect(await storedAttempts('address', realClient)).toBe(perClient.failures);
  });
});
