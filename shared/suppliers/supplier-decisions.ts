/**
 * What staff (the BAC role) decide about suppliers (issue 34): a likely same company is
 * suggested, never merged by itself; staff confirm a merge (choosing the name kept, with a
 * reason) or dismiss the suggestion, and may give a supplier its PhilGEPS registration
 * number, which becomes its id. server/suppliers/supplier-suggestions.ts says which names
 * are suggested.
 */

/** The staff page of supplier suggestions and PhilGEPS numbers, and its form's address. */
export const STAFF_SUPPLIERS_PATH = '/staff/suppliers';

/** Why a pair is suggested: server/suppliers/supplier-suggestions.ts words each rule. */
export const SUGGESTION_RULES = ['spacing', 'contained', 'spelling'] as const;
export type SuggestionRule = (typeof SUGGESTION_RULES)[number];

/** One side of a suggested pair. */
export interface SuggestedSupplier {
  id: string;
  /** Its name as the supplier list shows it. */
  name: string;
  spellings: string[];
  awards: number;
  bids: number;
}

export interface SupplierSuggestion {
  rule: SuggestionRule;
  first: SuggestedSupplier;
  second: SuggestedSupplier;
}

/**
 * A PhilGEPS registration number as staff may type it: digits, optionally in groups joined
 * by single hyphens ("2013-0012345"), 4 to 20 characters, starting and ending with a digit.
 * Spaces around it are dropped.
 */
export const PHILGEPS_NUMBER = /^[0-9]+(-[0-9]+)*$/;
export const MIN_PHILGEPS_LENGTH = 4;
export const MAX_PHILGEPS_LENGTH = 20;

export function isPhilgepsNumber(text: string): boolean {
  return (
    PHILGEPS_NUMBER.test(text) &&
    text.length >= MIN_PHILGEPS_LENGTH &&
    text.length <= MAX_PHILGEPS_LENGTH
  );
}

/** Why a supplier decision was refused: each a code the page words (SUPPLIER_REFUSAL_KEYS). */
export const SUPPLIER_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_SUPPLIER',
  'SAME_SUPPLIER',
  'REASON_REQUIRED',
  'NOT_SUGGESTED',
  'MERGED_IS_REGISTERED',
  'INVALID_NUMBER',
  'NUMBER_TAKEN',
] as const;
export type SupplierRefusal = (typeof SUPPLIER_REFUSALS)[number];

/** What the staff form comes back with: a done code, or a refusal's. */
export const SUPPLIER_FORM_RESULTS = [
  'merged',
  'dismissed',
  'registered',
  ...SUPPLIER_REFUSALS,
] as const;
export type SupplierFormResult = (typeof SUPPLIER_FORM_RESULTS)[number];

export type SupplierDecisionOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 403 | 404 | 409; code: SupplierRefusal; message: string };
