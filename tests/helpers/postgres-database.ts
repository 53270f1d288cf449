import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { databaseUrl } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance URL, or why there is none (tests/global-setup.ts). */
    postgres: { url: string } | { missing: string };
  }
}

/**
 * `describe` for tests that need PostgreSQL: they run when the global setup started a
 * cluster and, locally, skip saying why when it could not. With CI=true the global setup
 * fails instead, so these never skip in CI.
 */
export function describeOnPostgres(name: string, body: () => void): void {
  const postgres = inject('postgres');
  if ('missing' in postgres) {
    console.warn(`SKIPPED on PostgreSQL: "${name}": ${postgres.missing}`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

/** The test cluster's maintenance URL; only inside `describeOnPostgres`. */
export function postgresClusterUrl(): string {
  const postgres = inject('postgres');
  if ('missing' in postgres) throw new Error(postgres.missing);
  return postgres.url;
}

/** Creates an empty database of its own on the test cluster and returns its URL. */
export async function createPostgresDatabase(prefix = 'test'): Promise<string> {
  const url = postgresClusterUrl();
  const name = `${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrl(url, name);
}

/** Drops a database made by createPostgresDatabase, closing whatever still holds it. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: postgresClusterUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** An empty database for the enclosing describe's tests, dropped after them. */
export function usePostgresDatabase(prefix: string): { url: () => string } {
  let url: string | undefined;
  beforeAll(async () => {
    url = await createPostgresDatabase(prefix);
  });
  afterAll(async () => {
    if (url) await dropPostgresDatabase(url);
  });
  return {
    url: () => {
      if (!url) throw new Error('The PostgreSQL database is made before the tests');
      return url;
    },
  };
}
