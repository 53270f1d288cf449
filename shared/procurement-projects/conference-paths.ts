/** The staff page where the BAC enters a project's conferences, observers and category (RA 12009 s. 38). */
export const STAFF_CONFERENCES_ROUTE = '/staff/procurement/:ocid/conferences';

export function staffConferencesPath(ocid: string): string {
  return `/staff/procurement/${encodeURIComponent(ocid)}/conferences`;
}

/** Which of the page's forms was posted, in the form's `form` field. */
export const CONFERENCE_FORMS = ['conference', 'observer', 'category'] as const;
export type ConferenceForm = (typeof CONFERENCE_FORMS)[number];

/** What the form route's answer says, in the page's query as `result` (codes, never text). */
export const CONFERENCE_FORM_RESULTS = [
  'added',
  'corrected',
  'INVALID_INPUT',
  'NO_SUCH_ENTRY',
  'NO_SUCH_PROJECT',
  'NOT_PERMITTED',
] as const;
export type ConferenceFormResult = (typeof CONFERENCE_FORM_RESULTS)[number];
