import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { LAST_ADMIN_MESSAGE } from '../../db/staff-accounts/staff-accounts.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';

const PASSWORD = 'carabao crossing the rice terraces';
const SITE_URL = 'https://www.san-isidro.example.gov.ph';
const HOUR = 60 * 60 * 1000;

async function write(visitor: ApiVisitor, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return visitor.request({
    method,
    url,
    headers: { 'x-csrf-token': await visitor.csrfToken() },
    payload,
  });
}

const account = (email: string) => `/api/staff-accounts/${encodeURIComponent(email)}`;

describe('staff accounts API: administrators only', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('answers 403 to every other role on every account call, and 401 to nobody signed in', async () => {
    const roles: StaffRole[] = ['bac', 'information', 'transparency'];
    for (const role of roles) {
      const { visitor } = await signedInStaff(testApp, `${role}@example.gov.ph`, PASSWORD, [role]);
      const answers = [
        await visitor.request({ url: '/api/staff-accounts' }),
        await write(visitor, 'POST', '/api/staff-accounts', {
          email: 'x@example.gov.ph',
          displayName: 'X',
          roles: ['bac'],
          setPassword: 'link',
        }),
        await write(visitor, 'PATCH', account(`${role}@example.gov.ph`), { roles: ['admin'] }),
        await write(visitor, 'POST', `${account(`${role}@example.gov.ph`)}/password-reset`, {
          setPassword: 'generated',
        }),
      ];
      expect(
        answers.map((answer) => answer.statusCode),
        role,
      ).toEqual([403, 403, 403, 403]);
      expect(answers[2]!.json().message).toContain('Administrator');
      expect(
        answers.every((answer) => answer.headers['cache-control'] === 'private, no-store'),
      ).toBe(true);
      const refused = await listAudit(testApp.site, {
        limit: 10,
        actor: `${role}@example.gov.ph`,
        action: 'forbidden',
      });
      expect(refused.map((entry) => entry.detail.needed)).toEqual([
        'admin',
        'admin',
        'admin',
        'admin',
      ]);
    }
    const anonymous = await testApp.app.inject({ url: '/api/staff-accounts' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('staff accounts API: what an administrator does', () => {
  const clock = testClock('2026-11-20T02:00:00Z');
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL }, { clock });

  it('adds an account with a one-time set-password link that works once, within 24 hours', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'it@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const added = await write(admin, 'POST', '/api/staff-accounts', {
      email: ' PIO@Example.gov.ph ',
      displayName: 'Public Information Officer',
      roles: ['information'],
      setPassword: 'link',
    });
    expect(added.statusCode).toBe(201);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const body = added.json();
    expect(body.account).toEqual({
      email: 'pio@example.gov.ph',
      displayName: 'Public Information Officer',
      roles: ['information'],
      active: true,
      created: expect.any(String),
      lastSignIn: null,
      awaitingPassword: true,
      passwordSet: false,
    });
    expect(body.password).toBeUndefined();
    expect(body.linkExpires).toBe('2026-11-21T02:00:00.000Z');
    const link = new URL(body.setPasswordLink);
    expect(link.origin + link.pathname).toBe(`${SITE_URL}/staff/set-password`);
    const token = link.searchParams.get('token')!;
    expect(added.body).not.toContain('argon2');

    // Only the SHA-256 of the token is stored.
    const { rows: links } = await sql<{
      token_sha256: string;
    }>`SELECT * FROM staff_password_links`.execute(testApp.site.db);
    expect(links).toHaveLength(1);
    expect(links[0]!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(links)).not.toContain(token);

    const holder = new ApiVisitor(testApp.app);
    const check = await holder.request({ url: `/api/set-password?token=${token}` });
    expect(check.json()).toEqual({
      state: 'valid',
      email: 'pio@example.gov.ph',
      expires: '2026-11-21T02:00:00.000Z',
    });
    const weak = await write(holder, 'POST', '/api/set-password', { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toContain('commonly used');
    // Refused, nothing spent: the same link still works.
    clock.advance(23 * HOUR);
    const set = await write(holder, 'POST', '/api/set-password', {
      token,
      password: 'typhoon season at the municipal hall',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ email: 'pio@example.gov.ph' });
    expect(
      (await holder.signIn('pio@example.gov.ph', 'typhoon season at the municipal hall'))
        .statusCode,
    ).toBe(200);

    const again = await write(new ApiVisitor(testApp.app), 'POST', '/api/set-password', {
      token,
      password: 'another strong passphrase here',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toContain('already been used');
    const [entry] = await listAudit(testApp.site, { limit: 1, action: 'password-set' });
    expect(entry).toMatchObject({
      actor: 'pio@example.gov.ph',
      detail: { email: 'pio@example.gov.ph' },
    });
    const [addedEntry] = await listAudit(testApp.site, { limit: 1, action: 'user-added' });
    expect(addedEntry).toMatchObject({
      actor: 'it@example.gov.ph',
      detail: {
        email: 'pio@example.gov.ph',
        roles: ['information'],
        password: 'link',
        role: 'admin',
      },
    });
    expect(JSON.stringify(addedEntry)).not.toContain(token);
  });

  it('refuses a link after 24 hours, saying it expired', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'it2@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const added = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'late@example.gov.ph',
      displayName: 'Late',
      roles: ['bac'],
      setPassword: 'link',
    });
    const token = new URL(added.json().setPasswordLink).searchParams.get('token')!;
    clock.advance(24 * HOUR);
    const holder = new ApiVisitor(testApp.app);
    expect((await holder.request({ url: `/api/set-password?token=${token}` })).json().state).toBe(
      'expired',
    );
    const set = await write(holder, 'POST', '/api/set-password', {
      token,
      password: 'typhoon season at the municipal hall',
    });
    expect(set.statusCode).toBe(410);
    expect(set.json().message).toContain('expired');
  });

  it('adds an account with a generated password shown once, which signs in', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'it3@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const added = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'bac2@example.gov.ph',
      displayName: 'BAC Two',
      roles: ['bac', 'transparency'],
      setPassword: 'generated',
    });
    expect(added.statusCode).toBe(201);
    const { account: created, password, setPasswordLink } = added.json();
    expect(setPasswordLink).toBeUndefined();
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(created.awaitingPassword).toBe(false);
    expect(
      (await new ApiVisitor(testApp.app).signIn('bac2@example.gov.ph', password)).statusCode,
    ).toBe(200);

    const list = await admin.request({ url: '/api/staff-accounts' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(password);
    expect(list.body).not.toContain('argon2');
    const listed = list
      .json()
      .find((item: { email: string }) => item.email === 'bac2@example.gov.ph');
    expect(listed.roles).toEqual(['bac', 'transparency']);
    expect(listed.lastSignIn).toEqual(expect.any(String));
  });

  it('refuses bad input naming the field, a taken address and an unknown account', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'it4@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const bad = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'not an address',
      displayName: 'X',
      roles: ['mayor'],
      setPassword: 'email',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['roles', 'setPassword']);
    const badEmail = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'not an address',
      displayName: '',
      roles: [],
      setPassword: 'link',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.json().errors).sort()).toEqual(['displayName', 'email', 'roles']);
    expect(badEmail.json().message).toContain('E-mail address');
    const taken = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'IT4@example.gov.ph',
      displayName: 'Again',
      roles: ['bac'],
      setPassword: 'link',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('already exists');
    const unknown = await write(admin, 'PATCH', account('nobody@example.gov.ph'), {
      disabled: true,
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await write(admin, 'PATCH', account('it4@example.gov.ph'), {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('staff accounts API: disabling, enabling, resets, roles and the last administrator', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('disables (the account is signed out at once), enables, resets and changes roles, each audited as admin', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'admin@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const { visitor: staff } = await signedInStaff(testApp, 'staff@example.gov.ph', PASSWORD, [
      'bac',
    ]);
    expect((await staff.request({ url: '/api/session' })).json().user).not.toBeNull();

    const disabled = await write(admin, 'PATCH', account('staff@example.gov.ph'), {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().account.active).toBe(false);
    expect((await staff.request({ url: '/api/session' })).json().user).toBeNull();
    expect(
      (await new ApiVisitor(testApp.app).signIn('staff@example.gov.ph', PASSWORD)).statusCode,
    ).toBe(401);

    const enabled = await write(admin, 'PATCH', account('staff@example.gov.ph'), {
      disabled: false,
    });
    expect(enabled.json().account.active).toBe(true);
    const again = new ApiVisitor(testApp.app);
    expect((await again.signIn('staff@example.gov.ph', PASSWORD)).statusCode).toBe(200);

    const roles = await write(admin, 'PATCH', account('staff@example.gov.ph'), {
      roles: ['information', 'bac'],
    });
    expect(roles.json().account.roles).toEqual(['bac', 'information']);
    // Roles are read on every request: the session sees them without signing in again.
    expect((await again.request({ url: '/api/session' })).json().user.roles).toEqual([
      'bac',
      'information',
    ]);

    const reset = await write(admin, 'POST', `${account('staff@example.gov.ph')}/password-reset`, {
      setPassword: 'generated',
    });
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json();
    expect((await again.request({ url: '/api/session' })).json().user).toBeNull();
    expect(
      (await new ApiVisitor(testApp.app).signIn('staff@example.gov.ph', PASSWORD)).statusCode,
    ).toBe(401);
    expect(
      (await new ApiVisitor(testApp.app).signIn('staff@example.gov.ph', password)).statusCode,
    ).toBe(200);

    const linkReset = await write(
      admin,
      'POST',
      `${account('staff@example.gov.ph')}/password-reset`,
      {
        setPassword: 'link',
      },
    );
    expect(linkReset.json()).toMatchObject({
      account: { awaitingPassword: true },
      setPasswordLink: expect.any(String),
    });
    // The old password stops working until the link sets the next one.
    expect(
      (await new ApiVisitor(testApp.app).signIn('staff@example.gov.ph', password)).statusCode,
    ).toBe(401);

    const entries = await listAudit(testApp.site, { limit: 20, actor: 'admin@example.gov.ph' });
    const changes = entries.filter((entry) => entry.action !== 'sign-in').reverse();
    expect(changes.map((entry) => entry.action)).toEqual([
      'user-disabled',
      'user-enabled',
      'roles-changed',
      'password-reset',
      'password-reset',
    ]);
    expect(changes.every((entry) => entry.detail.role === 'admin' && entry.address !== null)).toBe(
      true,
    );
  });

  it('refuses to disable the last administrator or take away its role, with 409 and the reason', async () => {
    // The only administrator of this file's database is admin@example.gov.ph, signed in again here.
    const admin = new ApiVisitor(testApp.app);
    expect((await admin.signIn('admin@example.gov.ph', PASSWORD)).statusCode).toBe(200);
    for (const change of [{ disabled: true }, { roles: ['bac'] }]) {
      const refused = await write(admin, 'PATCH', account('admin@example.gov.ph'), change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE });
    }
    // Both changes at once commit neither.
    const both = await write(admin, 'PATCH', account('admin@example.gov.ph'), {
      roles: ['admin', 'bac'],
      disabled: true,
    });
    expect(both.statusCode).toBe(409);
    const list = (await admin.request({ url: '/api/staff-accounts' })).json();
    expect(
      list.find((item: { email: string }) => item.email === 'admin@example.gov.ph'),
    ).toMatchObject({
      roles: ['admin'],
      active: true,
    });
  });
});

