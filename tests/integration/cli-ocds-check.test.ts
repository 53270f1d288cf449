import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecordNow } from '../../db/records/record-queries.ts';
import { loadContent } from '../../server/content/load.ts';
import { checkOcdsOutput, collectOcdsOutput } from '../../server/open-data/ocds-quality.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { reportText } from '../../cli/commands/ocds-check.ts';
import { editJson, useCopiedContent } from '../helpers/content-files.ts';
import { cli, useWorkspace } from './cli-harness.ts';

const SITE_URL = 'https://procurement.example.gov.ph';
const REGISTERED = 'ocds-abc123';

/**
 * `municipal ocds check` (issue 35) on the demonstration data: clean under a registered
 * prefix, and naming each problem on the placeholder prefix, on an award dated before its
 * tender's end, and on a record package with a release twice.
 */
describe('municipal ocds check', () => {
  const space = useWorkspace({ scope: 'all' });
  const content = useCopiedContent();
  const registered = async () =>
    editJson(content.dir, 'site.json', (site) => {
      site.openData.ocidPrefix = REGISTERED;
    });
  const check = (args: string[] = []) =>
    cli(space.dataDir, ['ocds', 'check', ...args], undefined, {
      SITE_URL,
      CONTENT_DIR: content.dir,
    });

  beforeAll(async () => {
    const loaded = await space.run(['demo', 'load']);
    expect(loaded.code, loaded.stderr).toBe(0);
  });

  it('exits 0 on the demonstration data under a registered prefix, every check named', async () => {
    await registered();
    const run = await check();
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    for (const id of [
      'schema',
      'ocid-prefix',
      'unique-ids',
      'date-order',
      'amounts',
      'parties',
      'no-empty',
    ]) {
      expect(run.stdout).toContain(`passed  ${id}\n`);
    }
    expect(run.stdout).toContain('skipped document-urls (add --check-urls)');
    expect(run.stdout).toContain('All checks passed.');
    const json = await check(['--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      processes: number;
      ocidPrefix: string;
    };
    expect(report).toMatchObject({ ok: true, ocidPrefix: REGISTERED });
    expect(report.processes).toBeGreaterThan(50);
  });

  it('exits 3 on the placeholder prefix, saying it is the placeholder', async () => {
    const run = await check();
    expect(run.code, run.stdout).toBe(3);
    expect(run.stdout).toContain('FAILED  ocid-prefix: 1 problem');
    expect(run.stdout).toContain(
      'openData.ocidPrefix: the ocid prefix ocds-xxxxxx is the placeholder, not a registered prefix',
    );
    expect(run.stdout).toContain('passed  schema');
    expect(run.stdout).toContain('Failed: ocid-prefix.');
  });

  it('needs SITE_URL where the server would need it (not on a loopback listener)', async () => {
    const run = await cli(space.dataDir, ['ocds', 'check'], undefined, {
      SITE_URL: '',
      HOST: '0.0.0.0',
      CONTENT_DIR: content.dir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('set SITE_URL');
  });

  it('names an award dated before its tender period ends, and a release given twice', async () => {
    await registered();
    const database = space.database();
    let award: number;
    try {
      const add = (collection: string, values: Record<string, string>, created: string) =>
        insertRecordNow(database, kindByCollection(collection)!, values, new Date(created)).id;
      add(
        'public_bidding',
        {
          bid_number: 'ITB-2026-900',
          project_title: 'Rehabilitation of the Public Market',
          philgeps_reference: '99887766',
          abc: '1500000.00',
          closing_date: '2026-03-20T02:00:00.000Z',
          link: 'https://example.org/itb-900.pdf',
        },
        '2026-03-01T01:00:00.000Z',
      );
      // Posted ten days before the bids closed.
      award = add(
        'notice_of_awards',
        {
          pr_number: 'PR-2026-0900',
          project_title: 'Rehabilitation of the Public Market',
          supplier: 'Lakas Construction',
          mode_of_procurement: 'Public Bidding',
          philgeps_reference: '99887766',
          contract_amount: '1450000.00',
          link: 'https://example.org/noa-900.pdf',
        },
        '2026-03-10T01:00:00.000Z',
      );
    } finally {
      await database.close();
    }
    const ocid = `${REGISTERED}-99887766`;
    const run = await check();
    expect(run.code, run.stdout).toBe(3);
    expect(run.stdout).toContain('FAILED  date-order: 1 problem');
    expect(run.stdout).toContain(
      `  ${ocid} notice_of_awards-${award}-v1 compiledRelease/awards[0]/date: awards[0]/date (2026-03-10T01:00:00.000Z) is before tender/tenderPeriod/endDate (2026-03-20T02:00:00.000Z)`,
    );
    expect(run.stdout).toContain('passed  unique-ids');

    // A release given twice in a record package: the packages tampered with after they are
    // built, then judged and told by the same functions the command runs.
    const reopened = space.database();
    try {
      const settings = { siteUrl: SITE_URL, site: (await loadContent(content.dir)).site };
      const now = new Date('2026-11-27T00:00:00.000Z');
      const output = await collectOcdsOutput(reopened, settings, now);
      const record = output.recordPackages
        .flatMap((found) => found.records)
        .find((candidate) => candidate.ocid === ocid)!;
      record.releases.push(structuredClone(record.releases[0]!));
      const report = await checkOcdsOutput(output, { now });
      expect(report.ok).toBe(false);
      const text = reportText(report);
      expect(text).toContain('FAILED  unique-ids: 1 problem');
      expect(text).toContain(
        `  ${ocid} ${record.releases[0]!.id} releases[2]/id: this release id appears more than once`,
      );
      expect(text).toContain('FAILED  date-order: 1 problem');
      expect(text).toContain('Failed: unique-ids, date-order.');
    } finally {
      await reopened.close();
    }
  });
});
