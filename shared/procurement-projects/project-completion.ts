/**
 * A procurement project's completion (issue 34): the day the works or deliveries were
 * accepted, optionally with the certificate of completion or acceptance. One per project;
 * a correction states it again with a reason, and the earlier statements stay as history.
 */
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { parseManilaDate } from '../manila-time.ts';
import type { HostedDocument } from '../records/record-detail.ts';
import { checkReason } from '../records/record-validation.ts';

/** One statement of the completion, as the API and the page show it. */
export interface CompletionStatement {
  /** The day of completion, a Manila calendar day, YYYY-MM-DD. */
  date: string;
  /** The certificate of completion or acceptance, when staff uploaded it. */
  document: HostedDocument | null;
  /** Why an earlier statement was corrected; null for the first. */
  reason: string | null;
  /** When it was entered, ISO 8601 UTC. */
  created: string;
}

/** The completion as it stands, with the statements it corrected, oldest first. */
export interface ProjectCompletion extends CompletionStatement {
  earlier: CompletionStatement[];
}

/** Why a completion was refused (POST /api/procurements/<ocid>/completion). */
export const COMPLETION_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_PROJECT',
  'REASON_REQUIRED',
] as const;
export type CompletionRefusalCode = (typeof COMPLETION_REFUSALS)[number];

export const COMPLETION_REFUSAL_KEYS: Record<CompletionRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.completion.invalid',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
  REASON_REQUIRED: 'staff.completion.reasonRequired',
};

export type CompletionCheck =
  | { ok: true; value: { date: string; reason: string | null } }
  | { ok: false; fieldErrors: Partial<Record<'date' | 'reason', string>> };

/**
 * Checks a completion as typed or sent: `date` a real day written YYYY-MM-DD; `reason`
 * checked when given (blank is none), since only a correction needs one, and only the
 * service knows whether this is one.
 */
export function checkCompletion(input: { date: unknown; reason?: unknown }): CompletionCheck {
  const fieldErrors: Partial<Record<'date' | 'reason', string>> = {};
  const date = typeof input.date === 'string' ? input.date.trim() : '';
  const day = parseManilaDate(date);
  if (!day.ok) fieldErrors.date = day.message;
  const typed = typeof input.reason === 'string' ? input.reason.trim() : '';
  const reason = typed === '' ? undefined : checkReason(typed);
  if (reason && !reason.ok) fieldErrors.reason = reason.message;
  if (!day.ok || (reason && !reason.ok)) return { ok: false, fieldErrors };
  return { ok: true, value: { date, reason: reason?.ok ? reason.reason : null } };
}
