import { afterEach, expect, it } from 'vitest';
import {
  checkPostgres,
  openPostgres,
  withoutPassword,
  type PostgresDatabase,
} from '../../db/postgres/postgres-connection.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';

describeOnPostgres('a PostgreSQL database', () => {
  const database = usePostgresDatabase('connection');
  let opened: PostgresDatabase | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('is reached through its URL and reads bigints as numbers', async () => {
    opened = openPostgres(database.url());
    await checkPostgres(opened);
    const { rows } = await opened.pool.query<{ n: unknown }>(
      'SELECT 9007199254740991::bigint AS n',
    );
    expect(rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a bigint beyond the safe integers rather than rounding it', async () => {
    opened = openPostgres(database.url());
    await expect(opened.pool.query('SELECT 9007199254740993::bigint AS n')).rejects.toThrow(
      /beyond JavaScript's safe integers/,
    );
  });

  it('says which database cannot be reached, without its password', async () => {
    opened = openPostgres('postgres://municipal:secret@127.0.0.1:1/nowhere');
    await expect(checkPostgres(opened)).rejects.toThrow(
      /^The PostgreSQL database postgres:\/\/municipal:\*\*\*@127\.0\.0\.1:1\/nowhere cannot be reached .*check DATABASE_URL/,
    );
    expect(withoutPassword('postgres://a:b@h/d')).toBe('postgres://a:***@h/d');
  });
});
