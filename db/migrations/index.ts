import type { Migration } from 'kysely';
import * as procurementRecords from './0001-procurement-records.ts';

/**
 * Every migration, by name in the order they apply. A static record rather than a folder
 * scan, because the server and CLI run from a bundle where the migration files are gone.
 */
export const migrations: Record<string, Migration> = {
  '0001-procurement-records': procurementRecords,
};
