import { describe, expect, it } from 'vitest';
import { useWorkspace } from './cli-harness.ts';

const EMAIL = 'maria.santos@example.gov.ph';
const ADMIN = 'it.office@example.gov.ph';
const PASSWORD = 'tamarind-harbour-violet-7';
const NEW_PASSWORD = 'coconut-lantern-river-19';

interface ListedUser {
  email: string;
  name: string;
  roles: string[];
  active: boolean;
  created: string;
  lastSignIn: string | null;
}

describe('users', { timeout: 180_000 }, () => {
  const space = useWorkspace();

  async function storedHash(): Promise<string | undefined> {
    const database = space.database();
    try {
      const row = database.sqlite
        .prepare('SELECT password_hash FROM staff_users WHERE email = ?')
        .get(EMAIL) as { password_hash: string } | undefined;
      return row?.password_hash;
    } finally {
      await database.close();
    }
  }

  it('adds, lists, disables, enables and resets a password, never showing the password or hash, all audited', async () => {
    const first = await space.run(['users', 'add', ADMIN, '--password-stdin'], `${PASSWORD}\n`);
    expect(first.stdout).toContain('with roles: admin, bac');
    const added = await space.run(
      ['users', 'add', EMAIL.toUpperCase(), '--name', 'Maria Santos', '--password-stdin'],
      `${PASSWORD}\n`,
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`Added staff account ${EMAIL} (Maria Santos) with roles: bac.`);
    const hash = await storedHash();
    expect(hash).toMatch(/^\$argon2id\$/);

    const listed = await space.run(['users', 'list', '--json']);
    const users = JSON.parse(listed.stdout) as ListedUser[];
    expect(users.map((user) => user.email)).toEqual([ADMIN, EMAIL]);
    expect(users[1]).toEqual({
      email: EMAIL,
      name: 'Maria Santos',
      roles: ['bac'],
      active: true,
      created: expect.any(String),
      lastSignIn: null,
    });
    const table = await space.run(['users', 'list']);
    expect(table.stdout).toMatch(
      new RegExp(`${EMAIL.replaceAll('.', '\\.')}\\s+Maria Santos\\s+bac\\s+yes\\s+\\S+\\s+never`),
    );

    const duplicate = await space.run(['users', 'add', EMAIL, '--password-stdin'], `${PASSWORD}\n`);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    // Said before a password is asked for: no terminal is needed to learn it.
    const duplicateAsked = await space.run(['users', 'add', EMAIL]);
    expect(duplicateAsked.code).toBe(1);
    expect(duplicateAsked.stderr).toContain(`An account for ${EMAIL} already exists`);

    expect((await space.run(['users', 'disable', EMAIL])).code).toBe(0);
    expect(
      (JSON.parse((await space.run(['users', 'list', '--json'])).stdout) as ListedUser[])[1]!
        .active,
    ).toBe(false);
    expect((await space.run(['users', 'enable', EMAIL])).code).toBe(0);
    expect(
      (JSON.parse((await space.run(['users', 'list', '--json'])).stdout) as ListedUser[])[1]!
        .active,
    ).toBe(true);

    const reset = await space.run(
      ['users', 'reset-password', EMAIL, '--password-stdin'],
      `${NEW_PASSWORD}\n`,
    );
    expect(reset.code).toBe(0);
    const newHash = await storedHash();
    expect(newHash).toMatch(/^\$argon2id\$/);
    expect(newHash).not.toBe(hash);

    const audit = await space.run(['audit', 'list', '--json']);
    const entries = (
      JSON.parse(audit.stdout) as {
        action: string;
        actor: string;
        detail: Record<string, unknown>;
      }[]
    ).filter((entry) => entry.detail.email === EMAIL);
    expect(entries.map((entry) => entry.action)).toEqual([
      'password-reset',
      'user-enabled',
      'user-disabled',
      'user-added',
    ]);
    expect(
      entries.every((entry) => entry.actor.startsWith('cli:') && entry.detail.email === EMAIL),
    ).toBe(true);
    const onlyAdds = JSON.parse(
      (await space.run(['audit', 'list', '--action', 'user-added', '--json'])).stdout,
    ) as unknown[];
    expect(onlyAdds).toHaveLength(2);
    expect(
      JSON.parse((await space.run(['audit', 'list', '--limit', '2', '--json'])).stdout),
    ).toHaveLength(2);

    for (const output of [added, listed, table, duplicate, reset, audit]) {
      for (const secret of [PASSWORD, NEW_PASSWORD, hash!, newHash!]) {
        expect(output.stdout + output.stderr).not.toContain(secret);
      }
    }
  });

  it.each([
    ['kal7', 'too short'],
    ['password123', 'commonly used'],
    ['maria.santos-2024!', 'contains the e-mail'],
  ])('refuses the weak password %j with the reason, adding nothing', async (weak, reason) => {
    const result = await space.run(['users', 'add', EMAIL, '--password-stdin'], `${weak}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(reason);
    expect(result.stderr).not.toContain(weak);
    expect(JSON.parse((await space.run(['users', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('accepts a passphrase holding a short local part, as "admin" in Kalayaan-2025-admin', async () => {
    const result = await space.run(
      ['users', 'add', 'admin@example.gov.ph', '--password-stdin'],
      'Kalayaan-2025-admin\n',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('refuses a weak new password on reset, keeping the old one', async () => {
    await space.run(['users', 'add', EMAIL, '--password-stdin'], `${PASSWORD}\n`);
    const hash = await storedHash();
    const result = await space.run(
      ['users', 'reset-password', EMAIL, '--password-stdin'],
      'qwerty\n',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Password refused');
    expect(await storedHash()).toBe(hash);
  });

  it('answers usage errors with 2 and unknown accounts with 1', async () => {
    const noTerminal = await space.run(['users', 'add', EMAIL]);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('--password-stdin');
    expect(
      (await space.run(['users', 'add', 'not-an-email', '--password-stdin'], `${PASSWORD}\n`)).code,
    ).toBe(2);
    expect((await space.run(['users', 'frobnicate'])).code).toBe(2);
    const unknown = await space.run(['users', 'disable', 'nobody@example.gov.ph']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no staff account');
    expect(
      (
        await space.run(
          ['users', 'reset-password', 'nobody@example.gov.ph', '--password-stdin'],
          `${PASSWORD}\n`,
        )
      ).code,
    ).toBe(1);
  });

  it('lists times in Manila with their offset, under a header; JSON keeps UTC', async () => {
    expect(
      (await space.run(['users', 'add', EMAIL, '--password-stdin'], `${PASSWORD}\n`)).code,
    ).toBe(0);
    const database = space.database();
    try {
      // 16:30 UTC is half past midnight the next day in Manila.
      database.sqlite
        .prepare('UPDATE staff_users SET created = ?, last_sign_in = ? WHERE email = ?')
        .run('2024-03-05T16:30:00.000Z', '2024-12-31T04:05:06.000Z', EMAIL);
    } finally {
      await database.close();
    }
    const table = await space.run(['users', 'list']);
    expect(
      table.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/ {2,}/)),
    ).toEqual([
      ['E-MAIL', 'NAME', 'ROLES', 'ACTIVE', 'CREATED (MANILA)', 'LAST SIGN-IN (MANILA)'],
      [
        EMAIL,
        'maria.santos',
        'admin,bac',
        'yes',
        '2024-03-06T00:30:00+08:00',
        '2024-12-31T12:05:06+08:00',
      ],
    ]);
    expect(JSON.parse((await space.run(['users', 'list', '--json'])).stdout)).toMatchObject([
      { created: '2024-03-05T16:30:00.000Z', lastSignIn: '2024-12-31T04:05:06.000Z' },
    ]);
  });

  it('gives the first account admin, changes roles, and never takes away the last admin', async () => {
    await space.run(['users', 'add', ADMIN, '--password-stdin'], `${PASSWORD}\n`);
    const pio = await space.run(
      [
        'users',
        'add',
        EMAIL,
        '--role',
        'information',
        '--role',
        'transparency',
        '--password-stdin',
      ],
      `${PASSWORD}\n`,
    );
    expect(pio.stdout).toContain('with roles: information, transparency.');
    expect((await space.run(['users', 'roles', ADMIN])).stdout).toBe(`${ADMIN}: admin, bac\n`);

    const lastAdmin = await space.run(['users', 'roles', ADMIN, '--remove', 'admin']);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toContain('last active administrator');
    const disableLast = await space.run(['users', 'disable', ADMIN]);
    expect(disableLast.code).toBe(1);
    expect(disableLast.stderr).toContain('last active administrator');

    const promoted = await space.run([
      'users',
      'roles',
      EMAIL,
      '--add',
      'admin',
      '--remove',
      'transparency',
    ]);
    expect(promoted.stdout).toContain('now has the roles: admin, information.');
    expect((await space.run(['users', 'roles', ADMIN, '--remove', 'admin'])).code).toBe(0);
    const none = await space.run(['users', 'roles', ADMIN, '--remove', 'bac']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('at least one role');

    const unknownRole = await space.run(['users', 'roles', EMAIL, '--add', 'mayor']);
    expect(unknownRole.code).toBe(2);
    expect(unknownRole.stderr).toContain('Roles are admin, bac, information, transparency');

    const changes = JSON.parse(
      (await space.run(['audit', 'list', '--action', 'roles-changed', '--json'])).stdout,
    ) as { actor: string; detail: { email: string; before: string[]; after: string[] } }[];
    expect(changes.map((entry) => entry.detail)).toEqual([
      { email: ADMIN, before: ['admin', 'bac'], after: ['bac'] },
      { email: EMAIL, before: ['information', 'transparency'], after: ['admin', 'information'] },
    ]);
    expect(changes.every((entry) => entry.actor.startsWith('cli:'))).toBe(true);
  });
});
