import { useLoaderData } from 'react-router-dom';
import { fundReportColumns } from '../../shared/fund-report-columns.ts';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { Page } from '../components/page/Page.tsx';

export const accountingLoader = partsLoader('accounting');

export function AccountingPage() {
  const { accounting } = useLoaderData<typeof accountingLoader>();
  const report = accounting.fundReport;
  return (
    <Page
      title="Financial Report"
      heading={accounting.name}
      description="Report on the utilization of the Local Government Support Fund, by quarter."
      headerImage={accounting.headerImage}
    >
      <PurposeBlocks vision={accounting.vision} mission={accounting.mission} />
      <section className="fund-report" aria-labelledby="fund-report-heading">
        <h2 id="fund-report-heading" className="fund-report-heading">
          {report.heading}
        </h2>
        <p className="fund-report-subtitle">{report.subtitle}</p>
        {report.quarters.map((quarter, quarterIndex) => {
          const captionId = `quarter-${quarterIndex + 1}`;
          return (
            // A plain box, not a section: the table's scroll region below already is the quarter's landmark, named by the same heading.
            <div key={quarter.endedOn} className="fund-quarter">
              <h3 id={captionId}>For the Quarter Ended {quarter.endedOn}</h3>
              {/* Wide tables scroll inside this box, which must be focusable to be scrolled from the keyboard. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
                <table className="fund-table">
                  <thead>
                    <tr>
                      {fundReportColumns.map(([key, label]) => (
                        <th key={key} scope="col">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {quarter.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {fundReportColumns.map(([key]) => (
                          <td key={key}>{row[key]}</td>
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
