import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';
import { cli, useWorkspace } from './cli-harness.ts';

describeOnPostgres('DATABASE_URL while the site is being moved to PostgreSQL', () => {
  const space = useWorkspace();
  const postgres = usePostgresDatabase('cli_postgres');

  it('a command that works on SQLite only refuses, rather than use DATA_DIR quietly', async () => {
    const run = await cli(space.dataDir, ['users', 'list'], undefined, {
      DATABASE_URL: postgres.url(),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'DATABASE_URL is set, and this command works on the embedded SQLite database only',
    );
    expect(existsSync(`${space.dataDir}/municipal.sqlite`)).toBe(false);
  });

  it('db stats says a PostgreSQL database holds no site yet', async () => {
    const run = await cli(space.dataDir, ['db', 'stats'], undefined, {
      DATABASE_URL: postgres.url(),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: The PostgreSQL database postgres:\/\/.* holds no site yet: copy one into it with "municipal db copy --to <url>"\.\n$/,
    );
  });

  it('db stats names a PostgreSQL server it cannot reach, without the password', async () => {
    const run = await cli(space.dataDir, ['db', 'stats'], undefined, {
      DATABASE_URL: 'postgres://site:hunter2@127.0.0.1:1/municipal',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('postgres://site:***@127.0.0.1:1/municipal cannot be reached');
    expect(run.stderr).not.toContain('hunter2');
  });

  it('the server refuses to start on PostgreSQL until its pages read from it', async () => {
    await expect(createTestApp({ DATABASE_URL: postgres.url() })).rejects.toThrow(
      /^DATABASE_URL is set, but the site does not serve from PostgreSQL yet/,
    );
  });
});
