/**
 * The integration suite runs twice (issue 36): on SQLite, and again with every test app
 * serving from PostgreSQL (`npm run test:postgres`, TEST_ENGINE=postgres). These files are
 * left out of the second pass, each with why. Tests written on both engines already
 * (`*-both-engines`, `*postgres*`) run their PostgreSQL half in the first pass.
 */

/** About the SQLite file itself (backups, WAL, restore, the file's checks): nothing to run on PostgreSQL. */
export const SQLITE_BY_NATURE: Readonly<Record<string, string>> = {
  'wal-checkpoints.test.ts': "SQLite's WAL and its checkpoint worker",
  'database-faults.test.ts': 'a damaged, locked or full SQLite file',
  'alerts-crash.test.ts':
    'the one server process of a SQLite file resends at once after a crash (several processes on PostgreSQL: two-processes-postgres)',
  'npm-start.test.ts': "the README's `npm start` on the embedded default",
  'production-install.test.ts': 'a production install serving the embedded default',
  'cli-db.test.ts': 'the `db` commands on the SQLite file (check, backup, restore)',
  'cli-db-copy.test.ts': 'copies from the SQLite file to PostgreSQL already',
  'alert-claims.test.ts': 'declared on both engines already',
};

/** Not about the app's engine: the CLI tests run their commands on a workspace of their own. */
export const RUN_ONCE: Readonly<Record<string, string>> = {
  'cli-alerts.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-audit.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-closed-pipe.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-documents.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-export.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-full-disclosure.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-fund-report.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-import-documents.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-import-firestore.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-import-input.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-import-interrupt.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-import.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-npx.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-ocds-check.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
  'cli-users.test.ts':
    'the CLI on a workspace of its own (on PostgreSQL: cli-both-engines, cli-postgres)',
};

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
    ...Object.keys(RUN_ONCE),
    ...Object.keys(SQLITE_FIXTURES_STILL),
  ].map((file) => (file.startsWith('tests/') ? file : `tests/integration/${file}`));
}
