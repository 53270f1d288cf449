import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { ACCESS_REFUSALS } from '../refusals.ts';

/**
 * Why an upload (a record's document on `POST /api/documents`, a news picture on
 * `POST /api/pictures`) stored nothing: nobody signed in or no role for it, NO_FILE (400),
 * TOO_MANY_PIXELS (400, a picture too large to convert), FILE_TOO_LARGE (413),
 * UNSUPPORTED_FILE (415, a type the upload does not take) or INVALID_INPUT (415, a body
 * that is not multipart/form-data).
 */
export const UPLOAD_REFUSALS = [
  ...ACCESS_REFUSALS,
  'INVALID_INPUT',
  'NO_FILE',
  'TOO_MANY_PIXELS',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE',
] as const;
export type UploadRefusalCode = (typeof UPLOAD_REFUSALS)[number];

/** The records desk's words for a refused document upload (a document is never converted). */
export const DOCUMENT_UPLOAD_REFUSAL_KEYS: Record<
  Exclude<UploadRefusalCode, 'TOO_MANY_PIXELS'>,
  StaffMessageKey
> = {
  NOT_SIGNED_IN: 'staff.upload.signedOut',
  NOT_PERMITTED: 'staff.upload.forbidden',
  INVALID_INPUT: 'staff.upload.notAccepted',
  NO_FILE: 'staff.upload.missing',
  FILE_TOO_LARGE: 'staff.upload.tooLarge',
  UNSUPPORTED_FILE: 'staff.upload.unsupported',
};
