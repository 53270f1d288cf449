import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { currentDataVersion } from '../../db/data-version.ts';
import { migrations } from '../../db/migrations/all-migrations.ts';
import { insertRecord, insertRecords } from '../../db/records/record-queries.ts';
import { databaseCreated, recordCreation } from '../../db/run-migrations.ts';
import { writeTransaction } from '../../db/site-database.ts';
import { readDataVersion } from '../../db/sqlite-data-version.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const FIRST = Object.keys(migrations)[0]!;
const svp = kindByCollection('svp')!;
const svpValues = (prNumber: string) => ({
  pr_number: prNumber,
  project_title: `Drainage works ${prNumber}`,
  abc: '1234567.89',
  closing_date: '2026-03-15T02:00:00.000Z',
  link: 'https://example.gov.ph/notice.pdf',
});

describeOnBothEngines('the site’s creation time', (engine) => {
  it('is recorded by the migration run and kept by a later run', async () => {
    const created = await databaseCreated(engine.site());
    expect(created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // A later run, even one that says it applied the first migration, keeps the first time.
    await recordCreation(engine.site(), [FIRST], new Date('2031-01-01T00:00:00.000Z'));
    expect(await databaseCreated(engine.another())).toBe(created);
  });

  it('is the app’s clock for a new database, else the first migration’s time', async () => {
    const site = engine.site();
    const created = await databaseCreated(site);
    try {
      await sql`DELETE FROM site_created`.execute(site.db);
      await expect(databaseCreated(site)).rejects.toThrow('has not been migrated');
      await sql`UPDATE kysely_migration SET timestamp = '2024-07-01T00:00:00.000Z'
        WHERE name = ${FIRST}`.execute(site.db);
      await recordCreation(site, [], new Date('2031-01-01T00:00:00.000Z'));
      expect(await databaseCreated(site)).toBe('2024-07-01T00:00:00.000Z');

      await sql`DELETE FROM site_created`.execute(site.db);
      await recordCreation(site, [FIRST], new Date('2026-03-10T02:00:00.000Z'));
      expect(await databaseCreated(engine.another())).toBe('2026-03-10T02:00:00.000Z');
    } finally {
      await sql`DELETE FROM site_created`.execute(site.db);
      await sql`INSERT INTO site_created (id, created) VALUES (1, ${created})`.execute(site.db);
    }
  });
});

describeOnBothEngines('the data version', (engine, engineName) => {
  it('moves when another process commits a public write, not when its write rolls back', async () => {
    const site = engine.site();
    const other = engine.another();
    const before = await currentDataVersion(site);
    expect(Number.isInteger(before)).toBe(true);
    if (site.engine === 'sqlite') expect(readDataVersion(site)).toBe(before);

    await insertRecords(other, svp, [{ values: svpValues('PR-DV-1') }]);
    const afterWrite = await currentDataVersion(site);
    expect(afterWrite).toBeGreaterThan(before);
    expect(await currentDataVersion(other)).toBe(afterWrite);
    if (site.engine === 'sqlite') expect(readDataVersion(site)).toBe(afterWrite);

    await expect(
      writeTransaction(other, async (transaction) => {
        await insertRecord(transaction, svp, svpValues('PR-DV-2'));
        throw new Error(`rolled back on ${engineName}`);
      }),
    ).rejects.toThrow(`rolled back on ${engineName}`);
    expect(await currentDataVersion(site)).toBe(afterWrite);
    expect(await currentDataVersion(other)).toBe(afterWrite);
  });
});
