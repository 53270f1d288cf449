import type { ProcurementRecord } from './records/list-query.ts';
import type { NewsStaffServices } from './news/news.ts';
import type { RecentRecord, RecordDetail } from './records/record-detail.ts';
import type { FieldErrors } from './records/record-validation.ts';
import type { StaffRole } from './staff-roles.ts';

export interface StaffIdentity {
  email: string;
  displayName: string;
  /** What the account may do; the server checks them again on every write. */
  roles: StaffRole[];
}

export interface StaffSessionInfo {
  user: StaffIdentity | null;
  /** Sent back with every form post and write call. */
  csrfToken: string;
  /** A one-time message from the previous step, such as 'Login successful'. */
  flash: string | null;
  /**
   * A fresh one-time key for one rendering of the data-entry form (null when signed out):
   * sent with Add, it stores the record once however often the form is sent.
   */
  formKey: string | null;
}

/**
 * A successful sign-in names the account's roles, so the page can lead it to its work. A
 * refusal's `status` says why (401 wrong credentials, 429 too many failures, 503 busy), so
 * the page words it in its own language; `retryAt` (429, when known) is when to try again.
 */
export type SignInOutcome =
  | { ok: true; roles: StaffRole[] }
  | { ok: false; status: 401 | 429 | 503; message: string; retryAt?: string };

/** `alreadyStored`: the form key had already stored this record, so nothing new was stored. */
export type AddRecordOutcome =
  | { ok: true; record: ProcurementRecord; alreadyStored: boolean }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors };

/** A correction: new values for some fields (blank clears an optional one), why, and the version it was made against. */
export interface RecordAmendment {
  fields: Record<string, string>;
  reason: string;
  version: number;
}

/**
 * The answer to an amendment or withdrawal: the record as it now stands, or why nothing
 * changed (400 bad input or nothing to change, 404 no such record, 409 changed meanwhile
 * or withdrawn, 403 the account lacks the role). `fieldErrors` is keyed by field name, `reason` or `version`.
 */
export type RecordChangeOutcome =
  | { ok: true; record: RecordDetail }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      message: string;
      fieldErrors: Record<string, string>;
    };

/** How many recent records the staff list shows when not told. */
export const RECENT_RECORDS = 20;
export const MAX_RECENT_RECORDS = 100;

/** The staff side of the loaders' services; on the server every call acts on the request's session. */
export interface StaffServices extends NewsStaffServices {
  staffSession(): Promise<StaffSessionInfo>;
  signIn(
    credentials: { email: string; password: string },
    csrfToken: string,
  ): Promise<SignInOutcome>;
  signOut(csrfToken: string): Promise<void>;
  addRecord(
    collection: string,
    fields: Record<string, string>,
    csrfToken: string,
    formKey?: string,
  ): Promise<AddRecordOutcome>;
  amendRecord(
    collection: string,
    id: number,
    amendment: RecordAmendment,
    csrfToken: string,
  ): Promise<RecordChangeOutcome>;
  withdrawRecord(
    collection: string,
    id: number,
    withdrawal: { reason: string },
    csrfToken: string,
  ): Promise<RecordChangeOutcome>;
  /**
   * The newest records of every kind, withdrawn ones included (at most MAX_RECENT_RECORDS),
   * for an account with the BAC role; refused with status 403 otherwise.
   */
  recentRecords(limit?: number): Promise<RecentRecord[]>;
}

/**
 * The flash a sign-in leaves for the page it leads to, kept in the session and returned by
 * the API as it always was; pages show it in their language (staffFlash). Also the staff
 * catalogue's English for it.
 */
export const LOGIN_SUCCESSFUL = 'Login successful';
/** The header that carries a form key on the JSON API (the IETF draft's name for it). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A form key spent on a record that is no longer there. */
export const FORM_KEY_SPENT_ELSEWHERE =
  'This form was already used for a record that is no longer there. Reload the page to add a record.';
/**
 * A key spent on one record type and sent for another: its answer would be a record of the
 * first type under the second type's address, so it is refused rather than answered.
 */
export const FORM_KEY_SPENT_ON_OTHER_KIND =
  'This form was already used to add a record of another type, so nothing was stored. Clear the form (a new form) to add this record.';
/** A form whose CSRF token or form key this session did not issue: signed in again meanwhile, or tampered with. */
export const FORM_EXPIRED =
  'This form has expired. Reload the page and try again; what you typed is kept.';
