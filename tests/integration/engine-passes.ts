/**
 * The integration suite runs twice (issue 36): on SQLite, and again with every test app
 * serving from PostgreSQL (`npm run test:postgres`, TEST_ENGINE=postgres). These files are
 * left out of the second pass, each with why. Tests written on both engines already
 * (`*-both-engines`, `*postgres*`) run their PostgreSQL half in the first pass.
 */

/** About the SQLite file itself (backups, WAL, restore, the file's checks): nothing to run on PostgreSQL. */
export const SQLITE_BY_NATURE: Readonly<Record<string, string>> = {};

/**
 * Tests whose fixtures or assertions still read or write the SQLite file directly; each
 * leaves once it goes through `site` (tests/helpers/test-app.ts) or the HTTP API.
 */
export const SQLITE_FIXTURES_STILL: Readonly<Record<string, string>> = {};

/** Globs vitest's PostgreSQL pass leaves out. */
export function postgresPassExcludes(): string[] {
  return [
    'tests/integration/**/*-both-engines.test.ts',
    'tests/integration/**/*postgres*.test.ts',
    ...Object.keys(SQLITE_BY_NATURE),
    ...Object.keys(SQLITE_FIXTURES_STILL),
  ].map((file) => (file.startsWith('tests/') ? file : `tests/integration/${file}`));
}
