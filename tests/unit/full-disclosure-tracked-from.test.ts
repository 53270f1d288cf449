import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { databaseCreated } from '../../db/run-migrations.ts';
import { migrateToLatest } from '../../db/sqlite-migrations.ts';
import { fullDisclosureSchema } from '../../server/content/content-schema.ts';
import { trackingStart } from '../../server/full-disclosure/disclosure-grid.ts';

const type = {
  id: 'sef-utilization',
  name: { en: 'SEF Utilization' },
  frequency: 'quarterly',
  deadlineDays: 30,
  basis: { en: 'DILG MC 2010-83' },
};

describe('From when Full Disclosure postings are tracked', () => {
  it('takes a real Manila day in content/full-disclosure.json, or none', () => {
    expect(fullDisclosureSchema.safeParse({ documentTypes: [type] }).success).toBe(true);
    expect(
      fullDisclosureSchema.safeParse({ trackedFrom: '2026-03-05', documentTypes: [type] }).success,
    ).toBe(true);
    for (const trackedFrom of ['2026-02-30', 'March 5, 2026', '']) {
      expect(fullDisclosureSchema.safeParse({ trackedFrom, documentTypes: [type] }).success).toBe(
        false,
      );
    }
  });

  it('starts at the content day’s Manila midnight, else when the database was created by the app’s clock', async () => {
    const database = openDatabase(':memory:');
    try {
      await migrateToLatest(database, new Date('2026-03-10T02:00:00.000Z'));
      expect(await databaseCreated(database)).toBe('2026-03-10T02:00:00.000Z');
      // A later start keeps the first.
      await migrateToLatest(database, new Date('2027-01-01T00:00:00.000Z'));
      expect(await trackingStart({ documentTypes: [] }, database)).toBe('2026-03-10T02:00:00.000Z');
      expect(await trackingStart({ trackedFrom: '2024-01-01', documentTypes: [] }, database)).toBe(
        '2023-12-31T16:00:00.000Z',
      );
    } finally {
      await database.close();
    }
  });

  it('dates a database created before it was recorded by its first migration', async () => {
    const database = openDatabase(':memory:');
    try {
      await migrateToLatest(database, new Date('2026-03-10T02:00:00.000Z'));
      database.sqlite.exec('DELETE FROM site_created');
      database.sqlite.exec(
        "UPDATE kysely_migration SET timestamp = '2024-07-01T00:00:00.000Z' WHERE name = '0001-procurement-records'",
      );
      await migrateToLatest(database, new Date('2027-01-01T00:00:00.000Z'));
      expect(await databaseCreated(database)).toBe('2024-07-01T00:00:00.000Z');
    } finally {
      await database.close();
    }
  });
});
