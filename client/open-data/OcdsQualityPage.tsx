import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import type { OcdsCheckResult, OcdsProblem } from '../../shared/open-data/ocds-quality.ts';
import { INFO_PAGES } from '../../shared/info-pages.ts';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
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
  const { t } = useI18n();
  const where = [problem.ocid, problem.release, problem.path].filter(Boolean).join(' ');
  return (
    <li>
      <code>{where}</code>: {t(`openData.quality.problem.${problem.code}`, problem.values)}
    </li>
  );
}

function Check({ check }: { check: OcdsCheckResult }) {
  const { t } = useI18n();
  const heading = `ocds-check-${check.id}`;
  return (
    <section aria-labelledby={heading} className="ocds-check">
      <h2 id={heading}>{t(`openData.quality.check.${check.id}`)}</h2>
      <p>{t(`openData.quality.check.${check.id}.text`)}</p>
      <p className={`ocds-check-status ocds-check-${check.status}`}>
        <strong>
          {check.status === 'passed'
            ? t('openData.quality.passed')
            : check.status === 'skipped'
              ? t('openData.quality.skipped')
              : t('openData.quality.failed', { count: check.count })}
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
        <p>{t('openData.quality.more', { shown: check.problems.length, count: check.count })}</p>
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
  const { t, rich, lang, localPath } = useI18n();
  return (
    <Page
      title={t('openData.quality.title')}
      description={t('openData.quality.description', { name })}
    >
      <p className="lead">{t('openData.quality.lead')}</p>
      {report ? (
        <>
          <p>
            {rich('openData.quality.summary', {
              when: formatManilaDateTime(report.checkedAt, lang),
              processes: report.processes,
              releases: report.releases,
              prefix: <code>{report.ocidPrefix}</code>,
            })}
          </p>
          <p>
            <strong>
              {report.ok ? t('openData.quality.allPassed') : t('openData.quality.someFailed')}
            </strong>
          </p>
          {report.checks.map((check) => (
            <Check key={check.id} check={check} />
          ))}
        </>
      ) : (
        <p role="note">{t('openData.quality.noSiteUrl')}</p>
      )}
      <p>{rich('openData.quality.cli', { command: <code>municipal ocds check</code> })}</p>
      <p>
        <Link to={localPath(INFO_PAGES.openData)}>{t('openData.title')}</Link>
      </p>
    </Page>
  );
}
