import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatManilaDate } from '../../shared/manila-time.ts';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import { indicatorNameKey } from '../../shared/red-flags/red-flag-messages-en.ts';
import {
  RED_FLAG_INDICATORS,
  RED_FLAGS_API_PATH,
  RED_FLAGS_METHODOLOGY_PATH,
  RED_FLAGS_PATH,
  type RedFlagItem,
} from '../../shared/red-flags/red-flags.ts';
import { BarChart } from '../components/charts/BarChart.tsx';
import { InLang } from '../components/content/InLang.tsx';
import { Page } from '../components/page/Page.tsx';
import { YearChooser } from '../components/year-chooser/YearChooser.tsx';
import { askedYear } from '../components/year-chooser/year-parameter.ts';
import '../records/records.css';
import { services } from '../services-context.ts';
import './red-flags.css';
import { useRedFlagText } from './useRedFlagText.ts';

/** Reads `?year=`; none is the newest year with a project, anything but four digits a 400. */
export async function redFlagsLoader({ request, context }: LoaderFunctionArgs) {
  const year = askedYear(request);
  const [flags, bidsAndAwards] = await Promise.all([
    services(context).redFlags(year, request.signal),
    services(context).contentPart('bidsAndAwards'),
  ]);
  return { flags, headerImage: bidsAndAwards.headerImage };
}

/** The BAC's answer to one flag, or that there is none yet. */
function Answer({ item }: { item: RedFlagItem }) {
  const { ft, lang } = useRedFlagText();
  if (!item.answer) return <>{ft('flags.notAnswered')}</>;
  return (
    <>
      {ft('flags.answered', {
        date: formatManilaDate(item.answer.answered, lang),
        text: item.answer.text,
      })}
    </>
  );
}

/**
 * /red-flags: the projects begun in a year that raise a flag, a count per indicator drawn
 * as a chart with its table, then each indicator's projects with the BAC's answer. The
 * facts of each flag are on its project's page, which each row links.
 */
export function RedFlagsPage() {
  const { flags, headerImage } = useLoaderData<typeof redFlagsLoader>();
  const { ft, localPath } = useRedFlagText();
  const { year, items, counts, total } = flags;
  const project = ft('flags.project');
  const answer = ft('flags.answer');
  return (
    <Page title={ft('flags.title')} description={ft('flags.description')} headerImage={headerImage}>
      <p className="lead">{ft('flags.lead')}</p>
      <p>
        <Link to={localPath(RED_FLAGS_METHODOLOGY_PATH)}>{ft('flags.methodologyLink')}</Link>
      </p>
      <YearChooser
        id="red-flags-year"
        action={localPath(RED_FLAGS_PATH)}
        label={ft('flags.yearLabel')}
        button={ft('flags.show')}
        year={year}
        years={flags.years}
      />
      <p className="record-summary" role="status">
        {total === 0
          ? ft('flags.empty', { year })
          : total === 1
            ? ft('flags.summaryOne', { year })
            : ft('flags.summary', { total, year })}
      </p>
      <BarChart
        title={ft('flags.chartTitle', { year })}
        labelHeader={ft('flags.indicator')}
        series={[ft('flags.projects')]}
        bars={RED_FLAG_INDICATORS.map((indicator) => ({
          label: ft(indicatorNameKey(indicator)),
          values: [counts[indicator]],
        }))}
      />
      {RED_FLAG_INDICATORS.filter((indicator) => counts[indicator] > 0).map((indicator) => {
        const name = ft(indicatorNameKey(indicator));
        return (
          <section key={indicator} className="red-flags-indicator" aria-labelledby={indicator}>
            <h2 id={indicator}>
              {name} ({counts[indicator]})
            </h2>
            <table className="record-table">
              <caption className="visually-hidden">
                {ft('flags.listCaption', { indicator: name, year })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{project}</th>
                  <th scope="col">{answer}</th>
                </tr>
              </thead>
              <tbody>
                {items
                  .filter((item) => item.indicator === indicator)
                  .map((item) => (
                    <tr key={item.ocid}>
                      <td data-label={project}>
                        <Link to={localPath(procurementPath(item.ocid))}>
                          <InLang text={item.title} />
                        </Link>
                      </td>
                      <td data-label={answer}>
                        <Answer item={item} />
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
        );
      })}
      <p className="record-downloads">
        <a href={`${RED_FLAGS_PATH}.csv?year=${year}`}>{ft('flags.download')}</a>
        {' · '}
        <a href={`${RED_FLAGS_API_PATH}?year=${year}`}>{ft('flags.api')}</a>
      </p>
    </Page>
  );
}