describe('staff accounts API: links die with disabling, and only administrators who can sign in count', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('revokes an open set-password link when its account is disabled: enabling it again does not bring the link back', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'chief@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const added = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'leaver@example.gov.ph',
      displayName: 'Leaver',
      roles: ['bac'],
      setPassword: 'link',
    });
    const token = new URL(added.json().setPasswordLink).searchParams.get('token')!;
    expect(
      (await write(admin, 'PATCH', account('leaver@example.gov.ph'), { disabled: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await write(admin, 'PATCH', account('leaver@example.gov.ph'), { disabled: false }))
        .statusCode,
    ).toBe(200);

    const holder = new ApiVisitor(testApp.app);
    expect(
      (await holder.request({ url: `/api/set-password?token=${token}` })).json(),
    ).toMatchObject({ state: 'revoked', email: null });
    const used = await write(holder, 'POST', '/api/set-password', {
      token,
      password: 'a new password for the leaver',
    });
    expect(used.statusCode).toBe(410);
    expect(used.json().message).toContain('cancelled when the account was disabled');
    expect(
      (
        await new ApiVisitor(testApp.app).signIn(
          'leaver@example.gov.ph',
          'a new password for the leaver',
        )
      ).statusCode,
    ).toBe(401);
    const list = (await admin.request({ url: '/api/staff-accounts' })).json();
    expect(
      list.find((item: { email: string }) => item.email === 'leaver@example.gov.ph'),
    ).toMatchObject({ active: true, awaitingPassword: false });
  });

  it('does not count an administrator who never used their link: the one who can sign in stays the last', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'only@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    // The other administrator of this file's database steps down: `only` is the one left.
    expect(
      (await write(admin, 'PATCH', account('chief@example.gov.ph'), { disabled: true })).statusCode,
    ).toBe(200);
    const added = await write(admin, 'POST', '/api/staff-accounts', {
      email: 'newadmin@example.gov.ph',
      displayName: 'New administrator',
      roles: ['admin'],
      setPassword: 'link',
    });
    expect(added.statusCode).toBe(201);
    for (const change of [{ disabled: true }, { roles: ['bac'] }]) {
      const refused = await write(admin, 'PATCH', account('only@example.gov.ph'), change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().message).toBe(LAST_ADMIN_MESSAGE);
    }
    // A reset by link would leave no administrator who can sign in either.
    const reset = await write(admin, 'POST', `${account('only@example.gov.ph')}/password-reset`, {
      setPassword: 'link',
    });
    expect(reset.statusCode).toBe(409);

    // Once the new administrator sets a password, they count.
    const token = new URL(added.json().setPasswordLink).searchParams.get('token')!;
    const holder = new ApiVisitor(testApp.app);
    expect(
      (
        await write(holder, 'POST', '/api/set-password', {
          token,
          password: 'the new administrator chose this',
        })
      ).statusCode,
    ).toBe(200);
    const disabled = await write(admin, 'PATCH', account('only@example.gov.ph'), {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
  });
});
