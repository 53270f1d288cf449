import { ALL_LISTS } from '../../shared/alerts/alert-subscription.ts';
import { AlertSignup } from '../alerts/AlertSignup.tsx';
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  FIRST_DISCLOSURE_YEAR,
  LAST_DISCLOSURE_YEAR,
} from '../../shared/full-disclosure/full-disclosure.ts';
import { FULL_DISCLOSURE_PAGE } from '../../shared/full-disclosure/full-disclosure-paths.ts';
import {
  DisclosureCounts,
  DisclosureGridTables,
  DisclosureYearForm,
} from './DisclosureGridTables.tsx';
import './full-disclosure.css';
import { Page } from '../components/page/Page.tsx';
import '../records/records.css';
import type { RootData } from '../root-data.ts';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/**
 * The year the URL asks for; none means the current fiscal year (the server's clock
 * decides). Anything but a plausible year names no page.
 */
export function requestedYear(url: string): number | undefined {
  const text = new URL(url).searchParams.get('year');
  if (text === null || text === '') return undefined;
  const year = Number(text);
  if (!/^\d{4}$/.test(text) || year < FIRST_DISCLOSURE_YEAR || year > LAST_DISCLOSURE_YEAR) {
    throw new Response('Not Found', { status: 404 });
  }
  return year;
}

export async function fullDisclosureLoader({ request, context }: LoaderFunctionArgs) {
  return services(context).fullDisclosureGrid(requestedYear(request.url), request.signal);
}

/**
 * The DILG Full Disclosure Policy documents of a fiscal year: every type by period, each
 * posted file with its date, size and SHA-256, or in words when it is not yet due, due or
 * overdue. The year is picked with a plain GET form, so it works without JavaScript.
 */
export function FullDisclosurePage() {
  const grid = useLoaderData<typeof fullDisclosureLoader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const yearQuery = `?year=${grid.year}`;
  const { t } = useI18n();
  return (
    <Page
      title={t('disclosure.title')}
      heading={t('disclosure.heading')}
      description={t('disclosure.description', { year: grid.year })}
    >
      <p>{t('disclosure.intro')}</p>
      <DisclosureYearForm grid={grid} action={FULL_DISCLOSURE_PAGE} id="disclosure-year" />
      <DisclosureCounts grid={grid} />
      <DisclosureGridTables grid={grid} />
      <p className="record-downloads">
        {t('disclosure.download')} <a href={`${FULL_DISCLOSURE_PAGE}.csv${yearQuery}`}>CSV</a>,{' '}
        <a href={`${FULL_DISCLOSURE_PAGE}.json${yearQuery}`}>JSON</a>
        {root?.siteUrl ? (
          <>
            . {t('disclosure.follow')}{' '}
            <a href={`${FULL_DISCLOSURE_PAGE}.atom`}>{t('list.atomFeed')}</a>
            <link
              rel="alternate"
              type="application/atom+xml"
              title={t('disclosure.feedTitle')}
              href={`${FULL_DISCLOSURE_PAGE}.atom`}
            />
          </>
        ) : null}
        .
      </p>
      {/* Full Disclosure postings themselves are not alerted yet: the form offers the procurement lists. */}
      <AlertSignup
        heading="Get new procurement notices by e-mail"
        values={{ lists: [ALL_LISTS], keyword: '', frequency: 'immediate' }}
      />
    </Page>
  );
}
