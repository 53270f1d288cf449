import type { FastifyRequest } from 'fastify';
import { bacAuthor } from './bac-author.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { addAmendments } from '../../db/procurement-projects/contract-amendments.ts';
import { projectByKeyNow } from '../../db/procurement-projects/project-notices.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import {
  AMENDMENT_REFUSAL_KEYS,
  checkAmendment,
  type AmendmentRefusalCode,
} from '../../shared/procurement-projects/contract-amendment.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';

export type AddAmendmentOutcome =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 404;
      code: AmendmentRefusalCode;
      message: string;
      fieldErrors: Record<string, string>;
    };

function refusal(
  status: 400 | 404,
  code: AmendmentRefusalCode,
  fieldErrors: Record<string, string> = {},
): AddAmendmentOutcome {
  return { ok: false, status, code, message: staffEn[AMENDMENT_REFUSAL_KEYS[code]], fieldErrors };
}

/**
 * Adds a contract amendment to the project `ocid` names, for a signed-in BAC member: the
 * amendment and its audit entry commit in one transaction or not at all.
 */
export async function addAmendmentAsStaff(
  database: AppDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  body: { amount: unknown; date: unknown; reason: unknown },
): Promise<AddAmendmentOutcome> {
  const key = processKeyOf(ocid);
  const project = key === undefined ? undefined : projectByKeyNow(database, key);
  if (!project) return refusal(404, 'NO_SUCH_PROJECT');
  const checked = checkAmendment(body);
  if (!checked.ok) return refusal(400, 'INVALID_INPUT', checked.fieldErrors);
  const { centavos, date, reason } = checked.value;
  const ids = await addAmendments(
    database,
    [{ projectId: project.id, projectKey: project.process_key, amount: centavos, date, reason }],
    bacAuthor(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: ids[0]! };
}
