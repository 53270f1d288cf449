import type { Generated } from 'kysely';

export interface StaffUsersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased, so the unique constraint is case-insensitive. */
  email: string;
  display_name: string;
  password_hash: string;
  active: Generated<number>;
  /** Raised when the account is disabled or its password reset, ending every session. */
  session_version: Generated<number>;
  created: Generated<string>;
  last_sign_in: string | null;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  at: Generated<string>;
  email: string;
  address: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<string>;
  actor: string | null;
  address: string | null;
  action: string;
  /** JSON of what was done. */
  detail: Generated<string>;
}

export interface StaffSchema {
  staff_users: StaffUsersTable;
  sign_in_failures: SignInFailuresTable;
  audit_log: AuditLogTable;
}
