import type { StaffRole } from './staff-roles.ts';

/**
 * Deleting a news item or an advisory posted by mistake. A correction or a withdrawal keeps
 * what was published public, with its history, as a public record should; a deletion takes
 * it off the site for good, so it is the administrator's alone, with a reason, and the
 * audit log keeps who, when, why and what. Procurement records are never deleted: they
 * are withdrawn.
 */
export const DELETION_ROLE: StaffRole = 'admin';

/** The answer to a deletion: what was deleted, or why nothing was. */
export type DeletionOutcome =
  | { ok: true; id: string }
  | { ok: false; status: number; message: string; fieldErrors: { reason?: string } };
