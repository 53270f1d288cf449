import type { Generated } from 'kysely';
import type { DocumentsSchema } from './documents/documents-schema.ts';
import type { recordKinds } from '../shared/record-kinds.ts';
import type { StaffSchema } from './staff-accounts/staff-schema.ts';

type Kind = (typeof recordKinds)[number];
type Spec<K extends Kind> = K['fields'][number];

/** How a field of the registry is stored: amounts as integer centavos, the rest as text (times ISO UTC). */
type Stored<F> = F extends { type: 'money' } ? number : string;
type Column<F> = F extends { optional: true } ? Stored<F> | null : Stored<F>;

/**
 * One collection's table: the kind's fields, an id, the UTC creation time (ISO 8601) and
 * its life as a public document: version, last change and withdrawal (migration 0007).
 */
export type RecordTable<K extends Kind> = {
  [F in Spec<K> as F['name']]: Column<F>;
} & {
  id: Generated<number>;
  created: string;
  version: Generated<number>;
  updated: string | null;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
};

export interface RecordCountsTable {
  collection: string;
  /** Published records only: withdrawn ones leave the count. */
  total: number;
}

/** Keyset anchors of deep pages, dropped by triggers on any write (see db/records/record-queries.ts). */
export interface PageAnchorsTable {
  collection: string;
  position: number;
  created: string;
  id: number;
}

/** One amendment or withdrawal of a record: the version it produced, who, why and what changed. */
export interface RecordHistoryTable {
  collection: string;
  record_id: number;
  version: number;
  at: string;
  /** The staff e-mail; kept for the record, not shown on the public page. */
  actor: string;
  action: 'amended' | 'withdrawn';
  reason: string;
  /** JSON list of { field, before, after } in the API's form (amounts as decimal strings). */
  changes: string;
}

/** A record that is demonstration data (migration 0009): loaded only with DEMO_RECORDS=true. */
export interface DemoRecordsTable {
  collection: string;
  record_id: number;
}

/** A data-entry form's one-time key that stored a record (migration 0010). */
export interface RecordFormKeysTable {
  form_key: string;
  account_id: number;
  collection: string;
  record_id: number;
  created: string;
}

/** The database as Kysely sees it: the eight collections, the tables their triggers keep, history, staff, audit and hosted documents. */
export type DatabaseSchema = { [K in Kind as K['collection']]: RecordTable<K> } & {
  record_counts: RecordCountsTable;
  page_anchors: PageAnchorsTable;
  record_history: RecordHistoryTable;
  demo_records: DemoRecordsTable;
  record_form_keys: RecordFormKeysTable;
} & StaffSchema &
  DocumentsSchema;
