import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { freePort, startServer } from '../helpers/server-process.ts';

/**
 * A spec's own production server on a fresh data folder holding only the demo records, so
 * no other spec's records, news or advisories appear in its screenshots. A production
 * server never loads demo records itself: the command line does, as for the suite's
 * shared server (playwright.config.ts).
 */
export interface DemoServer {
  server: ReturnType<typeof startServer>;
  dataDir: string;
  base: string;
}

export async function startDemoServer(name: string): Promise<DemoServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `municipal-e2e-${name}-`));
  const port = await freePort();
  const loaded = spawnSync(process.execPath, ['dist/server/cli.js', 'demo', 'load'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (loaded.status !== 0) throw new Error(`demo load failed: ${loaded.stderr}`);
  const server = startServer(dataDir, { port });
  await server.listening;
  return { server, dataDir, base: `http://127.0.0.1:${port}` };
}

export async function stopDemoServer(demo: DemoServer | undefined): Promise<void> {
  if (!demo) return;
  demo.server.child.kill('SIGTERM');
  await demo.server.exited;
  await rm(demo.dataDir, { recursive: true, force: true });
}

/** A demo SVP record with every field, its closing date long past: its pages never change with time. */
export async function completeSvpRecordId(dataDir: string): Promise<number> {
  const database = openDatabase(databasePath(dataDir));
  try {
    const { id } = database.sqlite
      .prepare('SELECT id FROM svp WHERE philgeps_reference IS NOT NULL ORDER BY id LIMIT 1')
      .get() as { id: number };
    return id;
  } finally {
    await database.close();
  }
}
