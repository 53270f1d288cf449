import type { StaffMessageKey } from './i18n/staff-messages-en.ts';
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
  /** A one-time message from the previous step, such as the sign-in's; pages word its code. */
  flash: StaffFlash | null;
  /**
   * A fresh one-time key for one rendering of the data-entry form (null when signed out):
   * sent with Add, it stores the record once however often the form is sent.
   */
  formKey: string | null;
}

/**
 * The one-time messages a step leaves in the session for the page it leads to, as codes:
 * SIGNED_IN after a sign-in.
 */
export const FLASH_CODES = ['SIGNED_IN'] as const;
export type FlashCode = (typeof FLASH_CODES)[number];

/** A flash as the session info carries it: the code pages word, and its English for the API's readers. */
export interface StaffFlash {
  code: FlashCode;
  message: string;
}

/** Each flash's words in the staff catalogue. */
export const FLASH_KEYS: Record<FlashCode, StaffMessageKey> = {
  SIGNED_IN: 'staff.login.successful',
};

/**
 * Why a sign-in was refused: WRONG_CREDENTIALS (401), TOO_MANY_ATTEMPTS (429, failures
 * from the account or the address), BUSY (503, too many password checks at once).
 */
export const SIGN_IN_REFUSALS = ['WRONG_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'BUSY'] as const;
export type SignInRefusalCode = (typeof SIGN_IN_REFUSALS)[number];

/**
 * Each sign-in refusal's words (TOO_MANY_ATTEMPTS without a time; the page says
 * `staff.login.throttled` with the time when `retryAt` is known).
 */
export const SIGN_IN_REFUSAL_KEYS: Record<SignInRefusalCode, StaffMessageKey> = {
  WRONG_CREDENTIALS: 'staff.login.wrongCredentials',
  TOO_MANY_ATTEMPTS: 'staff.login.throttledSoon',
  BUSY: 'staff.login.busy',
};

/**
 * A successful sign-in names the account's roles, so the page can lead it to its work. A
 * refusal's `code` says why, for the page to word in its own language; `message` is the
 * same in English, for the API's readers; `retryAt` (TOO_MANY_ATTEMPTS, when known) is
 * when to try again.
 */
export type SignInOutcome =
  | { ok: true; roles: StaffRole[] }
  | {
      ok: false;
      status: 401 | 429 | 503;
      code: SignInRefusalCode;
      message: string;
      retryAt?: string;
    };

/**
 * Why Add stored nothing: INVALID_INPUT (400, `fieldErrors` says which fields),
 * FORM_EXPIRED (400, a form key this session did not issue: signed in again meanwhile, or
 * tampered with), NOT_PERMITTED (403, no BAC role), NO_SUCH_KIND (404), FORM_KEY_SPENT
 * (409, the form already stored a record that is no longer there) and
 * FORM_KEY_SPENT_ON_OTHER_KIND (409, the form already stored a record of another type: its
 * answer would be a record of the first type under the second type's address, so it is
 * refused rather than answered).
 */
export const ADD_RECORD_REFUSALS = [
  'INVALID_INPUT',
  'FORM_EXPIRED',
  'NOT_PERMITTED',
  'NO_SUCH_KIND',
  'FORM_KEY_SPENT',
  'FORM_KEY_SPENT_ON_OTHER_KIND',
  // The procurement project chosen for the notice is not there (issue 34).
  'NO_SUCH_PROJECT',
] as const;
export type AddRecordRefusalCode = (typeof ADD_RECORD_REFUSALS)[number];

/**
 * Each Add refusal's words. INVALID_INPUT's are the page's own check of what was typed
 * (shared/records/record-validation.ts); its key here is for when that finds nothing.
 */
export const ADD_RECORD_REFUSAL_KEYS: Record<AddRecordRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.input.saveFailed',
  FORM_EXPIRED: 'staff.input.formExpired',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_KIND: 'staff.input.noSuchType',
  FORM_KEY_SPENT: 'staff.input.formKeySpent',
  FORM_KEY_SPENT_ON_OTHER_KIND: 'staff.input.formKeySpentOnOtherKind',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
};

/**
 * `alreadyStored`: the form key had already stored this record, so nothing new was stored.
 * A refusal's `code` is for pages, `message` and `fieldErrors` the same in English for the
 * API's readers.
 */
export type AddRecordOutcome =
  | { ok: true; record: ProcurementRecord; alreadyStored: boolean }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      code: AddRecordRefusalCode;
      message: string;
      fieldErrors: FieldErrors;
    };

/** A correction: new values for some fields (blank clears an optional one), why, and the version it was made against. */
export interface RecordAmendment {
  fields: Record<string, string>;
  reason: string;
  version: number;
}

/**
 * Why a correction or withdrawal changed nothing: INVALID_INPUT (400, `fieldErrors` says
 * which), NOTHING_TO_CHANGE (400, every field as stored), NOT_PERMITTED (403, no BAC
 * role), NO_SUCH_KIND and NO_SUCH_RECORD (404), CHANGED_MEANWHILE (409, made against a
 * version that is no longer the current one) and ALREADY_WITHDRAWN (409).
 */
export const RECORD_CHANGE_REFUSALS = [
  'INVALID_INPUT',
  'NOTHING_TO_CHANGE',
  'NOT_PERMITTED',
  'NO_SUCH_KIND',
  'NO_SUCH_RECORD',
  'CHANGED_MEANWHILE',
  'ALREADY_WITHDRAWN',
] as const;
export type RecordChangeRefusalCode = (typeof RECORD_CHANGE_REFUSALS)[number];

/**
 * Each change refusal's words (values: CHANGED_MEANWHILE's `version` and
 * ALREADY_WITHDRAWN's `date`, from the record as it now stands). INVALID_INPUT's are the
 * page's own check of what was typed; its key here is for when that finds nothing.
 */
export const RECORD_CHANGE_REFUSAL_KEYS: Record<RecordChangeRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.change.failed',
  NOTHING_TO_CHANGE: 'staff.change.nothingToChange',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_KIND: 'staff.change.noSuchRecord',
  NO_SUCH_RECORD: 'staff.change.noSuchRecord',
  CHANGED_MEANWHILE: 'staff.change.stale',
  ALREADY_WITHDRAWN: 'staff.change.alreadyWithdrawn',
};

/**
 * The answer to an amendment or withdrawal: the record as it now stands, or why nothing
 * changed, as a code for pages and in English for the API's readers. `fieldErrors` is
 * keyed by field name, `reason` or `version`.
 */
export type RecordChangeOutcome =
  | { ok: true; record: RecordDetail }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      code: RecordChangeRefusalCode;
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

/** The header that carries a form key on the JSON API (the IETF draft's name for it). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
