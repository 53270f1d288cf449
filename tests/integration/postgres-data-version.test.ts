import pg from '../../db/postgres/pg-driver.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DATA_VERSION_CHANNEL,
  watchDataVersion,
  type DataVersionWatch,
} from '../../db/postgres/data-version-listener.ts';
import { openPostgres } from '../../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';

/** Waits until `watch` knows `version` or later; fails after `ms`. */
function versionReached(watch: DataVersionWatch, version: number, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const known = watch.current();
    if (known !== undefined && known >= version) return resolve(known);
    const timer = setTimeout(
      () => reject(new Error(`version ${version} not seen within ${ms} ms`)),
      ms,
    );
    watch.onChange((next) => {
      if (next >= version) {
        clearTimeout(timer);
        resolve(next);
      }
    });
  });
}

describeOnPostgres('the data version on the migrated PostgreSQL schema', () => {
  const database = usePostgresDatabase('data_version_migrated');

  it("is told of a write to a public table through the migrations' own triggers", async () => {
    const site = openPostgres(database.url());
    try {
      await migratePostgres(site);
      const watch = await watchDataVersion(database.url());
      try {
        const before = watch.current()!;
        // Any writing statement on a public table moves the version on PostgreSQL.
        await site.pool.query("DELETE FROM news_items WHERE id = 'none'");
        expect(await versionReached(watch, before + 1, 1000)).toBe(before + 1);
      } finally {
        await watch.stop();
      }
    } finally {
      await site.close();
    }
  });
});

describeOnPostgres('the data version across app processes on PostgreSQL', () => {
  const database = usePostgresDatabase('data_version');
  // Two pools stand for two app processes: the writer's and the one whose cache must renew.
  let writer: pg.Pool;
  beforeAll(async () => {
    writer = new pg.Pool({ connectionString: database.url() });
    // The table and trigger as the migrations make them on PostgreSQL, reduced to one
    // public table: a write bumps the version and notifies in the writer's transaction.
    await writer.query(`
      CREATE TABLE data_version (id BIGINT PRIMARY KEY, version BIGINT NOT NULL);
      INSERT INTO data_version VALUES (1, 1);
      CREATE TABLE news_items (id BIGINT PRIMARY KEY, title TEXT NOT NULL);
      CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE next BIGINT;
      BEGIN
        UPDATE data_version SET version = version + 1 RETURNING version INTO next;
        PERFORM pg_notify('${DATA_VERSION_CHANNEL}', next::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER news_items_data_version AFTER INSERT OR UPDATE OR DELETE ON news_items
        FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();`);
  });
  afterAll(async () => {
    await writer.end();
  });

  it("sees another process's committed write within a second, and not before it commits", async () => {
    const watch = await watchDataVersion(database.url());
    try {
      const before = watch.current()!;
      const client = await writer.connect();
      try {
        await client.query('BEGIN');
        await client.query(`INSERT INTO news_items VALUES (1, 'Road closure')`);
        // Not committed: the other process must still see the old version.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(watch.current()).toBe(before);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(await versionReached(watch, before + 1, 1000)).toBe(before + 1);
    } finally {
      await watch.stop();
    }
  });

  it('knows a committed write at once when asked to catch up, without waiting for its notification', async () => {
    const watch = await watchDataVersion(database.url());
    try {
      const before = watch.current()!;
      await writer.query(`INSERT INTO news_items VALUES (3, 'Market day')`);
      await watch.catchUp();
      expect(watch.current()).toBe(before + 1);
    } finally {
      await watch.stop();
    }
  });

  it('says the version is unknown while its connection is lost, and reads it again on return', async () => {
    const errors: Error[] = [];
    const watch = await watchDataVersion(database.url(), {
      retryMs: 50,
      onError: (error) => errors.push(error),
    });
    try {
      const before = watch.current()!;
      // Ends the listening connection from the server's side, as a restart would.
      await writer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND (query LIKE 'LISTEN%' OR query LIKE 'SELECT version%')`,
      );
      // A write while nobody listens: its notification is missed, the read on return finds it.
      await writer.query(`INSERT INTO news_items VALUES (2, 'Water interruption')`);
      expect(await versionReached(watch, before + 1, 5000)).toBe(before + 1);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await watch.stop();
    }
  });
});
