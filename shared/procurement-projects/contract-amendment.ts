/**
 * Contract amendments (variation orders, issue 34): each sets a project's contract amount to
 * a new total, on a date, for a reason. Not corrections: a corrected notice keeps its own
 * history; an amendment is a fact of the contract, and the project page shows the amount's path.
 */
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import type { HostedDocument } from '../records/record-detail.ts';
import { parseMoney } from '../money.ts';
import { parseManilaDate } from '../manila-time.ts';
import { checkReason } from '../records/record-validation.ts';

/** One amendment as the API and the page show it: amounts as decimal strings ("1234567.89"). */
export interface ContractAmendment {
  /** The amendment's date, a Manila calendar day, YYYY-MM-DD. */
  date: string;
  /** The contract's new total amount. */
  amount: string;
  /** The amount it replaced: the original contract amount or the previous amendment's; null when the project states none. */
  previousAmount: string | null;
  reason: string;
  /** When it was entered, ISO 8601 UTC. */
  created: string;
  /** The signed variation order, when staff uploaded it. */
  document: HostedDocument | null;
}

/** Why an amendment was refused (POST /api/procurements/<ocid>/contract-amendments). */
export const AMENDMENT_REFUSALS = ['INVALID_INPUT', 'NOT_PERMITTED', 'NO_SUCH_PROJECT'] as const;
export type AmendmentRefusalCode = (typeof AMENDMENT_REFUSALS)[number];

export const AMENDMENT_REFUSAL_KEYS: Record<AmendmentRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.amendment.invalid',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
};

/** An amendment's values, checked: the new total in centavos, the day, the reason trimmed. */
export interface CheckedAmendment {
  centavos: number;
  date: string;
  reason: string;
}

export type AmendmentCheck =
  | { ok: true; value: CheckedAmendment }
  | { ok: false; fieldErrors: Partial<Record<'amount' | 'date' | 'reason', string>> };

/**
 * Checks an amendment as typed or sent: `amount` a peso amount (1234567.89 or 1,234,567.89),
 * `date` a real day written YYYY-MM-DD, `reason` not blank. The API and the import share it,
 * so both refuse the same values with the same words.
 */
export function checkAmendment(input: {
  amount: unknown;
  date: unknown;
  reason: unknown;
}): AmendmentCheck {
  const fieldErrors: Partial<Record<'amount' | 'date' | 'reason', string>> = {};
  const amount = parseMoney(typeof input.amount === 'string' ? input.amount : '', 'Amount');
  if (!amount.ok) fieldErrors.amount = amount.message;
  const date = typeof input.date === 'string' ? input.date.trim() : '';
  const day = parseManilaDate(date);
  if (!day.ok) fieldErrors.date = day.message;
  const reason = checkReason(input.reason);
  if (!reason.ok) fieldErrors.reason = reason.message;
  if (!amount.ok || !day.ok || !reason.ok) return { ok: false, fieldErrors };
  return { ok: true, value: { centavos: amount.centavos, date, reason: reason.reason } };
}

/**
 * The change an amendment makes, for the page: in centavos, and in percent of the amount it
 * replaced to one decimal (null when that amount is unknown or zero).
 */
export function amendmentChange(
  previousCentavos: number | null,
  newCentavos: number,
): { centavos: number | null; percent: number | null } {
  if (previousCentavos === null) return { centavos: null, percent: null };
  const centavos = newCentavos - previousCentavos;
  const percent =
    previousCentavos === 0 ? null : Math.round((centavos / previousCentavos) * 1000) / 10;
  return { centavos, percent };
}
