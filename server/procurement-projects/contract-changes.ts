import type { SiteDatabase } from '../../db/site-database.ts';
import type { FastifyRequest } from 'fastify';
import { bacAuthor } from './bac-author.ts';
import type { DocumentUpload } from '../../db/documents/document-queries.ts';
import { addAmendments } from '../../db/procurement-projects/contract-amendments.ts';
import { stateCompletion } from '../../db/procurement-projects/project-completions.ts';
import { projectByKey, type ProjectRow } from '../../db/procurement-projects/project-notices.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import {
  AMENDMENT_REFUSAL_KEYS,
  checkAmendment,
} from '../../shared/procurement-projects/contract-amendment.ts';
import {
  checkCompletion,
  COMPLETION_REFUSAL_KEYS,
  type CompletionRefusalCode,
} from '../../shared/procurement-projects/project-completion.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';
import { roleUsed } from '../../shared/staff-roles.ts';
import type { StoredDocument } from '../documents/document-store.ts';

/** A document stored already, to be recorded with the write that links to it. */
export interface ReceivedDocument {
  stored: StoredDocument;
  fileName: string;
}

export type ContractChangeOutcome =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 404;
      code: CompletionRefusalCode;
      message: string;
      fieldErrors: Partial<Record<'amount' | 'date' | 'reason', string>>;
    };

function refusal(
  status: 400 | 404,
  code: CompletionRefusalCode,
  key: (typeof COMPLETION_REFUSAL_KEYS)[CompletionRefusalCode],
  fieldErrors: Partial<Record<'amount' | 'date' | 'reason', string>> = {},
): ContractChangeOutcome {
  return { ok: false, status, code, message: staffEn[key], fieldErrors };
}

/** The project an OCID names, when the site has it. */
async function projectOf(database: SiteDatabase, ocid: string): Promise<ProjectRow | undefined> {
  const key = processKeyOf(ocid);
  return key === undefined ? undefined : projectByKey(database, key);
}

/** What the documents table keeps of a received file, besides who uploaded it. */
function documentFacts({ stored, fileName }: ReceivedDocument) {
  return { sha256: stored.sha256, bytes: stored.bytes, type: stored.type, fileName };
}

function documentUpload(
  document: ReceivedDocument,
  user: StaffUser,
  address: string,
): DocumentUpload {
  return { ...documentFacts(document), uploader: user, address };
}

/**
 * Adds a contract amendment with its signed variation order (the web form's way): the
 * document's row, the amendment and their audit entries commit together or not at all.
 */
export async function amendWithDocument(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  body: { amount: unknown; date: unknown; reason: unknown },
  document: ReceivedDocument | undefined,
): Promise<ContractChangeOutcome> {
  const project = await projectOf(database, ocid);
  if (!project) return refusal(404, 'NO_SUCH_PROJECT', AMENDMENT_REFUSAL_KEYS.NO_SUCH_PROJECT);
  const checked = checkAmendment(body);
  if (!checked.ok) {
    return refusal(400, 'INVALID_INPUT', AMENDMENT_REFUSAL_KEYS.INVALID_INPUT, checked.fieldErrors);
  }
  const { centavos, date, reason } = checked.value;
  const [id] = await addAmendments(
    database,
    [
      {
        projectId: project.id,
        projectKey: project.process_key,
        amount: centavos,
        date,
        reason,
        ...(document ? { document: documentUpload(document, user, request.ip) } : {}),
      },
    ],
    bacAuthor(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: id! };
}

/**
 * States a project's completion, or corrects it with a reason, for a signed-in BAC member:
 * the certificate's row, the completion and the audit entries in one transaction.
 */
export async function completeAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  body: { date: unknown; reason?: unknown },
  document: ReceivedDocument | undefined,
): Promise<ContractChangeOutcome> {
  const project = await projectOf(database, ocid);
  if (!project) return refusal(404, 'NO_SUCH_PROJECT', COMPLETION_REFUSAL_KEYS.NO_SUCH_PROJECT);
  const checked = checkCompletion(body);
  if (!checked.ok) {
    return refusal(
      400,
      'INVALID_INPUT',
      COMPLETION_REFUSAL_KEYS.INVALID_INPUT,
      checked.fieldErrors,
    );
  }
  const written = await stateCompletion(
    database,
    {
      projectId: project.id,
      projectKey: project.process_key,
      date: checked.value.date,
      reason: checked.value.reason,
      document: document ? documentFacts(document) : null,
    },
    { actor: user, address: request.ip, detail: { role: roleUsed(user.roles, 'bac') } },
    request.server.clock.now(),
  );
  if (!written.ok) {
    const key = COMPLETION_REFUSAL_KEYS.REASON_REQUIRED;
    return refusal(400, 'REASON_REQUIRED', key, { reason: staffEn[key] });
  }
  return { ok: true, id: written.id };
}
