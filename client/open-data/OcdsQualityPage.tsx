import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import type { OcdsCheckResult, OcdsProblem } from '../../shared/open-data/ocds-quality.ts';
import { INFO_PAGES } from '../../shared/info-pages.ts';
import { Page } from '../components/page/Page.tsx';
import { useQualityText } from './useQualityText.ts';
import { services } from '../services-context.ts';
import './open-data.css';

export async function ocdsQualityLoader({ context, request }: LoaderFunctionArgs) {
  const [report, site] = await Promise.all([
    services(context).ocdsQuality(request.signal),
    services(context).site(),
  ]);
  return { report, name: site.municipality.name };
}

function Problem({ problem }: { problem: OcdsProblem }) {
  const { qt } = useQualityText();
  const where = [problem.ocid, problem.release, problem.path].filter(Boolean).join(' ');
  return (
    <li>
      <code>{where}</code>: {qt(`openData.quality.problem.${problem.code}`, problem.values)}
    </li>
  );
}

function Check({ check }: { check: OcdsCheckResult }) {
  const { qt } = useQualityText();
  const heading = `ocds-check-${check.id}`;
  return (
    <section aria-labelledby={heading} className="ocds-check">
      <h2 id={heading}>{qt(`openData.quality.check.${check.id}`)}</h2>
      <p>{qt(`openData.quality.check.${check.id}.text`)}</p>
      <p className={`ocds-check-status ocds-check-${check.status}`}>
        <strong>
          {check.status === 'passed'
            ? qt('openData.quality.passed')
            : check.status === 'skipped'
              ? qt('openData.quality.skipped')
              : qt('openData.quality.failed', { count: check.count })}
        </strong>
      </p>
      {check.problems.length > 0 ? (
        <ul className="ocds-problems">
          {check.problems.map((problem, index) => (
            <Problem key={index} problem={problem} />
          ))}
        </ul>
      ) : null}
      {check.count > check.problems.length ? (
        <p>{qt('openData.quality.more', { shown: check.problems.length, count: check.count })}</p>
      ) : null}
    </section>
  );
}

/**
 * /open-data/quality (issue 35): the checks `municipal ocds check` runs on the site's own
 * OCDS output, each passed or with its first problems and their count.
 */
export function OcdsQualityPage() {
  const { report, name } = useLoaderData<typeof ocdsQualityLoader>();
  const { t, qt, qrich, lang, localPath } = useQualityText();
  return (
    <Page
      title={qt('openData.quality.title')}
      description={qt('openData.quality.description', { name })}
    >
      <p className="lead">{qt('openData.quality.lead')}</p>
      {report ? (
        <>
          <p>
            {qrich('openData.quality.summary', {
              when: formatManilaDateTime(report.checkedAt, lang),
              processes: report.processes,
              releases: report.releases,
              prefix: <code>{report.ocidPrefix}</code>,
            })}
          </p>
          <p>
            <strong>
              {report.ok ? qt('openData.quality.allPassed') : qt('openData.quality.someFailed')}
            </strong>
          </p>
          {report.checks.map((check) => (
            <Check key={check.id} check={check} />
          ))}
        </>
      ) : (
        <p role="note">{qt('openData.quality.noSiteUrl')}</p>
      )}
      <p>{qrich('openData.quality.cli', { command: <code>municipal ocds check</code> })}</p>
      <p>
        <Link to={localPath(INFO_PAGES.openData)}>{t('openData.title')}</Link>
      </p>
    </Page>
  );
}
