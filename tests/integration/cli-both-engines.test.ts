import { existsSync } from 'node:fs';
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { alertQueueStats } from '../../db/alerts/alert-messages.ts';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { recordDocumentUpload } from '../../db/documents/document-queries.ts';
import { findPosting } from '../../db/full-disclosure/full-disclosure.ts';
import { openPostgres, withoutPassword } from '../../db/postgres/postgres-connection.ts';
import { countAllRecords } from '../../db/records/record-queries.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { findStaffByEmail, listStaff } from '../../db/staff-accounts/staff-accounts.ts';
import {
  documentFileName,
  documentsDir,
  storeDocument,
} from '../../server/documents/document-store.ts';
import { editJson, useCopiedContent } from '../helpers/content-files.ts';
import { PDF, PNG, sha256Of } from '../helpers/document-bytes.ts';
import { describeOnPostgres, usePostgresDatabase } from '../helpers/postgres-database.ts';
import { cli, seedAlertQueue, useWorkspace, type CliRun } from './cli-harness.ts';

const ADMIN = 'it.office@example.gov.ph';
const EMAIL = 'maria.santos@example.gov.ph';
const PASSWORD = 'tamarind-harbour-violet-7';
const NEW_PASSWORD = 'coconut-lantern-river-19';
const SITE_URL = 'https://procurement.example.gov.ph';

/** The site a CLI test runs its commands on, and reads back what they wrote. */
interface CliSite {
  dataDir: string;
  /** How the commands name the database: the SQLite file, or the URL without its password. */
  place: string;
  run(args: string[], input?: string, env?: NodeJS.ProcessEnv): Promise<CliRun>;
  /** The database opened for assertions (SQLite's file exists once a command made it). */
  read<T>(work: (database: SiteDatabase) => Promise<T>): Promise<T>;
}

/**
 * Declares `body` on both engines (issue 36): the CLI run without DATABASE_URL, on DATA_DIR's
 * SQLite file, and with DATABASE_URL naming a fresh PostgreSQL database of the test cluster.
 * The tests of one engine share one site and run in order, as an operator's commands would.
 */
function describeCliOnBothEngines(name: string, body: (site: CliSite) => void) {
  // A suite's timeout holds for the suites inside it: each test runs a dozen commands.
  describe(name, { timeout: 180_000 }, () => {
    describe('SQLite', () => {
      const space = useWorkspace({ scope: 'all' });
      body({
        get dataDir() {
          return space.dataDir;
        },
        get place() {
          return databasePath(space.dataDir);
        },
        run: (args, input, env) => cli(space.dataDir, args, input, env),
        read: async (work) => {
          const database = openDatabase(databasePath(space.dataDir));
          try {
            return await work(database);
          } finally {
            await database.close();
          }
        },
      });
    });
    describeOnPostgres('PostgreSQL', () => {
      const space = useWorkspace({ scope: 'all' });
      const postgres = usePostgresDatabase('cli_both');
      body({
        get dataDir() {
          return space.dataDir;
        },
        get place() {
          return withoutPassword(postgres.url());
        },
        run: (args, input, env) =>
          cli(space.dataDir, args, input, { DATABASE_URL: postgres.url(), ...env }),
        read: async (work) => {
          const database = openPostgres(postgres.url(), { max: 2 });
          try {
            return await work({ engine: 'postgres', db: database.db });
          } finally {
            await database.close();
          }
        },
      });
      it('never made a SQLite file in DATA_DIR', () => {
        expect(existsSync(databasePath(space.dataDir))).toBe(false);
      });
    });
  });
}

interface ListedUser {
  email: string;
  name: string;
  roles: string[];
  active: boolean;
}

async function ok(run: Promise<CliRun>): Promise<string> {
  const done = await run;
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  return done.stdout;
}

