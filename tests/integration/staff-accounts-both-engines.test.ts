import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSignInFailures,
  deviceClient,
  releaseSignInAttempt,
  reserveSignInAttempt,
  type SignInLimits,
} from '../../db/staff-accounts/sign-in-failures.ts';
import {
  accountsAwaitingPassword,
  findPasswordLink,
  insertPasswordLink,
  linkState,
  markLinkUsed,
  replaceOpenLinks,
  revokeOpenLinks,
} from '../../db/staff-accounts/password-links.ts';
import {
  duePasswordMail,
  forgetPasswordMail,
  markPasswordMailAttempt,
  requestPasswordResetLink,
} from '../../db/staff-accounts/password-reset.ts';
import {
  AccountRuleError,
  changeStaffAccount,
  changeStaffRoles,
  createStaff,
  disableStaff,
  DuplicateEmailError,
  enableStaff,
  findStaffByEmail,
  listStaff,
  resetStaffPassword,
  setPasswordWithLink,
} from '../../db/staff-accounts/staff-accounts.ts';
import {
  liveSessionAccount,
  openStaffSession,
  revokeAccountSessions,
  revokeStaffSession,
} from '../../db/staff-accounts/staff-sessions.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const MINUTE = 60_000;
const LIMITS: SignInLimits = {
  perClient: { failures: 3, windowMs: 15 * MINUTE },
  perAccount: { failures: 5, windowMs: 60 * MINUTE },
  perAddress: { failures: 4, windowMs: 15 * MINUTE },
};
const T0 = Date.parse('2026-11-28T00:00:00.000Z');

function at(minutes: number): Date {
  return new Date(T0 + minutes * MINUTE);
}

async function failureRows({ db }: SiteDatabase) {
  return db
    .selectFrom('sign_in_failures')
    .select(['email', 'address', 'at'])
    .orderBy('id')
    .execute();
}

/** The audit log, oldest first, its details parsed. */
async function auditEntries({ db }: SiteDatabase) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'detail'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail) as unknown }));
}

