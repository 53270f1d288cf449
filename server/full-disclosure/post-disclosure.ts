import type { MultipartFile } from '@fastify/multipart';
import type { SiteDatabase } from '../../db/site-database.ts';
import { findPosting, postDisclosureFile } from '../../db/full-disclosure/full-disclosure.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import {
  parseDisclosurePeriod,
  periodLabel,
  type DisclosureDocumentType,
  type DisclosurePeriod,
} from '../../shared/full-disclosure/full-disclosure.ts';
import {
  postingPath,
  type DisclosureRefusalCode,
} from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { roleUsed } from '../../shared/staff-roles.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import type { PendingUpload, ReceiveResult } from '../documents/upload-request.ts';
import { DISCLOSURE_DOCUMENT_TYPES, type DocumentType } from '../documents/sniff-type.ts';

/** A correction's reason fits the multipart field limit with room to spare. */
export const MAX_REASON_LENGTH = 500;

export type DisclosureField = 'type' | 'year' | 'quarter' | 'reason' | 'file';

/** A posting, or why nothing was stored: the code pages word, the field it concerns, the message in English. */
export type DisclosureOutcome =
  | { ok: true; status: 201; path: string; corrected: boolean; version: number }
  | {
      ok: false;
      status: 400 | 409 | 413 | 415;
      code: DisclosureRefusalCode;
      field: DisclosureField;
      message: string;
    };

/** The type and period the form fields name, checked; or what is wrong with them. */
export function readDisclosureFields(
  types: readonly DisclosureDocumentType[],
  fields: Record<string, string>,
):
  | { ok: true; type: DisclosureDocumentType; period: DisclosurePeriod; reason: string }
  | Extract<DisclosureOutcome, { ok: false }> {
  const type = types.find((candidate) => candidate.id === (fields.type ?? '').trim());
  if (!type) {
    return {
      ok: false,
      status: 400,
      code: 'NO_SUCH_TYPE',
      field: 'type',
      message: 'Choose a document type listed in content/full-disclosure.json (field "type").',
    };
  }
  const period = parseDisclosurePeriod(type, fields.year ?? '', fields.quarter ?? '');
  if (!period.ok) {
    const code = period.field === 'year' ? 'INVALID_YEAR' : 'INVALID_QUARTER';
    return { ok: false, status: 400, code, field: period.field, message: period.message };
  }
  const reason = (fields.reason ?? '').trim();
  if (reason.length > MAX_REASON_LENGTH) {
    return {
      ok: false,
      status: 400,
      code: 'REASON_TOO_LONG',
      field: 'reason',
      message: `The reason must be at most ${MAX_REASON_LENGTH} characters.`,
    };
  }
  return { ok: true, type, period: period.period, reason };
}

function reasonRequired(type: DisclosureDocumentType, period: DisclosurePeriod) {
  return {
    ok: false,
    status: 400,
    code: 'REASON_REQUIRED',
    field: 'reason',
    message: `${inEnglish(type.name)} for ${periodLabel(period)} is already posted: a new file is a correction and needs a reason (field "reason").`,
  } as const;
}

export interface PostingRequest {
  database: SiteDatabase;
  types: readonly DisclosureDocumentType[];
  upload: PendingUpload;
  file: MultipartFile | undefined;
  /** Stores the file (only PDF or XLSX) without recording it. */
  receive: (
    upload: PendingUpload,
    file: MultipartFile,
    accepted: readonly DocumentType[],
  ) => Promise<ReceiveResult>;
  user: StaffUser;
  address: string;
  /** The posting time, from the app's clock. */
  now: Date;
}

/**
 * A Full Disclosure posting from the web (the API and the staff form): the fields are
 * checked before the file is read, so a refused posting stores nothing; then the file is
 * stored (PDF or XLSX by content) and the posting, its file's row and the audit entries
 * commit in one transaction. A period already posted takes a file only with a reason.
 */
export async function postDisclosure(request: PostingRequest): Promise<DisclosureOutcome> {
  const fields = readDisclosureFields(request.types, request.upload.fields);
  if (!fields.ok) return fields;
  const { type, period, reason } = fields;
  const { file, database } = request;
  // A browser sends an empty, nameless file part when no file was chosen.
  if (!file || file.fieldname !== 'file' || !file.filename) {
    return {
      ok: false,
      status: 400,
      code: 'NO_FILE',
      field: 'file',
      message: 'Choose a PDF or XLSX file (field "file").',
    };
  }
  if (!reason && (await findPosting(database, type.id, period)))
    return reasonRequired(type, period);
  const received = await request.receive(request.upload, file, DISCLOSURE_DOCUMENT_TYPES);
  if (!received.ok) {
    return received.reason === 'too-large'
      ? { ok: false, status: 413, code: 'FILE_TOO_LARGE', field: 'file', message: received.message }
      : {
          ok: false,
          status: 415,
          code: 'UNSUPPORTED_FILE',
          field: 'file',
          message: received.message,
        };
  }
  const outcome = await postDisclosureFile(database, {
    documentType: type.id,
    period,
    document: {
      sha256: received.stored.sha256,
      bytes: received.stored.bytes,
      type: received.stored.type,
      fileName: received.fileName,
    },
    reason,
    at: request.now.toISOString(),
    actor: request.user,
    address: request.address,
    // An admin posts by holding every role: the audit names the one the account used.
    role: roleUsed(request.user.roles, 'transparency'),
  });
  if (!outcome.ok) {
    if (outcome.reason === 'reason-required') return reasonRequired(type, period);
    return {
      ok: false,
      status: 409,
      code: 'SAME_FILE',
      field: 'file',
      message: `This very file is already the one posted for ${inEnglish(type.name)}, ${periodLabel(period)}: nothing changed.`,
    };
  }
  return {
    ok: true,
    status: 201,
    path: postingPath(type.id, period),
    corrected: outcome.corrected,
    version: outcome.posting.version,
  };
}
