import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import {
  BID_FIELD_KEYS,
  BID_OUTCOMES,
  BID_REFUSAL_KEYS,
  bidOutcomeKey,
  type BidField,
  type BidFieldProblem,
} from '../../shared/procurement-projects/bid.ts';
import {
  BID_FORM_RESULTS,
  staffBidsPath,
  type BidFormResult,
} from '../../shared/procurement-projects/bid-paths.ts';
import {
  procurementPath,
  type ProcurementProjectDetail,
} from '../../shared/procurement-projects/procurement-project.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import '../records/records.css';
import { services } from '../services-context.ts';
import { LabelledField } from '../staff/LabelledField.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { STAFF_SUPPLIERS_PATH } from '../../shared/suppliers/supplier-decisions.ts';
import { AbstractOfBids } from './AbstractOfBids.tsx';

const FIELDS: readonly BidField[] = ['bidder', 'amount', 'outcome', 'reason'];

interface StaffBidsData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  project: ProcurementProjectDetail;
  result: BidFormResult | null;
  typed: Record<BidField, string>;
  problems: Partial<Record<BidField, BidFieldProblem>>;
}

const isProblem = (value: string): value is BidFieldProblem => Object.hasOwn(BID_FIELD_KEYS, value);

export async function loader(args: LoaderFunctionArgs) {
  const { params, context } = args;
  const session = await staffPageSession(args, 'bac');
  // An OCID longer than any this site mints is no project: 404 without asking.
  const ocid = (params.ocid ?? '').slice(0, 201);
  const found = ocid.length > 200 ? undefined : services(context).procurementProject(ocid);
  const project = await found;
  if (project === undefined) throw new Response('No such project', { status: 404 });
  const query = session.params;
  const code = query.get('result') ?? '';
  const result = (BID_FORM_RESULTS as readonly string[]).includes(code)
    ? (code as BidFormResult)
    : null;
  // What was typed comes back only with a refusal, so a successful add starts a clean form.
  const refused = result !== null && result !== 'added';
  const typed = Object.fromEntries(
    FIELDS.map((field) => [field, refused ? (query.get(field) ?? '') : '']),
  ) as Record<BidField, string>;
  const problems = Object.fromEntries(
    FIELDS.flatMap((field) => {
      const problem = query.get(`p_${field}`) ?? '';
      return isProblem(problem) ? [[field, problem]] : [];
    }),
  ) as Partial<Record<BidField, BidFieldProblem>>;
  const loaded: StaffBidsData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    project,
    result: session.allowed ? result : 'NOT_PERMITTED',
    typed,
    problems,
  };
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * The BAC's page for a project's abstract of bids (issue 34): the bids entered so far, and a
 * plain form posting to the form route (server/procurement-projects/bid-form-route.ts), which
 * works the same with or without JavaScript and comes back here saying what was done.
 */
export function Component() {
  const { user, csrfToken, allowed, project, result, typed, problems } = useLoaderData<
    typeof loader
  >() as StaffBidsData;
  const { t, localPath } = useStaffI18n();
  const refusalKey: StaffMessageKey | null =
    result === null || result === 'added' ? null : BID_REFUSAL_KEYS[result];
  const problem = (field: BidField) => {
    const code = problems[field];
    return code ? t(BID_FIELD_KEYS[code]) : undefined;
  };
  return (
    <Page title={t('staff.bid.title', { title: project.title })} description={t('staff.bid.intro')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <p>{t('staff.bid.intro')}</p>
        <p>
          <Link to={localPath(procurementPath(project.ocid))}>{t('staff.bid.viewProject')}</Link>
        </p>
        <p>
          <Link to={localPath(STAFF_SUPPLIERS_PATH)}>{t('staff.bid.reviewSuppliers')}</Link>
        </p>
        <FormMessage tone="success" message={result === 'added' ? t('staff.bid.added') : null} />
        <FormMessage tone="error" message={refusalKey ? t(refusalKey) : null} />
        {allowed ? (
          <form
            method="post"
            action={localPath(staffBidsPath(project.ocid))}
            className="staff-form"
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            <LabelledField
              id="bid-bidder"
              label={t('staff.bid.bidder')}
              hint={t('staff.bid.bidderHint')}
              problem={problem('bidder')}
            >
              {(describedBy) => (
                <input
                  id="bid-bidder"
                  name="bidder"
                  defaultValue={typed.bidder}
                  maxLength={300}
                  required
                  aria-invalid={problems.bidder ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </LabelledField>
            <LabelledField
              id="bid-amount"
              label={t('staff.bid.amount')}
              hint={t('staff.bid.amountHint')}
              problem={problem('amount')}
            >
              {(describedBy) => (
                <input
                  id="bid-amount"
                  name="amount"
                  inputMode="decimal"
                  defaultValue={typed.amount}
                  maxLength={40}
                  required
                  aria-invalid={problems.amount ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </LabelledField>
            <LabelledField
              id="bid-outcome"
              label={t('staff.bid.outcome')}
              problem={problem('outcome')}
            >
              {(describedBy) => (
                <select
                  id="bid-outcome"
                  name="outcome"
                  defaultValue={typed.outcome}
                  required
                  aria-invalid={problems.outcome ? true : undefined}
                  aria-describedby={describedBy}
                >
                  <option value="">{t('staff.bid.chooseOutcome')}</option>
                  {BID_OUTCOMES.map((outcome) => (
                    <option key={outcome} value={outcome}>
                      {t(bidOutcomeKey(outcome))}
                    </option>
                  ))}
                </select>
              )}
            </LabelledField>
            <LabelledField
              id="bid-reason"
              label={t('staff.bid.reason')}
              hint={t('staff.bid.reasonHint')}
              problem={problem('reason')}
            >
              {(describedBy) => (
                <textarea
                  id="bid-reason"
                  name="reason"
                  rows={3}
                  maxLength={1000}
                  defaultValue={typed.reason}
                  aria-invalid={problems.reason ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </LabelledField>
            <button type="submit">{t('staff.bid.submit')}</button>
          </form>
        ) : null}
        <p>{t('staff.bid.stored', { count: project.bids.length })}</p>
        <AbstractOfBids bids={project.bids} />
      </StaffCard>
    </Page>
  );
}
