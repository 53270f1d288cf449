import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  PLAN_HEADINGS,
  PLAN_PATH,
  problemFromParam,
  STAFF_PLAN_FORM,
  STAFF_PLAN_OUTCOMES,
  type PlanField,
  type PlanRowProblem,
  type StaffPlanOutcome,
} from '../../shared/procurement-projects/procurement-plan.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { ROLE_KEYS } from '../staff/role-names.ts';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { usePlanText } from './usePlanText.ts';

interface StaffPlanData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  year: string;
  outcome: StaffPlanOutcome | null;
  counts: { added: number; updated: number; skipped: number; problems: number };
  missing: PlanField[];
  twice: PlanField[];
  problems: PlanRowProblem[];
}

const FIELDS = Object.keys(PLAN_HEADINGS) as PlanField[];

/** A count the form route sent back; 0 for anything else. */
function countOf(params: URLSearchParams, name: string): number {
  const text = params.get(name) ?? '';
  return /^\d{1,7}$/.test(text) ? Number(text) : 0;
}

export async function loader(args: LoaderFunctionArgs) {
  const session = await staffPageSession(args, 'bac');
  const { params } = session;
  const code = params.get('outcome') ?? '';
  const year = params.get('year') ?? '';
  const fields = (name: string) =>
    params.getAll(name).filter((field): field is PlanField => FIELDS.includes(field as PlanField));
  const loaded: StaffPlanData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    year: /^\d{4}$/.test(year) ? year : '',
    outcome: STAFF_PLAN_OUTCOMES.includes(code as StaffPlanOutcome)
      ? (code as StaffPlanOutcome)
      : null,
    counts: {
      added: countOf(params, 'added'),
      updated: countOf(params, 'updated'),
      skipped: countOf(params, 'skipped'),
      problems: countOf(params, 'problems'),
    },
    missing: fields('missing'),
    twice: fields('twice'),
    problems: params
      .getAll('problem')
      .map(problemFromParam)
      .filter((problem) => problem !== undefined),
  };
  // The page still answers an account without the role, saying why it cannot upload here.
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * The BAC's upload of a year's Annual Procurement Plan: a plain multipart form (it works
 * without JavaScript); the form route checks the file as `municipal import app` does and
 * comes back here with what it stored or each bad row by its line.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>() as StaffPlanData;
  const { user, csrfToken, allowed, year, outcome, counts, missing, twice, problems } = loaded;
  const { pt, localPath } = usePlanText();
  const { t } = useStaffI18n();
  const headings = (list: PlanField[]) => list.map((field) => PLAN_HEADINGS[field]).join(', ');
  const problemText = (problem: PlanRowProblem) =>
    pt(`staffPlan.problem.${problem.code}`, {
      line: problem.line,
      heading: PLAN_HEADINGS[problem.field],
      other: problem.code === 'repeated' ? problem.otherLine : '',
    });
  const error =
    !allowed || outcome === 'forbidden' ? (
      pt('staffPlan.outcome.forbidden', { role: t(ROLE_KEYS.bac) })
    ) : outcome === 'rows' ? (
      <>
        {pt('staffPlan.outcome.rows', { count: counts.problems })}
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.line}-${problem.field}`}>{problemText(problem)}</li>
          ))}
        </ul>
        {counts.problems > problems.length ? (
          <p>{pt('staffPlan.more', { count: counts.problems - problems.length })}</p>
        ) : null}
      </>
    ) : outcome === 'headings' ? (
      <>
        {pt('staffPlan.outcome.headings')}
        <ul>
          {missing.length > 0 ? (
            <li>{pt('staffPlan.missing', { headings: headings(missing) })}</li>
          ) : null}
          {twice.length > 0 ? (
            <li>{pt('staffPlan.twice', { headings: headings(twice) })}</li>
          ) : null}
        </ul>
      </>
    ) : outcome && outcome !== 'imported' ? (
      pt(`staffPlan.outcome.${outcome}`)
    ) : null;
  return (
    <Page title={pt('staffPlan.title')} description={pt('staffPlan.description')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage
          tone="success"
          message={
            outcome === 'imported' ? (
              <>
                {pt('staffPlan.outcome.imported', { year, ...counts })}{' '}
                <Link to={localPath(`${PLAN_PATH}?year=${year}`)}>
                  {pt('staffPlan.seePlan', { year })}
                </Link>
              </>
            ) : null
          }
        />
        <FormMessage tone="error" message={error} />
        {allowed ? (
          <>
            <p>{pt('staffPlan.lead')}</p>
            <form
              method="post"
              action={localPath(STAFF_PLAN_FORM)}
              encType="multipart/form-data"
              className="staff-form"
            >
              {/* First, so the server reads the token and the year before the file. */}
              <input type="hidden" name="_csrf" value={csrfToken} />
              <div className="form-field">
                <label htmlFor="plan-year-input">{pt('staffPlan.year')}</label>
                <input
                  id="plan-year-input"
                  name="year"
                  inputMode="numeric"
                  pattern="[0-9]{4}"
                  defaultValue={year}
                  required
                />
              </div>
              <div className="form-field">
                <label htmlFor="plan-file">{pt('staffPlan.file')}</label>
                <input id="plan-file" name="file" type="file" accept=".csv,text/csv" required />
              </div>
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {pt('staffPlan.submit')}
                </button>
              </div>
            </form>
          </>
        ) : null}
      </StaffCard>
    </Page>
  );
}
