import type { FastifyRequest } from 'fastify';
import { bacAuthor } from './bac-author.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { addBids, projectHasLcrb } from '../../db/procurement-projects/bids.ts';
import { projectByKeyNow } from '../../db/procurement-projects/project-notices.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import {
  BID_FIELD_KEYS,
  BID_REFUSAL_KEYS,
  checkBid,
  type BidRefusalCode,
} from '../../shared/procurement-projects/bid.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';

export type AddBidOutcome =
  | { ok: true; id: number }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: BidRefusalCode;
      message: string;
      fieldErrors: Record<string, string>;
    };

/**
 * Adds one bid to the project `ocid` names, for a signed-in BAC member (the API and the staff
 * form): the bid and its audit entry commit in one transaction or not at all. The refusal's
 * words are in `lang` (English for the API, the page's language for the form).
 */
export async function addBidAsStaff(
  database: AppDatabase,
  request: FastifyRequest,
  user: StaffUser,
  ocid: string,
  body: { bidder?: unknown; amount?: unknown; outcome?: unknown; reason?: unknown },
  lang: Lang = 'en',
): Promise<AddBidOutcome> {
  const text = staffText(lang);
  const refusal = (
    status: 400 | 404 | 409,
    code: BidRefusalCode,
    fieldErrors: Record<string, string> = {},
  ): AddBidOutcome => ({
    ok: false,
    status,
    code,
    message: text(BID_REFUSAL_KEYS[code]),
    fieldErrors,
  });
  const key = processKeyOf(ocid);
  const project = key === undefined ? undefined : projectByKeyNow(database, key);
  if (!project) return refusal(404, 'NO_SUCH_PROJECT');
  const checked = checkBid({
    bidder: body.bidder,
    amount: body.amount,
    outcome: body.outcome,
    reason: body.reason ?? '',
  });
  if (!checked.ok) {
    const words = Object.fromEntries(
      Object.entries(checked.problems).map(([field, problem]) => [
        field,
        text(BID_FIELD_KEYS[problem]),
      ]),
    );
    return refusal(400, 'INVALID_INPUT', words);
  }
  const bid = checked.value;
  if (bid.outcome === 'lcrb' && (await projectHasLcrb(database, project.id)))
    return refusal(409, 'LCRB_TAKEN', { outcome: text('staff.bid.lcrbTaken') });
  const ids = await addBids(
    database,
    [
      {
        projectId: project.id,
        projectKey: project.process_key,
        bidder: bid.bidder,
        amount: bid.centavos,
        outcome: bid.outcome,
        reason: bid.reason,
      },
    ],
    bacAuthor(request, user),
    request.server.clock.now(),
  );
  return { ok: true, id: ids[0]! };
}