describeOnBothEngines('staff accounts', (engine, engineName) => {
  describe('sign-in failures', () => {
    beforeEach(async () => {
      await sql`DELETE FROM sign_in_failures`.execute(engine.site().db);
    });

    const reserve = (
      database: SiteDatabase,
      email: string,
      address: string,
      now: Date,
      device?: string,
    ) => reserveSignInAttempt(database, { email, address, device, now, limits: LIMITS });

    it('refuses the attempt past the per-client limit until the oldest leaves the window', async () => {
      const site = engine.site();
      for (let i = 0; i < 3; i++) {
        expect((await reserve(site, 'a@x.ph', '10.0.0.1', at(i))).ok).toBe(true);
      }
      expect(await reserve(site, 'a@x.ph', '10.0.0.1', at(5))).toEqual({
        ok: false,
        retryAt: at(15),
      });
      // Another address is another client; the refused attempt was not counted.
      expect((await reserve(site, 'a@x.ph', '10.0.0.2', at(5))).ok).toBe(true);
      expect(await failureRows(site)).toHaveLength(4);
      // Once the oldest has left the window, one more is let through.
      expect((await reserve(site, 'a@x.ph', '10.0.0.1', at(15.5))).ok).toBe(true);
    });

    it('counts the per-account and per-address limits, but not against a known device', async () => {
      const site = engine.site();
      for (let i = 0; i < 4; i++) {
        expect((await reserve(site, `u${i}@x.ph`, '10.0.0.9', at(i))).ok).toBe(true);
      }
      expect(await reserve(site, 'other@x.ph', '10.0.0.9', at(4))).toEqual({
        ok: false,
        retryAt: at(15),
      });
      // The owner's known browser on the same address is not held by the address's limit.
      const device = deviceClient('dev-1');
      const fromDevice = await reserve(site, 'other@x.ph', '10.0.0.9', at(4), device);
      expect(fromDevice.ok).toBe(true);
      expect((await failureRows(site)).at(-1)).toEqual({
        email: 'other@x.ph',
        address: device,
        at: at(4).toISOString(),
      });
      for (let i = 0; i < 5; i++) {
        expect((await reserve(site, 'boss@x.ph', `10.1.0.${i}`, at(5 + i))).ok).toBe(true);
      }
      expect(await reserve(site, 'boss@x.ph', '10.1.0.99', at(11))).toEqual({
        ok: false,
        retryAt: at(65),
      });
      expect((await reserve(site, 'boss@x.ph', '10.1.0.99', at(11), device)).ok).toBe(true);
    });

    it('deletes attempts older than the longest window', async () => {
      const site = engine.site();
      await reserve(site, 'a@x.ph', '10.0.0.1', at(0));
      await reserve(site, 'b@x.ph', '10.0.0.2', at(61));
      expect((await failureRows(site)).map((row) => row.email)).toEqual(['b@x.ph']);
    });

    it('releases one reservation, and clears the client’s own failures on success', async () => {
      const site = engine.site();
      const first = await reserve(site, 'a@x.ph', '10.0.0.1', at(0));
      await reserve(site, 'a@x.ph', '10.0.0.2', at(1));
      const third = await reserve(site, 'a@x.ph', '10.0.0.1', at(2));
      const fourth = await reserve(site, 'a@x.ph', '10.0.0.1', at(3));
      if (!first.ok || !third.ok || !fourth.ok) throw new Error('not reserved');
      await releaseSignInAttempt(site, fourth.id);
      expect(await failureRows(site)).toHaveLength(3);
      await clearSignInFailures(site, third.id);
      expect(await failureRows(site)).toEqual([
        { email: 'a@x.ph', address: '10.0.0.2', at: at(1).toISOString() },
      ]);
    });

    it('holds the limit for attempts through two connections, as from two processes', async () => {
      const first = engine.site();
      const second = engine.another();
      const attempt = (i: number) =>
        reserve(i % 2 === 0 ? first : second, 'a@x.ph', '10.0.0.1', at(0));
      let results;
      if (engineName === 'postgres') {
        // All at once: each waits for the reservation before it to commit.
        results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i)));
      } else {
        // One thread cannot hold two SQLite connections' transactions open at once (the
        // second's busy wait would block the first): they alternate.
        results = [];
        for (let i = 0; i < 12; i++) results.push(await attempt(i));
      }
      expect(results.filter((result) => result.ok)).toHaveLength(3);
      expect(await failureRows(first)).toHaveLength(3);
    });
  });

  describe('staff sessions', () => {
    const HOUR = 60 * MINUTE;
    const LIMITS = { idleMs: HOUR, absoluteMs: 8 * HOUR, seenResolutionMs: MINUTE };
    let accountId: number;
    let otherId: number;

    beforeEach(async () => {
      const { db } = engine.site();
      await sql`DELETE FROM staff_sessions`.execute(db);
      await sql`DELETE FROM staff_users`.execute(db);
      const insert = (email: string) =>
        db
          .insertInto('staff_users')
          .values({ email, display_name: email, password_hash: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow();
      accountId = (await insert('s1@x.ph')).id;
      otherId = (await insert('s2@x.ph')).id;
    });

    const live = (database: SiteDatabase, sid: string, now: number) =>
      liveSessionAccount(database, sid, { now, ...LIMITS });
    const lastSeen = async () =>
      (
        await engine
          .site()
          .db.selectFrom('staff_sessions')
          .select('last_seen')
          .orderBy('created')
          .execute()
      ).map((row) => row.last_seen);

    it('opens a session stored by hash, and renews its idle time at most once a resolution', async () => {
      const site = engine.site();
      const sid = await openStaffSession(site, accountId, {
        now: T0,
        absoluteMs: LIMITS.absoluteMs,
      });
      const rows = await site.db.selectFrom('staff_sessions').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id_hash).not.toBe(sid);
      expect(rows[0]!.account_id).toBe(accountId);
      expect(await live(site, sid, T0 + 30_000)).toBe(accountId);
      expect(await lastSeen()).toEqual([new Date(T0).toISOString()]);
      expect(await live(site, sid, T0 + 50 * MINUTE)).toBe(accountId);
      expect(await lastSeen()).toEqual([new Date(T0 + 50 * MINUTE).toISOString()]);
      // Idle for longer than the limit since the last renewal.
      expect(await live(site, sid, T0 + 111 * MINUTE)).toBeUndefined();
      expect(await live(site, 'no-such-session', T0)).toBeUndefined();
    });

    it('ends at the absolute limit, and a new session deletes the ones past it', async () => {
      const site = engine.site();
      const sid = await openStaffSession(site, accountId, {
        now: T0,
        absoluteMs: LIMITS.absoluteMs,
      });
      let now = T0;
      for (; now < T0 + 8 * HOUR - 30 * MINUTE; now += 30 * MINUTE) {
        expect(await live(site, sid, now)).toBe(accountId);
      }
      expect(await live(site, sid, T0 + 8 * HOUR)).toBeUndefined();
      await openStaffSession(site, otherId, { now: T0 + 8 * HOUR, absoluteMs: LIMITS.absoluteMs });
      const rows = await site.db.selectFrom('staff_sessions').select('account_id').execute();
      expect(rows).toEqual([{ account_id: otherId }]);
    });

    it('refuses a session revoked through another connection', async () => {
      const site = engine.site();
      const another = engine.another();
      const sid = await openStaffSession(site, accountId, {
        now: T0,
        absoluteMs: LIMITS.absoluteMs,
      });
      expect(await live(another, sid, T0 + 1000)).toBe(accountId);
      await revokeStaffSession(another, sid, T0 + 2000);
      expect(await live(site, sid, T0 + 3000)).toBeUndefined();
      const rows = await site.db.selectFrom('staff_sessions').select('revoked_at').execute();
      expect(rows).toEqual([{ revoked_at: new Date(T0 + 2000).toISOString() }]);
    });

    it('revokes every session of one account only, and with the transaction it is given', async () => {
      const site = engine.site();
      const absoluteMs = LIMITS.absoluteMs;
      const first = await openStaffSession(site, accountId, { now: T0, absoluteMs });
      const second = await openStaffSession(site, accountId, { now: T0 + 1, absoluteMs });
      const others = await openStaffSession(site, otherId, { now: T0 + 2, absoluteMs });
      // A change that fails after revoking takes the revocation back with it.
      await expect(
        writeTransaction(site, async (transaction) => {
          await revokeAccountSessions(transaction, accountId, T0 + 10);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await live(site, first, T0 + 20)).toBe(accountId);
      await revokeAccountSessions(engine.another(), accountId, T0 + 30);
      expect(await live(site, first, T0 + 40)).toBeUndefined();
      expect(await live(site, second, T0 + 40)).toBeUndefined();
      expect(await live(site, others, T0 + 40)).toBe(otherId);
    });
  });

  describe('password links', () => {
    let accountId: number;
    let otherId: number;
    const iso = (minutes: number) => at(minutes).toISOString();
    const link = (token: string, created: number, expires: number) => ({
      tokenSha256: token,
      created: iso(created),
      expires: iso(expires),
    });
    const linkRows = () =>
      engine
        .site()
        .db.selectFrom('staff_password_links')
        .select(['account_id', 'token_sha256', 'ended', 'ended_by'])
        .orderBy('id')
        .execute();

    beforeEach(async () => {
      const { db } = engine.site();
      await sql`DELETE FROM staff_users`.execute(db);
      const insert = (email: string, active: number) =>
        db
          .insertInto('staff_users')
          .values({ email, display_name: email, password_hash: 'x', active })
          .returning('id')
          .executeTakeFirstOrThrow();
      accountId = (await insert('l1@x.ph', 1)).id;
      otherId = (await insert('l2@x.ph', 0)).id;
    });

    it('stores a link ending the earlier ones, and finds it by its token with its account', async () => {
      const site = engine.site();
      const first = await insertPasswordLink(site, accountId, link('t1', 0, 60));
      const second = await insertPasswordLink(site, accountId, link('t2', 5, 65));
      await insertPasswordLink(site, otherId, link('t3', 6, 66));
      expect(second).toBeGreaterThan(first);
      expect(await linkRows()).toEqual([
        { account_id: accountId, token_sha256: 't1', ended: iso(5), ended_by: 'replaced' },
        { account_id: accountId, token_sha256: 't2', ended: null, ended_by: null },
        { account_id: otherId, token_sha256: 't3', ended: null, ended_by: null },
      ]);
      const found = await findPasswordLink(site, 't2');
      expect(found).toEqual({
        id: second,
        accountId,
        email: 'l1@x.ph',
        accountActive: true,
        expires: iso(65),
        ended: null,
        endedBy: null,
      });
      expect(linkState(found, iso(10))).toBe('valid');
      expect(linkState(found, iso(65))).toBe('expired');
      expect(linkState(await findPasswordLink(site, 't1'), iso(10))).toBe('replaced');
      expect(linkState(await findPasswordLink(site, 't3'), iso(10))).toBe('disabled');
      expect(await findPasswordLink(site, 'nothing')).toBeUndefined();
      expect([...(await accountsAwaitingPassword(site, iso(10)))].sort()).toEqual(
        [accountId, otherId].sort(),
      );
      expect([...(await accountsAwaitingPassword(site, iso(65.5)))]).toEqual([otherId]);
    });

    it('marks a link used once, through either connection', async () => {
      const id = await insertPasswordLink(engine.site(), accountId, link('t1', 0, 60));
      expect(await markLinkUsed(engine.another(), id, iso(1))).toBe(true);
      expect(await markLinkUsed(engine.site(), id, iso(2))).toBe(false);
      expect(linkState(await findPasswordLink(engine.site(), 't1'), iso(3))).toBe('used');
    });

    it('replaces or revokes open links with the change, or not at all when it fails', async () => {
      const site = engine.site();
      await insertPasswordLink(site, accountId, link('t1', 0, 60));
      await insertPasswordLink(site, otherId, link('t2', 0, 60));
      await expect(
        writeTransaction(site, async (transaction) => {
          await revokeOpenLinks(transaction, accountId, iso(1));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect((await linkRows()).map((row) => row.ended_by)).toEqual([null, null]);
      await writeTransaction(site, (transaction) =>
        revokeOpenLinks(transaction, accountId, iso(2)),
      );
      await replaceOpenLinks(site, otherId, iso(3));
      expect((await linkRows()).map((row) => [row.ended, row.ended_by])).toEqual([
        [iso(2), 'revoked'],
        [iso(3), 'replaced'],
      ]);
    });
  });

  describe('password reset requests', () => {
    const iso = (minutes: number) => at(minutes).toISOString();
    let activeId: number;

    beforeEach(async () => {
      const { db } = engine.site();
      await sql`DELETE FROM staff_users`.execute(db);
      await sql`DELETE FROM staff_password_reset_attempts`.execute(db);
      await sql`DELETE FROM audit_log`.execute(db);
      activeId = (
        await db
          .insertInto('staff_users')
          .values({ email: 'r1@x.ph', display_name: 'R1', password_hash: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('staff_users')
        .values({ email: 'off@x.ph', display_name: 'Off', password_hash: 'x', active: 0 })
        .execute();
    });

    const request = (
      database: SiteDatabase,
      email: string,
      minutes: number,
      token = `token-${email}-${minutes}`,
    ) =>
      requestPasswordResetLink(database, {
        email,
        address: '10.0.0.1',
        at: iso(minutes),
        limits: [
          { name: 'address', key: `email:${email}`, limit: 2, since: iso(minutes - 60) },
          { name: 'network', key: 'net:10.0.0', limit: 4, since: iso(minutes - 60) },
        ],
        pruneBefore: iso(minutes - 60),
        link: { tokenSha256: token, created: iso(minutes), expires: iso(minutes + 60) },
        nonce: `nonce-${minutes}`,
        lang: 'fil',
      });
    const audit = () => auditEntries(engine.site());

    it('mails an enabled account a link, with its audit entry, and counts every request', async () => {
      const site = engine.site();
      expect(await request(site, 'r1@x.ph', 0)).toBe('mailed');
      expect(await request(site, 'nobody@x.ph', 1)).toBe('no-account');
      expect(await request(site, 'off@x.ph', 2)).toBe('disabled');
      const due = await duePasswordMail(site, iso(0), 10);
      expect(due).toEqual([
        {
          id: due[0]!.id,
          linkId: due[0]!.linkId,
          lang: 'fil',
          nonce: 'nonce-0',
          attempts: 0,
          email: 'r1@x.ph',
          expires: iso(60),
          state: 'valid',
        },
      ]);
      expect(await audit()).toEqual([
        {
          action: 'password-reset-mailed',
          actor: 'r1@x.ph',
          detail: { email: 'r1@x.ph', linkExpires: iso(60), lang: 'fil' },
        },
      ]);
      const counted = await site.db
        .selectFrom('staff_password_reset_attempts')
        .select(['key', 'at'])
        .orderBy('at')
        .orderBy('key')
        .execute();
      expect(counted).toHaveLength(6);
      expect(counted.slice(0, 2)).toEqual([
        { key: 'email:r1@x.ph', at: iso(0) },
        { key: 'net:10.0.0', at: iso(0) },
      ]);
    });

    it('refuses past a limit, audited and uncounted, and forgets attempts past the window', async () => {
      const site = engine.site();
      expect(await request(site, 'r1@x.ph', 0)).toBe('mailed');
      expect(await request(site, 'r1@x.ph', 1)).toBe('mailed');
      expect(await request(site, 'r1@x.ph', 2)).toBe('throttled');
      expect((await audit()).at(-1)).toEqual({
        action: 'password-reset-throttled',
        actor: 'r1@x.ph',
        detail: { email: 'r1@x.ph', limit: 'address' },
      });
      // The network's limit: two more addresses use it up.
      expect(await request(site, 'nobody@x.ph', 3)).toBe('no-account');
      expect(await request(site, 'off@x.ph', 4)).toBe('disabled');
      expect(await request(site, 'other@x.ph', 5)).toBe('throttled');
      expect((await audit()).at(-1)!.detail).toEqual({ email: 'other@x.ph', limit: 'network' });
      // An hour on, the requests before the window no longer count, and are deleted.
      expect(await request(site, 'r1@x.ph', 61)).toBe('mailed');
      const left = await site.db.selectFrom('staff_password_reset_attempts').select('at').execute();
      expect(left.map((row) => row.at).sort()).toEqual(
        [iso(1), iso(1), iso(3), iso(3), iso(4), iso(4), iso(61), iso(61)].sort(),
      );
      // The newest link replaced the earlier ones: their mails are not sent.
      const states = (await duePasswordMail(site, iso(61), 10)).map((mail) => mail.state);
      expect(states).toEqual(['replaced', 'replaced', 'valid']);
    });

    it('holds the limit for requests through two connections, as from two processes', async () => {
      const attempt = (i: number) =>
        request(i % 2 === 0 ? engine.site() : engine.another(), 'r1@x.ph', 0, `token-${i}`);
      let outcomes: string[];
      if (engineName === 'postgres') {
        outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(i)));
      } else {
        outcomes = [];
        for (let i = 0; i < 8; i++) outcomes.push(await attempt(i));
      }
      expect(outcomes.filter((outcome) => outcome === 'mailed')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome === 'throttled')).toHaveLength(6);
    });

    it('sends due mail oldest first, tries a refused one later, and forgets a sent one', async () => {
      const site = engine.site();
      await request(site, 'r1@x.ph', 0);
      await request(site, 'r1@x.ph', 1);
      const [first, second] = await duePasswordMail(site, iso(1), 10);
      expect([first!.nonce, second!.nonce]).toEqual(['nonce-0', 'nonce-1']);
      await markPasswordMailAttempt(site, first!.id, { error: '550 no', nextAttemptAt: iso(10) });
      expect((await duePasswordMail(site, iso(5), 10)).map((mail) => mail.id)).toEqual([
        second!.id,
      ]);
      const retried = await duePasswordMail(site, iso(10), 10);
      expect(retried.map((mail) => [mail.nonce, mail.attempts])).toEqual([
        ['nonce-1', 0],
        ['nonce-0', 1],
      ]);
      await forgetPasswordMail(site, second!.id);
      expect((await duePasswordMail(site, iso(10), 10)).map((mail) => mail.id)).toEqual([
        first!.id,
      ]);
      expect(activeId).toBeGreaterThan(0);
    });
  });

  describe('staff accounts', () => {
    const by = (minutes: number) => ({
      actor: 'cli:root',
      address: null,
      at: at(minutes),
    });
    const audit = () => auditEntries(engine.site());
    const add = (email: string, roles?: StaffRole[], first = false) =>
      createStaff(
        engine.site(),
        { email, displayName: email.toUpperCase(), passwordHash: `hash-${email}`, roles },
        by(0),
        { firstIsAdmin: first },
      );

    beforeEach(async () => {
      const { db } = engine.site();
      await sql`DELETE FROM staff_users`.execute(db);
      await sql`DELETE FROM audit_log`.execute(db);
    });

    it('adds accounts, the first one an administrator, with their audit entries', async () => {
      const first = await add(' First@X.ph ', ['information'], true);
      expect(first).toMatchObject({
        email: 'first@x.ph',
        displayName: ' FIRST@X.PH ',
        passwordHash: 'hash- First@X.ph ',
        active: true,
        lastSignIn: null,
        roles: ['admin', 'information'],
        passwordSet: true,
      });
      const second = await add('second@x.ph', undefined, true);
      expect(second.roles).toEqual(['bac']);
      await expect(add('FIRST@x.ph')).rejects.toThrow(DuplicateEmailError);
      expect((await listStaff(engine.site())).map((user) => [user.email, user.roles])).toEqual([
        ['first@x.ph', ['admin', 'information']],
        ['second@x.ph', ['bac']],
      ]);
      expect((await audit()).map((entry) => [entry.action, entry.detail])).toEqual([
        [
          'user-added',
          { email: 'first@x.ph', displayName: ' FIRST@X.PH ', roles: ['admin', 'information'] },
        ],
        ['user-added', { email: 'second@x.ph', displayName: 'SECOND@X.PH', roles: ['bac'] }],
      ]);
    });

    it('disables an account ending its sessions and links, and enables it again', async () => {
      const site = engine.site();
      await add('boss@x.ph', ['admin']);
      const user = await add('clerk@x.ph');
      const sid = await openStaffSession(site, user.id, { now: T0, absoluteMs: 8 * 60 * MINUTE });
      await resetStaffPassword(site, 'clerk@x.ph', 'unknown', by(1), {
        kind: 'link',
        tokenSha256: 'clerk-token',
        created: at(1).toISOString(),
        expires: at(61).toISOString(),
      });
      expect((await findStaffByEmail(site, 'clerk@x.ph'))!.passwordSet).toBe(false);
      expect(await disableStaff(site, 'Clerk@x.ph', by(2))).toBe(true);
      expect(await disableStaff(site, 'nobody@x.ph', by(2))).toBe(false);
      const live = await liveSessionAccount(site, sid, {
        now: T0 + 3 * MINUTE,
        idleMs: 60 * MINUTE,
        absoluteMs: 8 * 60 * MINUTE,
        seenResolutionMs: MINUTE,
      });
      expect(live).toBeUndefined();
      expect(linkState(await findPasswordLink(site, 'clerk-token'), at(3).toISOString())).toBe(
        'revoked',
      );
      expect(await enableStaff(site, 'clerk@x.ph', by(4))).toBe(true);
      expect((await findStaffByEmail(site, 'clerk@x.ph'))!.active).toBe(true);
      expect((await audit()).slice(2).map((entry) => [entry.action, entry.detail])).toEqual([
        [
          'password-reset',
          { email: 'clerk@x.ph', password: 'link', linkExpires: at(61).toISOString() },
        ],
        ['user-disabled', { email: 'clerk@x.ph' }],
        ['user-enabled', { email: 'clerk@x.ph' }],
      ]);
    });

    it('refuses to take away the last administrator, writing nothing', async () => {
      const site = engine.site();
      await add('boss@x.ph', ['admin']);
      await add('clerk@x.ph');
      await expect(disableStaff(site, 'boss@x.ph', by(1))).rejects.toThrow(AccountRuleError);
      await expect(
        changeStaffRoles(site, 'boss@x.ph', { add: ['information'], remove: ['admin'] }, by(1)),
      ).rejects.toThrow(AccountRuleError);
      await expect(
        changeStaffRoles(site, 'clerk@x.ph', { remove: ['bac'] }, by(1)),
      ).rejects.toThrow(AccountRuleError);
      // Roles and the active flag together: the refused disabling takes the roles back too.
      await expect(
        changeStaffAccount(site, 'boss@x.ph', { add: ['bac'], active: false }, by(1)),
      ).rejects.toThrow(AccountRuleError);
      expect((await listStaff(site)).map((user) => [user.email, user.active, user.roles])).toEqual([
        ['boss@x.ph', true, ['admin']],
        ['clerk@x.ph', true, ['bac']],
      ]);
      expect((await audit()).map((entry) => entry.action)).toEqual(['user-added', 'user-added']);
      expect(
        await changeStaffAccount(
          site,
          'clerk@x.ph',
          { add: ['admin', 'bac'], active: true },
          by(2),
        ),
      ).toBe(true);
      expect(
        await changeStaffRoles(
          site,
          'boss@x.ph',
          { remove: ['admin'], add: ['information'] },
          by(3),
        ),
      ).toEqual(['information']);
      expect(
        await changeStaffRoles(site, 'nobody@x.ph', { add: ['information'] }, by(3)),
      ).toBeUndefined();
      expect((await audit()).slice(2).map((entry) => [entry.action, entry.detail])).toEqual([
        ['roles-changed', { email: 'clerk@x.ph', before: ['bac'], after: ['admin', 'bac'] }],
        ['user-enabled', { email: 'clerk@x.ph' }],
        ['roles-changed', { email: 'boss@x.ph', before: ['admin'], after: ['information'] }],
      ]);
    });

    it('keeps one administrator when two connections each disable one of the last two', async () => {
      const another = engine.another();
      // Both pools connected before the race, so that the two changes overlap.
      await listStaff(another);
      for (let round = 0; round < 5; round++) {
        await sql`DELETE FROM staff_users`.execute(engine.site().db);
        await add('a1@x.ph', ['admin']);
        await add('a2@x.ph', ['admin']);
        const disabling = [
          () => disableStaff(engine.site(), 'a1@x.ph', by(1)),
          () => disableStaff(another, 'a2@x.ph', by(1)),
        ];
        const settled =
          engineName === 'postgres'
            ? await Promise.allSettled(disabling.map((disable) => disable()))
            : [
                ...(await Promise.allSettled([disabling[0]!()])),
                ...(await Promise.allSettled([disabling[1]!()])),
              ];
        expect(settled.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        const active = (await listStaff(engine.site())).filter((user) => user.active);
        expect(active).toHaveLength(1);
      }
    });

    it('sets the password with a link once, ending its sessions', async () => {
      const site = engine.site();
      const user = await add('clerk@x.ph');
      await resetStaffPassword(site, 'clerk@x.ph', 'unknown', by(1), {
        kind: 'link',
        tokenSha256: 'token-1',
        created: at(1).toISOString(),
        expires: at(61).toISOString(),
      });
      const sid = await openStaffSession(site, user.id, { now: T0, absoluteMs: 8 * 60 * MINUTE });
      const change = { tokenSha256: 'token-1', passwordHash: 'new-hash', address: '10.0.0.5' };
      expect(await setPasswordWithLink(site, { ...change, now: at(2).toISOString() })).toEqual({
        state: 'valid',
        email: 'clerk@x.ph',
      });
      expect(
        await setPasswordWithLink(engine.another(), { ...change, now: at(3).toISOString() }),
      ).toEqual({
        state: 'used',
      });
      expect(
        await setPasswordWithLink(site, {
          ...change,
          tokenSha256: 'nope',
          now: at(3).toISOString(),
        }),
      ).toEqual({
        state: 'unknown',
      });
      const after = await findStaffByEmail(site, 'clerk@x.ph');
      expect([after!.passwordHash, after!.passwordSet]).toEqual(['new-hash', true]);
      const live = await liveSessionAccount(site, sid, {
        now: T0 + 4 * MINUTE,
        idleMs: 60 * MINUTE,
        absoluteMs: 8 * 60 * MINUTE,
        seenResolutionMs: MINUTE,
      });
      expect(live).toBeUndefined();
      expect((await audit()).at(-1)).toEqual({
        action: 'password-set',
        actor: 'clerk@x.ph',
        detail: { email: 'clerk@x.ph', through: 'set-password link' },
      });
    });
  });
});
