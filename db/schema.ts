import type { Generated } from 'kysely';
import type { recordKinds } from './record-kinds.ts';
import type { StaffSchema } from './staff-schema.ts';

type Kind = (typeof recordKinds)[number];

/** One collection's table: the kind's text fields, an id and the UTC creation time (ISO 8601). */
export type RecordTable<K extends Kind> = { [F in K['fields'][number]['name']]: string } & {
  id: Generated<number>;
  created: string;
};

export interface RecordCountsTable {
  collection: string;
  total: number;
}

/** The database as Kysely sees it: the eight collections, the totals kept by triggers, staff and audit. */
export type DatabaseSchema = { [K in Kind as K['collection']]: RecordTable<K> } & {
  record_counts: RecordCountsTable;
} & StaffSchema;
