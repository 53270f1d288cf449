import type { Generated } from 'kysely';

export interface StaffUsersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased, so the unique constraint is case-insensitive. */
  email: string;
  display_name: string;
  password_hash: string;
  active: Generated<number>;
  /** 0 while the password is one nobody knows (a set-password link not yet used): it cannot sign in. */
  password_set: Generated<number>;
  created: Generated<string>;
  last_sign_in: string | null;
}

/** A sign-in attempt, counted before its password is checked; it stays when the check fails. */
export interface SignInFailuresTable {
  id: Generated<number>;
  at: Generated<string>;
  email: string;
  address: string;
}

/** One signed-in browser; the cookie holds the id, the table only its SHA-256 (base64url). */
export interface StaffSessionsTable {
  id_hash: string;
  account_id: number;
  created: string;
  last_seen: string;
  revoked_at: string | null;
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

/** One role an account holds; `role` is one of shared/staff-roles.ts's STAFF_ROLES. */
export interface StaffRolesTable {
  account_id: number;
  role: string;
}

/** A one-time set-password link, kept by the SHA-256 of its token (hex). */
export interface StaffPasswordLinksTable {
  id: Generated<number>;
  account_id: number;
  token_sha256: string;
  created: string;
  expires: string;
  /** When it stopped working, and why: it was used, a newer password or link replaced it, or the account was disabled. */
  ended: string | null;
  ended_by: 'used' | 'replaced' | 'revoked' | null;
}

/** A set-password link to mail (issue 31); the token is derived from `nonce`, never stored. */
export interface StaffPasswordMailTable {
  id: Generated<number>;
  link_id: number;
  lang: 'en' | 'fil';
  nonce: string;
  created: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

/** A password reset request, counted under a rate limit by a keyed hash of what it limits. */
export interface StaffPasswordResetAttemptsTable {
  key: string;
  at: string;
}

export interface StaffSchema {
  staff_users: StaffUsersTable;
  staff_roles: StaffRolesTable;
  staff_password_links: StaffPasswordLinksTable;
  staff_password_mail: StaffPasswordMailTable;
  staff_password_reset_attempts: StaffPasswordResetAttemptsTable;
  sign_in_failures: SignInFailuresTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
}
