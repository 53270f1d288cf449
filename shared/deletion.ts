import type { StaffMessageKey } from './i18n/staff-messages-en.ts';
import type { StaffRole } from './staff-roles.ts';

/**
 * Deleting a news item or an advisory posted by mistake. A correction or a withdrawal keeps
 * what was published public, with its history, as a public record should; a deletion takes
 * it off the site for good, so it is the administrator's alone, with a reason, and the
 * audit log keeps who, when, why and what. Procurement records are never deleted: they
 * are withdrawn.
 */
export const DELETION_ROLE: StaffRole = 'admin';

/**
 * Why nothing was deleted: INVALID_INPUT (400, no reason or too long a one), NOT_PERMITTED
 * (403, not an administrator) or NO_SUCH_ITEM (404, deleted already or never there).
 */
export const DELETION_REFUSALS = ['INVALID_INPUT', 'NOT_PERMITTED', 'NO_SUCH_ITEM'] as const;
export type DeletionRefusalCode = (typeof DELETION_REFUSALS)[number];

/** Each refusal's words on the news and advisories pages. */
export const DELETION_REFUSAL_KEYS: Record<DeletionRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.delete.refused.failed',
  NOT_PERMITTED: 'staff.delete.refused.noRole',
  NO_SUCH_ITEM: 'staff.delete.refused.noItem',
};

/** The answer to a deletion: what was deleted, or why nothing was (the code for pages, the message in English). */
export type DeletionOutcome =
  | { ok: true; id: string }
  | {
      ok: false;
      status: 400 | 403 | 404;
      code: DeletionRefusalCode;
      message: string;
      fieldErrors: { reason?: string };
    };
