import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { openPostgres } from '../../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import {
  createPostgresDatabase,
  describeOnPostgres,
  dropPostgresDatabase,
  usePostgresDatabase,
} from '../helpers/postgres-database.ts';
import { cli, useWorkspace } from './cli-harness.ts';

describeOnPostgres('DATABASE_URL while the site is being moved to PostgreSQL', () => {
  const space = useWorkspace();
  const postgres = usePostgresDatabase('cli_postgres');

  it('a command that needs SQLite refuses, naming why, rather than use DATA_DIR quietly', async () => {
    const run = await cli(
      space.dataDir,
      ['db', 'restore', `${space.dir}/backup.sqlite`],
      undefined,
      {
        DATABASE_URL: postgres.url(),
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: DATABASE_URL is set, and "db restore" cannot run on PostgreSQL: it puts a SQLite backup back into DATA_DIR. A PostgreSQL backup made by "db backup" goes back with pg_restore --clean --if-exists --no-owner -d <url> <file>, then its .documents, .pictures and .keys folders are copied back into DATA_DIR. Unset DATABASE_URL to run it on the database in DATA_DIR.\n',
    );
    expect(existsSync(`${space.dataDir}/municipal.sqlite`)).toBe(false);
  });

  it('a command on a PostgreSQL database that holds no site yet is refused, not given a new site', async () => {
    for (const args of [
      ['users', 'list'],
      ['demo', 'load'],
      ['db', 'stats'],
    ]) {
      const run = await cli(space.dataDir, args, undefined, { DATABASE_URL: postgres.url() });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^error: The PostgreSQL database postgres:\/\/.* holds no site yet: create one with "municipal db migrate", or copy one into it with "municipal db copy --to <url>"\.\n$/,
      );
    }
    expect(existsSync(`${space.dataDir}/municipal.sqlite`)).toBe(false);
  });

  it('a command that writes brings a site behind this version up to date first, as on SQLite', async () => {
    const url = await createPostgresDatabase('cli_behind');
    try {
      const database = openPostgres(url, { max: 2 });
      try {
        // Every migration but the newest: a site last migrated by the version before.
        await migratePostgres(
          database,
          new Date(),
          Object.fromEntries(Object.entries(migrations).slice(0, -1)),
        );
      } finally {
        await database.close();
      }
      const listed = await cli(space.dataDir, ['users', 'list'], undefined, { DATABASE_URL: url });
      expect(listed.stderr).toBe('');
      expect(listed.stdout).toBe('No staff accounts yet. Add one with "users add <email>".\n');
      const migrated = await cli(space.dataDir, ['db', 'migrate'], undefined, {
        DATABASE_URL: url,
      });
      expect(migrated.stdout).toMatch(/^postgres:\/\/.* is up to date\.\n$/);
    } finally {
      await dropPostgresDatabase(url);
    }
  });

  it('db stats names a PostgreSQL server it cannot reach, without the password', async () => {
    const run = await cli(space.dataDir, ['db', 'stats'], undefined, {
      DATABASE_URL: 'postgres://site:hunter2@127.0.0.1:1/municipal',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('postgres://site:***@127.0.0.1:1/municipal cannot be reached');
    expect(run.stderr).not.toContain('hunter2');
  });
});
