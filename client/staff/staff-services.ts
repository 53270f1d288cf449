import type { ProcurementRecord } from '../../shared/list-query.ts';
import type { FieldErrors } from '../../shared/record-validation.ts';

export interface StaffIdentity {
  email: string;
  displayName: string;
}

export interface StaffSessionInfo {
  user: StaffIdentity | null;
  /** Sent back with every form post and write call. */
  csrfToken: string;
  /** A one-time message from the previous step, such as 'Login successful'. */
  flash: string | null;
}

export type SignInOutcome = { ok: true } | { ok: false; status: 401 | 429 | 503; message: string };

export type AddRecordOutcome =
  | { ok: true; record: ProcurementRecord }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors };

/** The staff side of the loaders' services; on the server every call acts on the request's session. */
export interface StaffServices {
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
  ): Promise<AddRecordOutcome>;
}

export const LOGIN_SUCCESSFUL = 'Login successful';
export const ADD_SUCCESSFUL = 'Add Successful';