describeCliOnBothEngines('the CLI on the configured database', (site) => {
  const content = useCopiedContent();
  let demoRecords = 0;

  it('db migrate creates the site', async () => {
    expect(await ok(site.run(['db', 'migrate']))).toMatch(
      new RegExp(`^Applied \\d+ migrations to ${site.place.replaceAll(/[.?/]/g, '\\$&')}:\n`),
    );
    expect(await ok(site.run(['db', 'migrate']))).toBe(`${site.place} is up to date.\n`);
  });

  it('users add, roles, list, disable, enable and reset-password', async () => {
    expect(await ok(site.run(['users', 'add', ADMIN, '--password-stdin'], `${PASSWORD}\n`))).toBe(
      `Added staff account ${ADMIN} (it.office) with roles: admin, bac.\n`,
    );
    expect(
      await ok(
        site.run(
          [
            'users',
            'add',
            EMAIL,
            '--name',
            'Maria Santos',
            '--role',
            'information',
            '--password-stdin',
          ],
          `${PASSWORD}\n`,
        ),
      ),
    ).toContain(`Added staff account ${EMAIL} (Maria Santos) with roles: information.`);
    const again = await site.run(['users', 'add', EMAIL, '--password-stdin'], `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`An account for ${EMAIL} already exists`);

    expect(await ok(site.run(['users', 'roles', EMAIL, '--add', 'transparency']))).toBe(
      `${EMAIL} now has the roles: information, transparency.\n`,
    );
    expect(await ok(site.run(['users', 'disable', EMAIL]))).toBe(
      `Disabled ${EMAIL}; its open sessions have ended.\n`,
    );
    const lastAdmin = await site.run(['users', 'disable', ADMIN]);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toMatch(/admin/);
    const listed = JSON.parse(await ok(site.run(['users', 'list', '--json']))) as ListedUser[];
    expect(
      listed.map(({ email, name, roles, active }) => ({ email, name, roles, active })),
    ).toEqual([
      { email: ADMIN, name: 'it.office', roles: ['admin', 'bac'], active: true },
      {
        email: EMAIL,
        name: 'Maria Santos',
        roles: ['information', 'transparency'],
        active: false,
      },
    ]);
    expect(await ok(site.run(['users', 'enable', EMAIL]))).toBe(`Enabled ${EMAIL}.\n`);
    const before = await site.read((database) => findStaffByEmail(database, EMAIL));
    expect(
      await ok(
        site.run(['users', 'reset-password', EMAIL, '--password-stdin'], `${NEW_PASSWORD}\n`),
      ),
    ).toBe(`Set a new password for ${EMAIL}; its open sessions have ended.\n`);
    const stored = await site.read(async (database) => ({
      accounts: await listStaff(database),
      hash: (
        await database.db
          .selectFrom('staff_users')
          .select('password_hash')
          .where('email', '=', EMAIL)
          .executeTakeFirstOrThrow()
      ).password_hash,
    }));
    expect(stored.accounts.map((account) => [account.email, account.active])).toEqual([
      [ADMIN, true],
      [EMAIL, true],
    ]);
    expect(before?.active).toBe(true);
    expect(stored.hash).toMatch(/^\$argon2id\$/);
    expect(await ok(site.run(['users', 'list']))).toMatch(
      new RegExp(
        `${EMAIL.replaceAll('.', '\\.')}\\s+Maria Santos\\s+information,transparency\\s+yes`,
      ),
    );
  });

  it('audit list shows the account changes, filtered by action, newest first', async () => {
    const entries = JSON.parse(
      await ok(site.run(['audit', 'list', '--action', 'user-added', '--json'])),
    ) as { action: string; actor: string; detail: Record<string, unknown> }[];
    expect(entries.map((entry) => [entry.action, entry.actor.startsWith('cli:')])).toEqual([
      ['user-added', true],
      ['user-added', true],
    ]);
    expect(JSON.stringify(entries[0]!.detail)).toContain(EMAIL);
    expect(JSON.stringify(entries[1]!.detail)).toContain(ADMIN);
    const table = await ok(site.run(['audit', 'list', '--limit', '4']));
    const actions = table
      .split('\n')
      .slice(1, -1)
      .map((line) => line.split(/\s{2,}/)[1]);
    expect(actions).toEqual(['password-reset', 'user-enabled', 'user-disabled', 'roles-changed']);
    expect(await ok(site.run(['audit', 'list', '--actor', 'nobody@example.gov.ph']))).toBe(
      'No audit entries match.\n',
    );
  });

  it('alerts stats counts subscriptions and failures; alerts retry tries the failures again', async () => {
    const now = new Date().toISOString();
    await site.read((database) => seedAlertQueue(database, now));
    const stats = JSON.parse(await ok(site.run(['alerts', 'stats', '--json']))) as {
      queue: Record<string, unknown>;
      subscriptions: unknown[];
    };
    expect(stats.queue).toEqual({
      outboxPending: 0,
      messagesWaiting: 1,
      messagesFailed: 1,
      messagesSent: 0,
      lastFailure: '550 mailbox unavailable',
    });
    expect(stats.subscriptions).toEqual([
      { list: 'all', confirmed: 0, unconfirmed: 1 },
      { list: 'bid_bulletin', confirmed: 1, unconfirmed: 0 },
      { list: 'svp', confirmed: 1, unconfirmed: 0 },
    ]);
    expect(JSON.stringify(stats)).not.toContain('secret-bidder');
    expect(await ok(site.run(['alerts', 'retry']))).toMatch(/^1 message will be tried again/);
    expect((await site.read((database) => alertQueueStats(database))).messagesFailed).toBe(0);
  });

  it('full-disclosure import posts the index once, and skips it when run again', async () => {
    const folder = path.join(site.dataDir, '..', 'fdp-archive');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'abr-2024.pdf'), PDF);
    await writeFile(
      path.join(folder, 'index.csv'),
      'type,year,quarter,file,posted\nannual-budget-report,2024,,abr-2024.pdf,2024-01-12\n',
    );
    const importing = ['full-disclosure', 'import', folder, '--as', EMAIL];
    expect(await ok(site.run([...importing, '--dry-run']))).toBe(
      'Checked 1 rows: 1 to post, 0 already posted. Nothing was written (--dry-run).\n',
    );
    expect(await ok(site.run(importing))).toBe('Posted 1 of 1 documents (0 already posted).\n');
    expect(await ok(site.run(importing))).toBe('Posted 0 of 1 documents (1 already posted).\n');
    const posting = await site.read((database) =>
      findPosting(database, 'annual-budget-report', { year: 2024, quarter: null }),
    );
    expect(posting?.current).toMatchObject({
      sha256: sha256Of(PDF),
      postedAt: '2024-01-11T16:00:00.000Z',
    });
  });

  it('documents verify rehashes every stored document, naming a changed one', async () => {
    const stored = await storeDocument(
      documentsDir(site.dataDir),
      Readable.from([PNG]),
      1024 * 1024,
    );
    await site.read(async (database) => {
      const uploader = await findStaffByEmail(database, ADMIN);
      await recordDocumentUpload(database, {
        ...stored,
        fileName: 'plan.png',
        uploader: { id: uploader!.id, email: ADMIN },
        address: null,
      });
    });
    expect(await ok(site.run(['documents', 'verify']))).toMatch(/^Verified 2 documents in /);
    const file = path.join(
      documentsDir(site.dataDir),
      documentFileName(stored.sha256, stored.type),
    );
    const handle = await open(file, 'r+');
    try {
      await handle.write(Buffer.from('X'), 0, 1, 20);
    } finally {
      await handle.close();
    }
    const changed = await site.run(['documents', 'verify']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(`${file}: content changed`);
    expect(changed.stderr).toContain('1 document of 2 failed verification');
    await writeFile(file, PNG);
  });

  it('demo load fills an empty site once', async () => {
    const loaded = await ok(site.run(['demo', 'load']));
    const added = /^Added (\d+) demonstration procurement records to (.*)\. Every page/.exec(
      loaded,
    );
    expect(added?.[2]).toBe(site.place);
    demoRecords = Number(added?.[1]);
    expect(demoRecords).toBeGreaterThan(50);
    expect(await site.read((database) => countAllRecords(database))).toBe(demoRecords);
    expect(await ok(site.run(['demo', 'load']))).toBe(
      `${site.place} already holds ${demoRecords} procurement records, so no demonstration records were added: they go only into an empty database.\n`,
    );
  });

  it('ocds check passes on the demonstration records under a registered prefix', async () => {
    await editJson(content.dir, 'site.json', (json) => {
      json.openData.ocidPrefix = 'ocds-abc123';
    });
    const env = { SITE_URL, CONTENT_DIR: content.dir };
    const text = await ok(site.run(['ocds', 'check'], undefined, env));
    expect(text).toContain('passed  schema\n');
    expect(text).toContain('All checks passed.');
    const report = JSON.parse(await ok(site.run(['ocds', 'check', '--json'], undefined, env))) as {
      ok: boolean;
      processes: number;
    };
    expect(report.ok).toBe(true);
    expect(report.processes).toBeGreaterThan(50);
  });

  it('demo remove deletes the demonstration records, audited', async () => {
    const removed = await ok(site.run(['demo', 'remove']));
    expect(removed).toMatch(
      new RegExp(
        `^Removed ${demoRecords} demonstration records and \\d+ history entries from ${site.place.replaceAll(/[.?/]/g, '\\$&')};`,
      ),
    );
    expect(await site.read((database) => countAllRecords(database))).toBe(0);
    const entries = JSON.parse(
      await ok(site.run(['audit', 'list', '--action', 'demo-removed', '--json'])),
    ) as unknown[];
    expect(entries).toHaveLength(1);
    expect(await ok(site.run(['demo', 'remove']))).toContain(
      `${site.place} holds no demonstration records.\n`,
    );
  });

  it('import stores a CSV file once, and export writes the records back', async () => {
    const file = path.join(site.dataDir, 'awards.csv');
    await writeFile(
      file,
      [
        'pr_number,project_title,supplier,mode_of_procurement,link,created',
        'PR-CLI-1,"Road, phase 2",ACME,Public Bidding,https://example.org/1.pdf,2024-03-05T07:07:09Z',
        'PR-CLI-2,Clinic roof,Bayani Builders,SVP,https://example.org/2.pdf,2024-03-06T08:00:00Z',
        '',
      ].join('\n'),
    );
    const importing = ['import', 'notice_of_awards', file, '--as', ADMIN, '--json'];
    expect(JSON.parse(await ok(site.run(importing)))).toMatchObject({
      outcome: 'completed',
      imported: 2,
      duplicates: 0,
    });
    // The same file again: both are stored already.
    expect(JSON.parse(await ok(site.run(importing)))).toMatchObject({
      outcome: 'completed',
      imported: 0,
      duplicates: 2,
    });
    expect(await site.read((database) => countAllRecords(database))).toBe(2);
    const exported = await ok(site.run(['export', 'notice_of_awards', '--format', 'ndjson']));
    const rows = exported
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { pr_number: string; supplier: string });
    expect(rows.map(({ pr_number, supplier }) => [pr_number, supplier]).sort()).toEqual([
      ['PR-CLI-1', 'ACME'],
      ['PR-CLI-2', 'Bayani Builders'],
    ]);
  });
});
