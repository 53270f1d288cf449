import { Link, useRouteLoaderData } from 'react-router-dom';
import { PAGE_SIZE } from '../../shared/records/list-query.ts';
import {
  OCID_PREFIX_REGISTRATION_URL,
  PLACEHOLDER_OCID_PREFIX,
} from '../../shared/open-data/ocds-prefix.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { SUPPLIERS_PATH } from '../../shared/suppliers/suppliers.ts';
import { OCDS_QUALITY_PATH } from '../../shared/open-data/ocds-quality.ts';
import { Localized } from '../components/content/Localized.tsx';
import { localize } from '../../shared/i18n/localized-text.ts';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { useQualityText } from './useQualityText.ts';
import type { RootData } from '../root-data.ts';

const formats = [
  { extension: 'csv', name: 'CSV', description: 'openData.csv' },
  { extension: 'json', name: 'JSON', description: 'openData.json' },
  { extension: 'atom', name: 'Atom', description: 'openData.atom' },
] as const;

/**
 * Every dataset the site publishes, in every format, with its terms and how to follow
 * changes. Rendered from the kinds registry and the site content, so a new list or another
 * municipality's terms appear here without editing the page. Addresses, parameters and
 * code stay as they are in both languages: they are what a program sends.
 */
export function OpenDataPage() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { t, rich, lang, localPath } = useI18n();
  const { qt, qrich } = useQualityText();
  if (!root) return null;
  const { site, siteUrl } = root;
  const { openData } = site;
  const prefix = openData.ocidPrefix;
  return (
    <Page
      title={t('openData.title')}
      description={t('openData.description', { name: site.municipality.name })}
    >
      <p className="lead">{t('openData.lead')}</p>
      {siteUrl ? null : <p role="note">{t('openData.noSiteUrl')}</p>}

      <section aria-labelledby="open-data-lists">
        <h2 id="open-data-lists">{t('openData.lists')}</h2>
        <p>
          {rich('openData.listsText', {
            example: <code>?q=road&amp;from=2026-01-01&amp;to=2026-03-31</code>,
          })}
        </p>
        <ul>
          {recordKinds.map((kind) => {
            const label = localize(kind.label, lang).text;
            return (
              <li key={kind.collection}>
                <Link to={localPath(kind.route)}>{label}</Link>:{' '}
                {formats.map((format, index) => (
                  <span key={format.extension}>
                    {index > 0 ? ', ' : null}
                    <a href={`${kind.route}.${format.extension}`}>
                      {format.name}
                      <span className="visually-hidden"> {t(format.description, { label })}</span>
                    </a>
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
        <p>
          {rich('openData.suppliers', {
            link: <Link to={localPath(SUPPLIERS_PATH)}>{t('bids.suppliers')}</Link>,
            csv: <a href={`${SUPPLIERS_PATH}.csv`}>{`${SUPPLIERS_PATH}.csv`}</a>,
            api: <code>GET /api/suppliers</code>,
          })}
        </p>
        <p>
          {rich('openData.allKinds', {
            link: <a href="/procurement.atom">{t('openData.allFeed')}</a>,
          })}
        </p>
      </section>

      <section aria-labelledby="open-data-ocds">
        <h2 id="open-data-ocds">{t('openData.ocds')}</h2>
        <p>
          {rich('openData.ocdsPackage', {
            link: <a href="/ocds/releases.json">{t('openData.ocdsPackageLink')}</a>,
            next: <code>links.next</code>,
          })}
        </p>
        <p>
          {rich('openData.ocid', {
            prefix: <code>{prefix}-</code>,
            own: <code>{prefix}-&lt;list&gt;-&lt;number&gt;</code>,
            example: <code>{prefix}-public_bidding-12</code>,
            records: <code>/ocds/records/&lt;ocid&gt;.json</code>,
          })}
        </p>
        <p>
          {qrich('openData.quality.records', {
            link: <a href="/ocds/records.json">/ocds/records.json</a>,
            next: <code>links.next</code>,
          })}
        </p>
        <p>
          <Link to={localPath(OCDS_QUALITY_PATH)}>{qt('openData.quality.link')}</Link>
        </p>
        {prefix === PLACEHOLDER_OCID_PREFIX ? (
          <p role="note">
            {rich('openData.placeholder', {
              prefix: <code>{PLACEHOLDER_OCID_PREFIX}</code>,
              link: <a href={OCID_PREFIX_REGISTRATION_URL}>{t('openData.placeholderLink')}</a>,
            })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="open-data-api">
        <h2 id="open-data-api">{t('openData.api')}</h2>
        <p>
          {rich('openData.apiText', {
            link: <a href="/openapi.json">{t('openData.apiLink')}</a>,
            list: <code>/api/records/&lt;list&gt;</code>,
            size: PAGE_SIZE,
            one: <code>/api/records/&lt;list&gt;/&lt;number&gt;</code>,
          })}
        </p>
      </section>

      <section aria-labelledby="open-data-follow">
        <h2 id="open-data-follow">{t('openData.follow')}</h2>
        <ul>
          <li>{t('openData.followFeed')}</li>
          <li>
            {rich('openData.followOcds', {
              next: <code>links.next</code>,
              since: <code>/ocds/releases.json?since=2026-01-01T00:00:00Z</code>,
            })}
          </li>
          <li>{rich('openData.followEtag', { header: <code>If-None-Match</code> })}</li>
        </ul>
      </section>

      <section aria-labelledby="open-data-cadence">
        <h2 id="open-data-cadence">{t('openData.cadence')}</h2>
        <p>
          <Localized text={openData.updateCadence} />
        </p>
      </section>

      <section aria-labelledby="open-data-license">
        <h2 id="open-data-license">{t('openData.terms')}</h2>
        <p>
          {rich('openData.termsText', {
            license: (
              <a href={openData.license.url}>
                <Localized text={openData.license.label} />
              </a>
            ),
          })}
        </p>
      </section>
    </Page>
  );
}
