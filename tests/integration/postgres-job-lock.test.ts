import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAlone } from '../../db/postgres/job-lock.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';

describeOnPostgres('a scheduled job across app processes on PostgreSQL', () => {
  const database = usePostgresDatabase('advisory_lock');
  // Two pools stand for two app processes on one database.
  let first: PostgresDatabase;
  let second: PostgresDatabase;
  beforeAll(() => {
    first = openPostgres(database.url());
    second = openPostgres(database.url());
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('runs in one process while the other reaches it at the same time', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const inFirst = runAlone(first, 'digest', async () => {
      started();
      await holding;
      return 'sent by the first';
    });
    await running;
    const inSecond = await runAlone(second, 'digest', async () => 'sent by the second');
    expect(inSecond).toEqual({ ran: false });
    // Another job is not held up by this one.
    expect(await runAlone(second, 'clean-up', async () => 'cleaned')).toEqual({
      ran: true,
      value: 'cleaned',
    });
    release();
    expect(await inFirst).toEqual({ ran: true, value: 'sent by the first' });
  });

  it('is free again once the work ends, even when it failed', async () => {
    await expect(
      runAlone(first, 'digest', async () => {
        throw new Error('mail server down');
      }),
    ).rejects.toThrow('mail server down');
    expect(await runAlone(second, 'digest', async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it('is freed by a process that dies holding it', async () => {
    const doomed = openPostgres(database.url());
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const never = runAlone(doomed, 'digest', async () => {
      started();
      await new Promise(() => {});
    });
    await running;
    expect(await runAlone(second, 'digest', async () => 1)).toEqual({ ran: false });
    // The dying process's connections go, as when it is killed.
    await first.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`,
    );
    void never.catch(() => {});
    await doomed.close().catch(() => {});
    expect(await runAlone(second, 'digest', async () => 2)).toEqual({ ran: true, value: 2 });
  });
});
