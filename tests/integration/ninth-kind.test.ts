import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as StaffHelpers from '../helpers/staff.ts';
import type * as TestAppHelpers from '../helpers/test-app.ts';

/**
 * CONTRIBUTING.md says a ninth list is a registry entry plus one migration. This proves it
 * the honest way: it copies the sources to a scratch folder, makes exactly those two edits
 * there (the entry appended to shared/record-kinds.ts, a migration calling
 * createRecordTable listed in db/migrations/all-migrations.ts), type-checks the copy, and runs the
 * copy's own server and CLI. Registering the kind in-process instead would need a hook in
 * the registry that only tests use, and would skip the compiler, which is half the claim:
 * every map keyed by kind must accept the new kind without an edit.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the walk-through in CONTRIBUTING.md appends to `recordKinds`. */
const REGISTRY_ENTRY = `  {
    value: 'rfq',
    label: { en: 'Request for Quotation', fil: 'Paghingi ng Presyo (Request for Quotation)' },
    collection: 'request_for_quotation',
    route: '/bid-request-for-quotation',
    title: { en: 'Request for Quotation', fil: 'Paghingi ng Presyo (Request for Quotation)' },
    fields: prFields,
    columns: prColumns,
    searchFields: prColumns,
    nameField: 'project_title',
    ocds: {
      stage: 'tender',
      tags: { posted: 'tender', amended: 'tenderAmendment', withdrawn: 'tenderCancellation' },
      documentType: 'tenderNotice',
      procurementMethod: {
        method: 'limited',
        details: 'Request for Quotation (Small Value Procurement, RA 9184)',
        status: 'active',
      },
    },
  },
`;

/** The migration of the walk-through: the kind's table as it is on the day it is written. */
const MIGRATION = `import type { Kysely } from 'kysely';
import { createRecordTable, dropRecordTable, type RecordTableSpec } from './record-table.ts';

const requestForQuotation: RecordTableSpec = {
  collection: 'request_for_quotation',
  fields: [
    { name: 'pr_number', type: 'text' },
    { name: 'project_title', type: 'text' },
    { name: 'philgeps_reference', type: 'text', optional: true },
    { name: 'abc', type: 'money', optional: true },
    { name: 'closing_date', type: 'datetime', optional: true },
    { name: 'link', type: 'link' },
  ],
  searchFields: ['pr_number', 'project_title'],
};

export const up = (db: Kysely<unknown>) => createRecordTable(db, requestForQuotation);
export const down = (db: Kysely<unknown>) => dropRecordTable(db, requestForQuotation);
`;

const COPIED = ['client', 'server', 'db', 'cli', 'shared', 'content', 'tests/helpers'];
const COPIED_FILES = ['package.json', 'tsconfig.json', 'vite.config.ts'];

interface Run {
  code: number | null;
  output: string;
}

function run(command: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      cwd,
      env: { ...process.env, ARGON2_TEST_COST: 'low', NO_COLOR: '1', ...env },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Replaces the one occurrence of `anchor` in a file, failing when the file no longer has it. */
async function insertBefore(file: string, anchor: string, text: string): Promise<void> {
  const source = await readFile(file, 'utf8');
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0)
    throw new Error(`${file}: no single ${anchor}`);
  await writeFile(file, source.slice(0, at) + text + source.slice(at));
}

/** The copy with its ninth kind: the registry entry and the migration, nothing else. */
async function copyWithNinthKind(): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'municipal-ninth-kind-'));
  for (const entry of [...COPIED, ...COPIED_FILES]) {
    await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  await insertBefore(
    path.join(copy, 'shared/record-kinds.ts'),
    '] as const satisfies readonly RecordKind[];',
    REGISTRY_ENTRY,
  );
  // The next migration number, so the new migration applies last as it would in the repo.
  const numbers = (await readdir(path.join(copy, 'db/migrations')))
    .map((name) => /^(\d{4})-/.exec(name)?.[1])
    .filter((number) => number !== undefined)
    .map(Number);
  const name = `${String(Math.max(...numbers) + 1).padStart(4, '0')}-request-for-quotation`;
  await writeFile(path.join(copy, `db/migrations/${name}.ts`), MIGRATION);
  const index = path.join(copy, 'db/migrations/all-migrations.ts');
  await insertBefore(index, '\n/**', `import * as requestForQuotation from './${name}.ts';\n`);
  const source = await readFile(index, 'utf8');
  await writeFile(index, source.replace(/\n};\n$/, `\n  '${name}': requestForQuotation,\n};\n`));
  return copy;
}

