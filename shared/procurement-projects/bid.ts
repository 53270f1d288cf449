/**
 * The abstract of bids as data (issue 34): each bidder of a procurement project, the amount it
 * bid, and what the BAC found of the bid with the reason. Services answer codes; the pages
 * and the CLI word them (staff catalogues, shared/i18n/staff-messages-*.ts).
 */
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { parseMoney } from '../money.ts';
import { MAX_REASON_LENGTH } from '../records/record-validation.ts';

/**
 * What the BAC found of a bid, in the order the abstract reads: the lowest calculated
 * responsive bid, other responsive bids, the four stages a bid can fail at (RA 12009's
 * eligibility check, preliminary examination, detailed evaluation, post-qualification), and
 * a bid its bidder withdrew.
 */
export const BID_OUTCOMES = [
  'lcrb',
  'responsive',
  'failed-eligibility',
  'failed-preliminary',
  'failed-evaluation',
  'failed-post-qualification',
  'withdrawn',
] as const;
export type BidOutcome = (typeof BID_OUTCOMES)[number];

export const isBidOutcome = (value: unknown): value is BidOutcome =>
  typeof value === 'string' && (BID_OUTCOMES as readonly string[]).includes(value);

/** Outcomes that need no reason: a bid that passed; every other one says why. */
const REASON_OPTIONAL: ReadonlySet<BidOutcome> = new Set(['lcrb', 'responsive']);

/** The longest bidder name kept (the database's CHECK holds the same bound). */
export const MAX_BIDDER_LENGTH = 300;

/** One bid as the API and the page show it: the amount as a decimal string ("1234567.89"). */
export interface ProjectBid {
  bidder: string;
  amount: string;
  outcome: BidOutcome;
  /** Empty when none was given (a responsive bid). */
  reason: string;
  /** When it was entered, ISO 8601 UTC. */
  created: string;
}

/** Why a bid was refused (POST /api/procurements/<ocid>/bids, the staff form, the import). */
export const BID_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_PROJECT',
  'LCRB_TAKEN',
] as const;
export type BidRefusalCode = (typeof BID_REFUSALS)[number];

export const BID_REFUSAL_KEYS: Record<BidRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.bid.invalid',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
  LCRB_TAKEN: 'staff.bid.lcrbTaken',
};

export type BidField = 'bidder' | 'amount' | 'outcome' | 'reason';

/** Why one field was refused: a code, worded by BID_FIELD_KEYS in the reader's language. */
export type BidFieldProblem =
  'required' | 'tooLong' | 'negative' | 'commas' | 'format' | 'decimals' | 'tooLarge' | 'unknown';

export const BID_FIELD_KEYS: Record<BidFieldProblem, StaffMessageKey> = {
  required: 'staff.bid.problem.required',
  tooLong: 'staff.bid.problem.tooLong',
  negative: 'staff.bid.problem.negative',
  commas: 'staff.bid.problem.commas',
  format: 'staff.bid.problem.format',
  decimals: 'staff.bid.problem.decimals',
  tooLarge: 'staff.bid.problem.tooLarge',
  unknown: 'staff.bid.problem.unknownOutcome',
};

/** A bid's values, checked: the bidder and reason trimmed, the amount in centavos. */
export interface CheckedBid {
  bidder: string;
  centavos: number;
  outcome: BidOutcome;
  reason: string;
}

export type BidCheck =
  | { ok: true; value: CheckedBid }
  | { ok: false; problems: Partial<Record<BidField, BidFieldProblem>> };

const trimmed = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').trim() : '';

/**
 * Checks a bid as typed or sent: `bidder` not blank, `bid_amount` a peso amount (1234567.89
 * or 1,234,567.89), `outcome` one of BID_OUTCOMES, `reason` required unless the bid passed.
 * The API, the staff form and the import share it, so all refuse the same values.
 */
export function checkBid(input: {
  bidder: unknown;
  amount: unknown;
  outcome: unknown;
  reason: unknown;
}): BidCheck {
  const problems: Partial<Record<BidField, BidFieldProblem>> = {};
  const bidder = trimmed(input.bidder).replace(/\s+/g, ' ');
  if (bidder === '') problems.bidder = 'required';
  else if ([...bidder].length > MAX_BIDDER_LENGTH) problems.bidder = 'tooLong';
  const amount = parseMoney(typeof input.amount === 'string' ? input.amount : '');
  if (!amount.ok) problems.amount = trimmed(input.amount) === '' ? 'required' : amount.problem;
  const outcome = trimmed(input.outcome);
  if (outcome === '') problems.outcome = 'required';
  else if (!isBidOutcome(outcome)) problems.outcome = 'unknown';
  const reason = trimmed(input.reason);
  if ([...reason].length > MAX_REASON_LENGTH) problems.reason = 'tooLong';
  else if (reason === '' && isBidOutcome(outcome) && !REASON_OPTIONAL.has(outcome))
    problems.reason = 'required';
  if (!amount.ok || !isBidOutcome(outcome) || Object.keys(problems).length > 0)
    return { ok: false, problems };
  return { ok: true, value: { bidder, centavos: amount.centavos, outcome, reason } };
}

/** The staff catalogue key of an outcome's name, e.g. "Lowest calculated responsive bid". */
export const bidOutcomeKey = (outcome: BidOutcome): StaffMessageKey =>
  `staff.bid.outcome.${outcome}`;

/** At most one bid per project is the LCRB: true when `bids` (already stored and new) hold two. */
export function moreThanOneLcrb(outcomes: readonly BidOutcome[]): boolean {
  return outcomes.filter((outcome) => outcome === 'lcrb').length > 1;
}
