import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  fundReportColumns,
  isFundAmountColumn,
} from '../../shared/fund-report/fund-report-columns.ts';
import { formatManilaDay } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import { Localized } from '../components/content/Localized.tsx';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

const accountingPart = partsLoader('accounting');

/**
 * The office's content and every quarter of the fund report, imported ones included, newest
 * first. The content file's own quarters are left out of what the page keeps: they are among
 * `quarters`, and the page's hydration data would carry them twice.
 */
export async function accountingLoader(args: LoaderFunctionArgs) {
  const [{ accounting }, quarters] = await Promise.all([
    accountingPart(args),
    services(args.context).fundReportQuarters(),
  ]);
  const { fundReport, ...office } = accounting;
  return {
    office,
    report: { heading: fundReport.heading, subtitle: fundReport.subtitle, quarters },
  };
}

export function AccountingPage() {
  const { office, report } = useLoaderData<typeof accountingLoader>();
  const { t, lang, plain } = useI18n();
  return (
    <Page
      title={t('accounting.title')}
      heading={plain(office.name)}
      description={t('accounting.description')}
      headerImage={office.headerImage}
    >
      <PurposeBlocks vision={office.vision} mission={office.mission} />
      <section className="fund-report" aria-labelledby="fund-report-heading">
        <h2 id="fund-report-heading" className="fund-report-heading">
          <Localized text={report.heading} />
        </h2>
        <p className="fund-report-subtitle">
          <Localized text={report.subtitle} />
        </p>
        {report.quarters.map((quarter, quarterIndex) => {
          const captionId = `quarter-${quarterIndex + 1}`;
          return (
            // A plain box, not a section: the table's scroll region below already is the quarter's landmark, named by the same heading.
            <div key={quarter.endedOn} className="fund-quarter">
              <h3 id={captionId}>
                {t('accounting.quarter', { date: formatManilaDay(quarter.endedOn, lang) })}
              </h3>
              {/* Wide tables scroll inside this box, which must be focusable to be scrolled from the keyboard. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
                <table className="fund-table">
                  <thead>
                    <tr>
                      {fundReportColumns.map(([key]) => (
                        <th key={key} scope="col">
                          {t(`accounting.${key}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {quarter.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {fundReportColumns.map(([key]) => (
                          <td key={key}>
                            {isFundAmountColumn(key) ? pesosFromDecimal(row[key]) : row[key]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          );
        })}
      </section>
    </Page>
  );
}
