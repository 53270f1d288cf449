/** The staff page where the BAC enters a project's abstract of bids, and where its form posts. */
export const STAFF_BIDS_ROUTE = '/staff/procurement/:ocid/bids';

export function staffBidsPath(ocid: string): string {
  return `/staff/procurement/${encodeURIComponent(ocid)}/bids`;
}

/** What the form route's answer says, in the page's query as `result` (codes, never text). */
export const BID_FORM_RESULTS = [
  'added',
  'INVALID_INPUT',
  'LCRB_TAKEN',
  'NO_SUCH_PROJECT',
  'NOT_PERMITTED',
] as const;
export type BidFormResult = (typeof BID_FORM_RESULTS)[number];
