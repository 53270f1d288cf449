import { Link, useRouteLoaderData } from 'react-router-dom';
import { PAGE_SIZE } from '../../shared/list-query.ts';
import { OCID_PREFIX_REGISTRATION_URL, PLACEHOLDER_OCID_PREFIX } from '../../shared/ocds-prefix.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { Page } from '../components/page/Page.tsx';
import type { RootData } from '../root-data.ts';
import { Localized } from '../components/content/Localized.tsx';

const formats = [
  { extension: 'csv', name: 'CSV', description: 'spreadsheet' },
  { extension: 'json', name: 'JSON', description: 'data' },
  { extension: 'atom', name: 'Atom', description: 'feed' },
] as const;

/**
 * Every dataset the site publishes, in every format, with its terms and how to follow
 * changes. Rendered from the kinds registry and the site content, so a new list or another
 * municipality's terms appear here without editing the page.
 */
export function OpenDataPage() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) return null;
  const { site, siteUrl } = root;
  const { openData } = site;
  return (
    <Page
      title="Open Data"
      description={`Procurement notices of the ${site.municipality.name} as CSV, JSON, Atom feeds and the Open Contracting Data Standard, free to reuse.`}
    >
      <p className="lead">
        Every procurement notice on this site can be downloaded, followed and reused, without
        signing in. Each file holds the whole list, not one page of it.
      </p>
      {siteUrl ? null : (
        <p role="note">
          This copy of the site has no public address configured (SITE_URL), so its Atom feeds and
          OCDS data, which need absolute addresses, are not available here. Downloads and the API
          work.
        </p>
      )}

      <section aria-labelledby="open-data-lists">
        <h2 id="open-data-lists">Procurement lists</h2>
        <p>
          Each list as a CSV spreadsheet (UTF-8, opens in Excel), as JSON in the same shape as the
          API, and as an Atom feed of its latest changes. A download takes the list page’s search
          and dates, e.g. <code>?q=road&amp;from=2026-01-01&amp;to=2026-03-31</code>, and holds
          every matching published notice.
        </p>
        <ul>
          {recordKinds.map((kind) => (
            <li key={kind.collection}>
              <Link to={kind.route}>{kind.label}</Link>:{' '}
              {formats.map((format, index) => (
                <span key={format.extension}>
                  {index > 0 ? ', ' : null}
                  <a href={`${kind.route}.${format.extension}`}>
                    {format.name}
                    <span className="visually-hidden">
                      {' '}
                      {format.description} of {kind.label}
                    </span>
                  </a>
                </span>
              ))}
            </li>
          ))}
        </ul>
        <p>
          All kinds together:{' '}
          <a href="/procurement.atom">the Atom feed of every procurement notice</a>.
        </p>
      </section>

      <section aria-labelledby="open-data-ocds">
        <h2 id="open-data-ocds">Open Contracting Data Standard (OCDS 1.1)</h2>
        <p>
          <a href="/ocds/releases.json">The OCDS release package</a> holds one release for each
          notice posted, corrected or withdrawn, oldest first, a page at a time. Each page’s{' '}
          <code>links.next</code> gives the next one.
        </p>
        <p>
          A contracting process has the id <code>{openData.ocidPrefix}-</code> followed by the
          notice’s PhilGEPS reference number, so the invitation, bulletins, award and notice to
          proceed of one procurement share it; a notice without a reference is a process of its own,{' '}
          <code>{openData.ocidPrefix}-&lt;list&gt;-&lt;number&gt;</code> (e.g.{' '}
          <code>{openData.ocidPrefix}-public_bidding-12</code>). Its record package, with every
          release and the compiled current state, is at <code>/ocds/records/&lt;ocid&gt;.json</code>
          .
        </p>
        {openData.ocidPrefix === PLACEHOLDER_OCID_PREFIX ? (
          <p role="note">
            <code>{PLACEHOLDER_OCID_PREFIX}</code> is a placeholder prefix: this site has not
            registered its own with the Open Contracting Partnership yet, so its ids are not unique
            among OCDS publishers and may change once it has.{' '}
            <a href={OCID_PREFIX_REGISTRATION_URL}>How a publisher registers an ocid prefix</a>.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="open-data-api">
        <h2 id="open-data-api">API</h2>
        <p>
          <a href="/openapi.json">The API description (OpenAPI 3)</a> lists every endpoint and its
          parameters, including the paged list API <code>/api/records/&lt;list&gt;</code> (
          {PAGE_SIZE} notices a page, newest first) and each notice at{' '}
          <code>/api/records/&lt;list&gt;/&lt;number&gt;</code> with its history.
        </p>
      </section>

      <section aria-labelledby="open-data-follow">
        <h2 id="open-data-follow">Following changes</h2>
        <ul>
          <li>
            Add a list’s Atom feed, or the feed of every notice, to a feed reader: a corrected or
            withdrawn notice reappears with its new date.
          </li>
          <li>
            Harvest OCDS by remembering the last page’s <code>links.next</code> and asking it again
            later: each release comes exactly once. Starting afresh from a date works too:{' '}
            <code>/ocds/releases.json?since=2026-01-01T00:00:00Z</code>.
          </li>
          <li>
            Downloads and feeds send an ETag: ask again with <code>If-None-Match</code> and an
            unchanged file answers 304 with nothing to download.
          </li>
        </ul>
      </section>

      <section aria-labelledby="open-data-cadence">
        <h2 id="open-data-cadence">How often the data changes</h2>
        <p>
          <Localized text={openData.updateCadence} />
        </p>
      </section>

      <section aria-labelledby="open-data-license">
        <h2 id="open-data-license">Terms of use</h2>
        <p>
          The data is published under the{' '}
          <a href={openData.license.url}>
            <Localized text={openData.license.label} />
          </a>
          .
        </p>
      </section>
    </Page>
  );
}
