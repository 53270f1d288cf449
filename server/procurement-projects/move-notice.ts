import type { FastifyRequest } from 'fastify';
import { moveNotice } from '../../db/procurement-projects/attach-notice.ts';
import { projectByKey } from '../../db/procurement-projects/project-notices.ts';
import { writeAudit } from '../../db/audit-log.ts';
import { writeTransaction } from '../../db/site-database.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import {
  PROJECT_REFUSAL_KEYS,
  processKeyOf,
  type ProjectRefusalCode,
} from '../../shared/procurement-projects/project-services.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { roleUsed } from '../../shared/staff-roles.ts';

export type MoveNoticeOutcome =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: ProjectRefusalCode;
      message: string;
      fieldErrors: Record<string, string>;
    };

function refusal(
  status: 400 | 404 | 409,
  code: ProjectRefusalCode,
  fieldErrors: Record<string, string> = {},
): MoveNoticeOutcome {
  return { ok: false, status, code, message: staffEn[PROJECT_REFUSAL_KEYS[code]], fieldErrors };
}

/**
 * Moves a notice into the project `ocid` names, for a signed-in BAC member: the move (who,
 * when, why) and its audit entry commit in one transaction or not at all. A reason is
 * required, as for every change of a public document.
 */
export async function moveNoticeAsStaff(
  database: SiteDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  move: { collection: string; id: number; reason: string },
): Promise<MoveNoticeOutcome> {
  const reason = checkReason(move.reason);
  if (!reason.ok) return refusal(400, 'INVALID_INPUT', { reason: reason.message });
  const kind = kindByCollection(move.collection);
  if (!kind) return refusal(404, 'NO_SUCH_RECORD');
  const key = processKeyOf(ocid);
  const project = key === undefined ? undefined : await projectByKey(database, key);
  if (!project) return refusal(404, 'NO_SUCH_PROJECT');
  const now = request.server.clock.now();
  const outcome = await writeTransaction(database, async (transaction) => {
    const moved = await moveNotice(
      transaction,
      {
        collection: kind.collection,
        recordId: move.id,
        toProjectId: project.id,
        reason: reason.reason,
        actor: user.email,
      },
      now,
    );
    if (moved.ok) {
      await writeAudit(transaction, {
        action: 'notice-moved',
        actor: user.email,
        address: request.ip,
        detail: {
          collection: kind.collection,
          id: move.id,
          from: moved.from,
          to: moved.to,
          reason: reason.reason,
          role: roleUsed(user.roles, 'bac'),
        },
      });
    }
    return moved;
  });
  if (outcome.ok) return { ok: true };
  return refusal(outcome.code === 'ALREADY_IN_PROJECT' ? 409 : 404, outcome.code);
}
