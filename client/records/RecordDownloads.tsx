import { useRouteLoaderData } from 'react-router-dom';
import { listSearchParams, type ListQuery } from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { RootData } from '../root-data.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';

/** A download of the list as filtered now: same q, from and to, never a page. */
function downloadHref(kind: RecordKind, format: 'csv' | 'json' | 'atom', query: ListQuery): string {
  const search = listSearchParams({ ...query, page: 1 }).toString();
  return `${kind.route}.${format}${search ? `?${search}` : ''}`;
}

/**
 * The list as open data: every matching record as CSV or JSON, and an Atom feed of its
 * latest changes, named in the head too so feed readers find it. Plain links, not router
 * links: these are files the server makes, not pages of the app. The feed needs SITE_URL
 * for its absolute ids, so without it (the server answers 404) it is not offered.
 */
export function RecordDownloads({ kind, query }: { kind: RecordKind; query: ListQuery }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const feed = root?.siteUrl ? downloadHref(kind, 'atom', query) : undefined;
  const { t } = useI18n();
  const { title } = useKindText(kind);
  const filtered = query.q || query.from || query.to;
  return (
    <p className="record-downloads">
      {t(filtered ? 'list.downloadMatching' : 'list.download')}{' '}
      <a href={downloadHref(kind, 'csv', query)}>CSV</a>,{' '}
      <a href={downloadHref(kind, 'json', query)}>JSON</a>
      {feed ? (
        <>
          . {t('list.follow')} <a href={feed}>{t('list.atomFeed')}</a>
          <link
            rel="alternate"
            type="application/atom+xml"
            title={t('list.feedTitle', { title })}
            href={feed}
          />
        </>
      ) : null}
      .
    </p>
  );
}
