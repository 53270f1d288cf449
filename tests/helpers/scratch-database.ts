import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { databasePath, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';

/**
 * A migrated database of its own for each test of the enclosing `describe` (or file), in a
 * fresh temporary folder named from `prefix`: opened before each test and handed to `use`,
 * closed and removed after it.
 */
export function useScratchDatabase(prefix: string, use: (database: AppDatabase) => void) {
  let dir: string | undefined;
  let database: AppDatabase | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    database = await openMigratedDatabase(databasePath(dir));
    use(database);
  });
  afterEach(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    database = dir = undefined;
  });
}
