/**
 * The BAC staff page of a project's contract (issue 34): amendments with their signed
 * variation orders, and the completion. Its forms post multipart bodies to their own route
 * (`…/contract/change`), which answers with a 303 back to the page and an outcome code.
 */
export function staffContractPage(ocid: string): string {
  return `/staff/procurement/${encodeURIComponent(ocid)}/contract`;
}

export function staffContractForm(ocid: string): string {
  return `${staffContractPage(ocid)}/change`;
}

/** The form's route as the server declares it. */
export const STAFF_CONTRACT_FORM_ROUTE = '/staff/procurement/:ocid/contract/change';

/** What the form route's 303 says happened; the page words each (never text from the URL). */
export const CONTRACT_OUTCOMES = [
  'amended',
  'completed',
  'invalid',
  'reason-required',
  'too-large',
  'unsupported',
  'forbidden',
] as const;
export type ContractOutcome = (typeof CONTRACT_OUTCOMES)[number];

/** The fields a refused form marks, listed in the 303's `problems`. */
export const CONTRACT_FIELDS = ['amount', 'date', 'reason'] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];
