import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { FIRST_DISCLOSURE_YEAR, LAST_DISCLOSURE_YEAR } from '../../shared/full-disclosure.ts';
import { FULL_DISCLOSURE_PAGE } from '../../shared/full-disclosure-paths.ts';
import {
  DisclosureCounts,
  DisclosureGridTables,
  DisclosureYearForm,
} from '../components/full-disclosure/DisclosureGridTables.tsx';
import '../components/full-disclosure/full-disclosure.css';
import { Page } from '../components/page/Page.tsx';
import '../components/records/records.css';
import type { RootData } from '../root-data.ts';
import { services } from '../services-context.ts';

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
  return (
    <Page
      title="Full Disclosure Policy"
      heading="Full Disclosure Policy Documents"
      description={`The financial and procurement documents the municipality posts under the DILG Full Disclosure Policy for fiscal year ${grid.year}: what is posted, what is due and what is overdue.`}
    >
      <p>
        Under section 352 of the Local Government Code and the DILG Full Disclosure Policy, the
        municipality posts these budget, finance and procurement documents every year and every
        quarter. Each document is due a set number of days after its period ends; a posted file
        shows its SHA-256, so anyone can check a copy is the file posted.
      </p>
      <DisclosureYearForm grid={grid} action={FULL_DISCLOSURE_PAGE} id="disclosure-year" />
      <DisclosureCounts grid={grid} />
      <DisclosureGridTables grid={grid} />
      <p className="record-downloads">
        Download this year’s table: <a href={`${FULL_DISCLOSURE_PAGE}.csv${yearQuery}`}>CSV</a>,{' '}
        <a href={`${FULL_DISCLOSURE_PAGE}.json${yearQuery}`}>JSON</a>
        {root?.siteUrl ? (
          <>
            . Follow new postings: <a href={`${FULL_DISCLOSURE_PAGE}.atom`}>Atom feed</a>
            <link
              rel="alternate"
              type="application/atom+xml"
              title="Full Disclosure Policy documents (Atom feed)"
              href={`${FULL_DISCLOSURE_PAGE}.atom`}
            />
          </>
        ) : null}
        .
      </p>
    </Page>
  );
}
