import { useLoaderData, useNavigation } from 'react-router-dom';
import type { ListQuery } from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { AlertSignup } from '../alerts/AlertSignup.tsx';
import { Page } from '../components/page/Page.tsx';
import type { RecordListData } from './record-list-loader.ts';
import { RecordDownloads } from './RecordDownloads.tsx';
import { RecordPager } from './RecordPager.tsx';
import { RecordSearch } from './RecordSearch.tsx';
import { RecordTable } from './RecordTable.tsx';
import './records.css';
import { useI18n, type I18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';

/** The date range in words, e.g. " posted from 2026-01-01 to 2026-01-31"; empty when open. */
function postedRange({ from, to }: ListQuery, t: I18n['t']): string {
  if (from && to) return t('list.rangeFromTo', { from, to });
  if (from) return t('list.rangeFrom', { from });
  if (to) return t('list.rangeTo', { to });
  return '';
}

function summary({ query, result }: RecordListData, t: I18n['t']): string {
  const { total, page, pageSize, items } = result;
  const range = postedRange(query, t);
  if (total === 0) {
    if (query.q) return t('list.noMatch', { q: query.q, range });
    return range ? t('list.noneInRange', { range }) : t('list.empty');
  }
  if (items.length === 0) return t('list.pastEnd', { page });
  const first = (page - 1) * pageSize + 1;
  const found = query.q ? t('list.matching', { q: query.q }) : '';
  const last = first + items.length - 1;
  return t(total === 1 ? 'list.showingOne' : 'list.showing', { first, last, total, found, range });
}

/** One of the eight public procurement lists: search, one page of the table, Prev/Next. */
export function RecordListPage({ kind }: { kind: RecordKind }) {
  const loaded = useLoaderData() as RecordListData;
  const navigation = useNavigation();
  const { query, result } = loaded;
  const { t } = useI18n();
  const title = useKindText(kind).title;
  return (
    <Page
      title={title}
      description={t('list.description', { title })}
      headerImage={loaded.headerImage}
    >
      <RecordSearch listTitle={title} query={query} />
      <p className="record-summary" role="status">
        {summary(loaded, t)}
      </p>
      <div className="record-results" aria-busy={navigation.state === 'loading'}>
        {result.items.length > 0 ? (
          <RecordTable
            kind={kind}
            items={result.items}
            caption={t('list.caption', {
              title,
              page: query.page,
              search: query.q ? t('list.captionSearch', { q: query.q }) : '',
              range: postedRange(query, t),
            })}
          />
        ) : null}
        <RecordPager query={query} total={result.total} pageSize={result.pageSize} />
      </div>
      <RecordDownloads kind={kind} query={query} />
      <AlertSignup values={{ lists: [kind.collection], keyword: '', frequency: 'immediate' }} />
    </Page>
  );
}
