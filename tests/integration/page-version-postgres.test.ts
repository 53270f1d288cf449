import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdvisory } from '../../db/advisories/advisories.ts';
import {
  watchDataVersion,
  type DataVersionWatch,
} from '../../db/postgres/data-version-listener.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { insertRecords } from '../../db/records/record-queries.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import type { PostgresSite } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { pageVersionWatched } from '../../server/render/cache/page-version.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';

/** Calls `read` until it answers something other than undefined; fails after `ms`. */
async function known(read: () => string | undefined, ms = 1000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`no page version within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The render cache's page version with several app processes on one PostgreSQL database
 * (issue 36): it follows a write made through another process within a second, follows
 * the time boundaries (an advisory's start, Manila midnight) read with awaited queries,
 * and is unknown, so nothing is cached, while the listener has lost its connection.
 */
describeOnPostgres('the page version on PostgreSQL', () => {
  const database = usePostgresDatabase('page_version');
  let site: PostgresDatabase;
  let otherProcess: PostgresDatabase;
  let watch: DataVersionWatch;
  const errors: unknown[] = [];
  let now = new Date('2026-03-01T02:00:00.000Z');
  const clock = { now: () => now };
  const asSite = ({ db }: PostgresDatabase): PostgresSite => ({ engine: 'postgres', db });

  beforeAll(async () => {
    site = openPostgres(database.url());
    otherProcess = openPostgres(database.url());
    await migratePostgres(site);
    watch = await watchDataVersion(database.url(), { retryMs: 50 });
  });
  afterAll(async () => {
    await watch.stop();
    await site.close();
    await otherProcess.close();
  });

  it('is known once the boundaries are read, and moves with a write through another process', async () => {
    const pageVersion = pageVersionWatched(asSite(site), watch, clock, (error) =>
      errors.push(error),
    );
    const first = await known(pageVersion);
    // No advisory: the next change with time alone is midnight in Manila (16:00 UTC).
    expect(first).toBe(`${watch.current()}/${Date.parse('2026-03-01T16:00:00.000Z')}`);
    expect(pageVersion()).toBe(first);

    const svp = kindByCollection('svp')!;
    await insertRecords(asSite(otherProcess), svp, [
      {
        values: {
          pr_number: 'PR-PV-1',
          project_title: 'Road',
          link: 'https://example.gov.ph/road.pdf',
        },
      },
    ]);
    const started = Date.now();
    const second = await known(() => {
      const value = pageVersion();
      return value === first ? undefined : value;
    }, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second).not.toBe(first);
    expect(errors).toEqual([]);
  });

  it("keys pages by an advisory's start, and by the next boundary once the clock passes it", async () => {
    const pageVersion = pageVersionWatched(asSite(site), watch, clock, (error) =>
      errors.push(error),
    );
    await addAdvisory(
      asSite(otherProcess),
      {
        severity: 'warning',
        title: 'Water interruption',
        text: 'No water on Friday.',
        starts: '2026-03-01T06:00:00.000Z',
        ends: '2026-03-01T09:00:00.000Z',
      },
      {
        actor: 'info@san-isidro.gov.ph',
        address: null,
        role: 'info',
        at: '2026-03-01T02:00:00.000Z',
      },
    );
    const before = await known(() => {
      const value = pageVersion();
      return value?.endsWith(`/${Date.parse('2026-03-01T06:00:00.000Z')}`) ? value : undefined;
    });
    now = new Date('2026-03-01T06:00:00.000Z');
    const during = await known(pageVersion);
    expect(during).not.toBe(before);
    expect(during.endsWith(`/${Date.parse('2026-03-01T09:00:00.000Z')}`)).toBe(true);
  });

  it('is known once settled after a burst of versions, whichever of their reads ends first', async () => {
    // After the advisory of the test before: the next boundary is Manila midnight.
    now = new Date('2026-03-01T10:00:00.000Z');
    // A watch told of several versions at once, as one commit's notifications arrive.
    let current = 100;
    const listeners: ((version: number) => void)[] = [];
    const burst: DataVersionWatch = {
      current: () => current,
      onChange: (listener) => {
        listeners.push(listener);
      },
      catchUp: async () => {},
      stop: async () => {},
    };
    const pageVersion = pageVersionWatched(asSite(site), burst, clock, (error) =>
      errors.push(error),
    );
    await pageVersion.settled();
    expect(pageVersion()).toBe(`100/${Date.parse('2026-03-01T16:00:00.000Z')}`);
    for (const next of [101, 102, 103]) {
      current = next;
      for (const listener of listeners) listener(next);
    }
    await pageVersion.settled();
    // No request in between: the newest version's key is known without another read.
    expect(pageVersion()).toBe(`103/${Date.parse('2026-03-01T16:00:00.000Z')}`);
    expect(errors).toEqual([]);
  });

  it('is unknown while the listener has lost its connection, and known again after', async () => {
    const pageVersion = pageVersionWatched(asSite(site), watch, clock, (error) =>
      errors.push(error),
    );
    await known(pageVersion);
    // Ends the listening connection from the server's side, as a restart would.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND (query LIKE 'LISTEN%' OR query LIKE 'SELECT version%')`.execute(site.db);
    await known(() => (pageVersion() === undefined ? 'unknown' : undefined), 1000);
    await known(pageVersion, 5000);
  });
});
