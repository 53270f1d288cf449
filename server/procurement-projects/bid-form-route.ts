import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { checkBid, MAX_BIDDER_LENGTH } from '../../shared/procurement-projects/bid.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { STAFF_BIDS_ROUTE, staffBidsPath } from '../../shared/procurement-projects/bid-paths.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { projectFormRoute } from './project-form-route.ts';
import { echoedValue, MAX_ECHOED_SHORT_FIELD } from '../http/form-echo.ts';
import { addBidAsStaff } from './add-bid.ts';

type BidForm = Partial<Record<'bidder' | 'amount' | 'outcome' | 'reason' | '_csrf', string>>;

/**
 * The staff bid form's no-JavaScript post (issue 34): `/staff/procurement/<ocid>/bids` and its
 * /fil twin. A plain form post, answered 303 back to the page with a result code and, when
 * refused, what was typed (cut to each field's longest, server/http/form-echo.ts) and each
 * field's problem code, so nothing typed is lost and the page words it in its language. The same service as the API writes the bid and its audit
 * entry in one transaction. Its own plugin, so its form parser stays here.
 */
export async function bidFormRoutes(app: FastifyInstance, { database }: { database: AppDatabase }) {
  projectFormRoute(app, database, {
    route: STAFF_BIDS_ROUTE,
    pageOf: staffBidsPath,
    description:
      'The staff bid form (BAC role): bidder, amount, outcome, reason and `_csrf`, form-encoded.',
    answered: 'Back to the staff bids page saying what was done.',
    handle: async (request, { lang, ocid, back }) => {
      const body = (request.body ?? {}) as BidForm;
      const user = await staffWithRole(database, request, 'bac');
      const outcome = await addBidAsStaff(database, request, user, ocid, body, lang);
      if (outcome.ok) return back('added');
      const typed = {
        bidder: body.bidder ?? '',
        amount: body.amount ?? '',
        outcome: body.outcome ?? '',
        reason: body.reason ?? '',
      };
      const checked = checkBid(typed);
      const problems = checked.ok
        ? {}
        : Object.fromEntries(
            Object.entries(checked.problems).map(([field, problem]) => [`p_${field}`, problem]),
          );
      // Checked as sent, echoed cut: the redirect must stay within the header limit.
      const echoed = {
        bidder: echoedValue(typed.bidder, MAX_BIDDER_LENGTH),
        amount: echoedValue(typed.amount, MAX_ECHOED_SHORT_FIELD),
        outcome: echoedValue(typed.outcome, MAX_ECHOED_SHORT_FIELD),
        reason: echoedValue(typed.reason, MAX_REASON_LENGTH),
      };
      return back(outcome.code, { ...echoed, ...problems });
    },
  });
}
