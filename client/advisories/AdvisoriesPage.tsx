import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ADVISORIES_FEED, PAST_ADVISORIES } from '../../shared/advisories/advisories.ts';
import { AdvisoryArticle } from './AdvisoryArticle.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

export async function advisoriesLoader({ context }: LoaderFunctionArgs) {
  return services(context).advisoryArchive();
}

/** /advisories: what is in effect now, then the latest that are over; works without JavaScript. */
export function AdvisoriesPage() {
  const { active, past } = useLoaderData<typeof advisoriesLoader>();
  const { t, rich } = useI18n();
  return (
    <Page title={t('advisories.title')} description={t('advisories.description')}>
      <section aria-labelledby="advisories-now">
        <h2 id="advisories-now">{t('advisories.now')}</h2>
        {active.length === 0 ? <p>{t('advisories.noneNow')}</p> : null}
        {active.map((advisory) => (
          <AdvisoryArticle key={advisory.id} advisory={advisory} />
        ))}
      </section>
      <section aria-labelledby="advisories-past">
        <h2 id="advisories-past">{t('advisories.past')}</h2>
        {past.length === 0 ? <p>{t('advisories.nonePast')}</p> : null}
        {past.map((advisory) => (
          <AdvisoryArticle key={advisory.id} advisory={advisory} />
        ))}
        {past.length === PAST_ADVISORIES ? (
          <p>{t('advisories.latestPast', { count: PAST_ADVISORIES })}</p>
        ) : null}
      </section>
      <p>
        {rich('advisories.feed', {
          link: <a href={ADVISORIES_FEED}>{t('advisories.feedLink')}</a>,
        })}
      </p>
    </Page>
  );
}
