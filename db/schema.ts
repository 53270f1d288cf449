import type { Generated } from 'kysely';
import type { DocumentsSchema } from './documents-schema.ts';
import type { recordKinds } from '../shared/record-kinds.ts';
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

/** Keyset anchors of deep pages, dropped by triggers on any write (see db/record-queries.ts). */
export interface PageAnchorsTable {
  collection: string;
  position: number;
  created: string;
  id: number;
}

/** The database as Kysely sees it: the eight collections, the tables their triggers keep, staff, audit and hosted documents. */
export type DatabaseSchema = { [K in Kind as K['collection']]: RecordTable<K> } & {
  record_counts: RecordCountsTable;
  page_anchors: PageAnchorsTable;
} & StaffSchema &
  DocumentsSchema;
