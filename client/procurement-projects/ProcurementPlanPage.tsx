import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatPesos, parseMoney, pesosFromDecimal } from '../../shared/money.ts';
import {
  PLAN_API_PATH,
  PLAN_PATH,
  type PlanLineView,
} from '../../shared/procurement-projects/procurement-plan.ts';
import { BarChart, type Bar } from '../components/charts/BarChart.tsx';
import { Page } from '../components/page/Page.tsx';
import { YearChooser } from '../components/year-chooser/YearChooser.tsx';
import { askedYear } from '../components/year-chooser/year-parameter.ts';
import '../records/records.css';
import { services } from '../services-context.ts';
import './plan.css';
import { usePlanText } from './usePlanText.ts';
import { useProjectText } from './useProjectText.ts';

/** Reads `?year=`; none is the services' default year, anything but four digits a 400. */
export async function planLoader({ request, context }: LoaderFunctionArgs) {
  const year = askedYear(request);
  const [plan, bidsAndAwards] = await Promise.all([
    services(context).procurementPlan(year, request.signal),
    services(context).contentPart('bidsAndAwards'),
  ]);
  return { plan, headerImage: bidsAndAwards.headerImage };
}

/** Each office's planned budget against what its lines' notices of award gave, largest plan first. */
function byOffice(lines: readonly PlanLineView[], notGiven: string): Bar[] {
  const offices = new Map<string, { planned: number; awarded: number }>();
  const centavos = (decimal: string | null) => {
    const parsed = decimal === null ? undefined : parseMoney(decimal);
    return parsed?.ok ? parsed.centavos : 0;
  };
  for (const line of lines) {
    const office = line.endUserOffice ?? notGiven;
    const held = offices.get(office) ?? { planned: 0, awarded: 0 };
    held.planned += centavos(line.budget);
    held.awarded += centavos(line.awarded);
    offices.set(office, held);
  }
  return [...offices]
    .sort(([, a], [, b]) => b.planned - a.planned)
    .map(([office, { planned, awarded }]) => ({
      label: office,
      values: [planned, awarded],
      shown: [formatPesos(planned), formatPesos(awarded)],
    }));
}

/**
 * /procurement-plan: a year's Annual Procurement Plan, each line a planned project with its
 * budget and the status its notices give it. The year chooser is a GET form, so it works
 * without JavaScript; on a phone the table's rows stack as the record lists' do, so nothing scrolls sideways.
 */
export function ProcurementPlanPage() {
  const { plan, headerImage } = useLoaderData<typeof planLoader>();
  const { pt, localPath } = usePlanText();
  const { pt: projectText } = useProjectText();
  const columns = {
    code: pt('plan.code'),
    project: pt('plan.project'),
    office: pt('plan.office'),
    mode: pt('plan.mode'),
    funds: pt('plan.funds'),
    budget: pt('plan.budget'),
    status: pt('plan.status'),
  };
  const total = pesosFromDecimal(plan.total);
  const notGiven = pt('plan.notGiven');
  return (
    <Page title={pt('plan.title')} description={pt('plan.description')} headerImage={headerImage}>
      <p className="lead">{pt('plan.lead', { year: plan.year })}</p>
      <YearChooser
        id="plan-year"
        action={localPath(PLAN_PATH)}
        label={pt('plan.yearLabel')}
        button={pt('plan.show')}
        year={plan.year}
        years={plan.years}
      />
      <p className="record-summary" role="status">
        {plan.lines.length === 0
          ? pt('plan.empty', { year: plan.year })
          : plan.lines.length === 1
            ? pt('plan.countOne', { total })
            : pt('plan.count', { count: plan.lines.length, total })}
      </p>
      {plan.lines.length > 0 ? (
        <div className="record-results">
          <table className="record-table">
            <caption className="visually-hidden">{pt('plan.caption', { year: plan.year })}</caption>
            <thead>
              <tr>
                {Object.values(columns).map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {plan.lines.map((line) => (
                <tr key={line.ocid}>
                  <td data-label={columns.code}>{line.appCode}</td>
                  <td data-label={columns.project}>
                    <Link to={localPath(`/procurement/${encodeURIComponent(line.ocid)}`)}>
                      {line.title}
                    </Link>
                  </td>
                  <td data-label={columns.office}>{line.endUserOffice ?? notGiven}</td>
                  <td data-label={columns.mode}>{line.mode ?? notGiven}</td>
                  <td data-label={columns.funds}>{line.sourceOfFunds ?? notGiven}</td>
                  <td data-label={columns.budget}>{pesosFromDecimal(line.budget)}</td>
                  <td data-label={columns.status}>
                    {projectText(`project.status.${line.status}`)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="plan-total">
                <th scope="row" colSpan={5}>
                  {pt('plan.total')}
                </th>
                <td data-label={pt('plan.total')}>{total}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      {plan.lines.length > 0 ? (
        <BarChart
          title={pt('plan.chart', { year: plan.year })}
          labelHeader={columns.office}
          series={[pt('plan.planned'), pt('plan.awarded')]}
          bars={byOffice(plan.lines, notGiven)}
        />
      ) : null}
      <p className="record-downloads">
        <a href={`${PLAN_API_PATH}.csv?year=${plan.year}`}>{pt('plan.download')}</a>
      </p>
    </Page>
  );
}