const PASSWORD = 'quotation lantern harbor';
const STAFF = 'bac.secretariat@san-isidro.gov.ph';
const SITE_URL = 'https://procurement.example.gov.ph';

describe('a ninth list from a registry entry and one migration', { timeout: 300_000 }, () => {
  let copy: string;
  let testApp: TestAppHelpers.TestApp;
  let staff: typeof StaffHelpers;

  beforeAll(async () => {
    copy = await copyWithNinthKind();
    // The copy's own modules, so the server below is the one built from the edited registry.
    const helpers = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(copy, 'tests/helpers/test-app.ts')).href
    )) as typeof TestAppHelpers;
    staff = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(copy, 'tests/helpers/staff.ts')).href
    )) as typeof StaffHelpers;
    testApp = await helpers.createTestApp({ SITE_URL, TRUST_PROXY: '1' });
    await staff.addStaffAccount(testApp.config, STAFF, PASSWORD);
  });
  afterAll(async () => {
    await testApp?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('type-checks with no other edit: every map keyed by kind takes the new kind', async () => {
    const result = await run([path.join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], copy);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  const STAFF_TITLE = 'Supply of Nipa Shingles for the Day Care Center';
  const IMPORTED_TITLE = 'Repair of the Barangay Hall Water Tank';
  /** The record the staff form added, as its success message links to it. */
  let addedId = 0;

  it('is offered by the staff form, which adds a record to it', async () => {
    const visitor = new staff.ApiVisitor(testApp.app);
    expect((await visitor.signIn(STAFF, PASSWORD)).statusCode).toBe(200);
    const form = await visitor.request({ url: '/bac-input?type=rfq' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(/<option[^>]*value="rfq"[^>]*>Request for Quotation<\/option>/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const formKey = /name="form_key" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const added = await visitor.request({
      method: 'POST',
      url: '/bac-input?type=rfq',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({
        type: 'rfq',
        _csrf: csrf,
        form_key: formKey,
        pr_number: 'PR-2025-09-101',
        project_title: STAFF_TITLE,
        philgeps_reference: '',
        abc: '185,000.00',
        closing_date: '',
        link: 'https://example.org/rfq-101.pdf',
      }).toString(),
    });
    expect(added.statusCode).toBe(200);
    const link = new RegExp(
      `Add Successful\\. Added: ${STAFF_TITLE} \\(<a href="/bid-request-for-quotation/(\\d+)"`,
    ).exec(added.body.replaceAll('<!-- -->', ''));
    expect(link).not.toBeNull();
    addedId = Number(link![1]);
  });

  it('takes a CLI import, and the list page shows it at once (the data version moved)', async () => {
    // A search of the new list: its trigram index is in step with the table.
    const list = '/bid-request-for-quotation?q=water+tank';
    const before = await testApp.app.inject({ url: list });
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain(IMPORTED_TITLE);

    const csv = path.join(copy, 'quotations.csv');
    await writeFile(
      csv,
      `pr_number,project_title,link,created\nPR-2025-08-077,${IMPORTED_TITLE},https://example.org/rfq-77.pdf,2025-08-20T01:00:00Z\n`,
    );
    const imported = await run(
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        'cli/run-cli.ts',
        '--data-dir',
        testApp.config.dataDir,
        'import',
        'request_for_quotation',
        csv,
        '--as',
        STAFF,
        '--json',
      ],
      copy,
      // The app's database, on whichever engine it serves from.
      testApp.config.databaseUrl ? { DATABASE_URL: testApp.config.databaseUrl } : {},
    );
    expect(imported.output).toMatch(/"imported":\s*1/);
    expect(imported.code).toBe(0);

    // The same URL again: a cached copy of the page before the import would fail this.
    const after = await testApp.app.inject({ url: list });
    expect(after.body).toMatch(/<h1[^>]*>Request for Quotation<\/h1>/);
    expect(after.body).toContain(IMPORTED_TITLE);
    // Newest first: the record the staff form added just now heads the unsearched list.
    const first = await testApp.app.inject({ url: '/bid-request-for-quotation' });
    expect(first.body).toContain(`href="/bid-request-for-quotation/${addedId}"`);
    expect(first.body).toContain(STAFF_TITLE);
  });

  it('is on the Bids & Awards page, in both languages, and in the sitemap', async () => {
    const menu = await testApp.app.inject({ url: '/bids-and-awards' });
    expect(menu.body).toMatch(
      /<a[^>]*href="\/bid-request-for-quotation"[^>]*>(?:(?!<\/a>)[\s\S])*Request for Quotation<\/a>/,
    );
    // The entry's Filipino name, with no table of names elsewhere to add it to.
    const filipino = await testApp.app.inject({ url: '/fil/bids-and-awards' });
    expect(filipino.body).toMatch(
      /<a[^>]*href="\/fil\/bid-request-for-quotation"[^>]*>(?:(?!<\/a>)[\s\S])*Paghingi ng Presyo \(Request for Quotation\)<\/a>/,
    );
    const sitemap = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${SITE_URL}/bid-request-for-quotation</loc>`);
  });

  it('has a permalink, an API, a CSV download and an Atom feed', async () => {
    const permalink = await testApp.app.inject({ url: `/bid-request-for-quotation/${addedId}` });
    expect(permalink.statusCode).toBe(200);
    expect(permalink.body).toContain(STAFF_TITLE);
    expect(permalink.body).toContain('185,000.00');

    const api = await testApp.app.inject({
      url: '/api/records/request_for_quotation?q=water+tank',
    });
    expect(api.statusCode).toBe(200);
    expect(JSON.stringify(api.json())).toContain(IMPORTED_TITLE);
    const one = await testApp.app.inject({ url: `/api/records/request_for_quotation/${addedId}` });
    expect(one.json()).toMatchObject({ id: addedId, project_title: STAFF_TITLE, abc: '185000.00' });

    const csv = await testApp.app.inject({ url: '/bid-request-for-quotation.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(STAFF_TITLE);
    expect(csv.body).toContain(IMPORTED_TITLE);

    const feed = await testApp.app.inject({ url: '/bid-request-for-quotation.atom' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`${SITE_URL}/bid-request-for-quotation/${addedId}`);
    expect(feed.body).toContain(STAFF_TITLE);
  });

  it('is published as OCDS tender releases with the method its registry entry declares', async () => {
    type Page = { releases: { id: string }[]; links?: { next: string } };
    const releases: Page['releases'] = [];
    for (let url: string | undefined = '/ocds/releases.json'; url;) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const page = response.json() as Page;
      releases.push(...page.releases);
      url = page.links?.next.replace(SITE_URL, '');
    }
    const release = releases.find((entry) => entry.id === `request_for_quotation-${addedId}-v1`);
    expect(release).toMatchObject({
      tag: ['tender'],
      tender: {
        title: STAFF_TITLE,
        status: 'active',
        procurementMethod: 'limited',
        procurementMethodDetails: 'Request for Quotation (Small Value Procurement, RA 9184)',
        value: { amount: 185000, currency: 'PHP' },
        documents: expect.arrayContaining([
          expect.objectContaining({
            documentType: 'tenderNotice',
            url: 'https://example.org/rfq-101.pdf',
          }),
        ]),
      },
    });
  });
});
