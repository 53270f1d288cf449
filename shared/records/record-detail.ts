/**
 * One procurement record as a public document: what its permalink page and
 * `GET /api/records/:collection/:id` show. Values are at the edge already: amounts as
 * decimal strings ("1234567.89"), times as ISO 8601 UTC; pages format them for Manila.
 */
import type { NoticeProject, ProcurementRecord } from './list-query.ts';
import type { FieldName } from '../record-kinds.ts';

export type RecordStatus = 'published' | 'withdrawn';

/** One field's value before and after an amendment; null where the field was empty. */
export interface FieldChange {
  field: FieldName;
  before: string | null;
  after: string | null;
}

/** One step of a record's public history, oldest first. */
export interface HistoryEntry {
  /** The version this step produced (the record starts at version 1). */
  version: number;
  at: string;
  action: 'amended' | 'withdrawn';
  reason: string;
  /** What an amendment changed; empty for a withdrawal. */
  changes: FieldChange[];
}

/** A document hosted by the site itself, when the record's link points at one. */
export interface HostedDocument {
  url: string;
  sha256: string;
  bytes: number;
  type: string;
}

export type RecordDetail = ProcurementRecord & {
  collection: string;
  status: RecordStatus;
  version: number;
  /** Time of the last amendment or withdrawal; equals `created` for an untouched record. */
  updated: string;
  withdrawn: { at: string; reason: string } | null;
  document: HostedDocument | null;
  history: HistoryEntry[];
  project: NoticeProject;
};

/** One line of the staff list of recent records, withdrawn ones included. */
export interface RecentRecord {
  collection: string;
  id: number;
  /** The kind's name field (project title, or a report's title). */
  title: string;
  status: RecordStatus;
  version: number;
  created: string;
}
