import { afterEach, beforeEach } from 'vitest';
import type { SiteDatabase } from '../../db/site-database.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../helpers/postgres-database.ts';
import { testEngine, withAppDatabase } from '../helpers/test-app.ts';
import { cli, OPERATOR, OPERATOR_PASSWORD, useWorkspace, type CliRun } from './cli-harness.ts';

/** A workspace whose commands run on the engine of the test pass, and read it back. */
export interface EngineWorkspace {
  file(name: string, content: string): Promise<string>;
  run(args: string[], input?: string): Promise<CliRun>;
  read<T>(work: (database: SiteDatabase) => Promise<T>): Promise<T>;
}

/**
 * A fresh workspace for each test, with the operator's account: DATA_DIR's SQLite file, or in
 * the PostgreSQL pass a fresh database of the test cluster, migrated, that the commands reach
 * through DATABASE_URL, as an operator's would.
 */
export function useEngineWorkspace(): EngineWorkspace {
  const space = useWorkspace();
  let databaseUrl: string | undefined;
  const run = (args: string[], input?: string) =>
    cli(space.dataDir, args, input, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  beforeEach(async () => {
    if (testEngine === 'postgres') {
      databaseUrl = await createPostgresDatabase('app_import');
      const migrated = await run(['db', 'migrate']);
      if (migrated.code !== 0) throw new Error(`db migrate failed: ${migrated.stderr}`);
    }
    const added = await run(
      ['users', 'add', OPERATOR, '--name', 'IT Staff', '--password-stdin'],
      `${OPERATOR_PASSWORD}\n`,
    );
    if (added.code !== 0) throw new Error(`users add failed: ${added.stderr}`);
  });
  afterEach(async () => {
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    databaseUrl = undefined;
  });
  return {
    file: (name, content) => space.file(name, content),
    run,
    read: (work) => withAppDatabase({ dataDir: space.dataDir, databaseUrl }, work),
  };
}
