import { useLoaderData, useNavigation } from 'react-router-dom';
import type { ListQuery } from '../../shared/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { AlertSignup } from '../components/alerts/AlertSignup.tsx';
import { Page } from '../components/page/Page.tsx';
import type { RecordListData } from '../components/records/record-list-loader.ts';
import { RecordDownloads } from '../components/records/RecordDownloads.tsx';
import { RecordPager } from '../components/records/RecordPager.tsx';
import { RecordSearch } from '../components/records/RecordSearch.tsx';
import { RecordTable } from '../components/records/RecordTable.tsx';
import '../components/records/records.css';

/** The date range in words, e.g. " posted from 2026-01-01 to 2026-01-31"; empty when open. */
function postedRange({ from, to }: ListQuery): string {
  if (from && to) return ` posted from ${from} to ${to}`;
  if (from) return ` posted from ${from}`;
  if (to) return ` posted up to ${to}`;
  return '';
}

function summary({ query, result }: RecordListData): string {
  const { total, page, pageSize, items } = result;
  const range = postedRange(query);
  if (total === 0) {
    if (query.q) return `No records match “${query.q}”${range}.`;
    return range ? `No records were${range}.` : 'There are no records in this list yet.';
  }
  if (items.length === 0) return `Page ${page} is past the end of this list.`;
  const first = (page - 1) * pageSize + 1;
  const found = query.q ? ` matching “${query.q}”` : '';
  return `Showing ${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'record' : 'records'}${found}${range}.`;
}

/** One of the eight public procurement lists: search, one page of the table, Prev/Next. */
export function RecordListPage({ kind }: { kind: RecordKind }) {
  const loaded = useLoaderData() as RecordListData;
  const navigation = useNavigation();
  const { query, result } = loaded;
  return (
    <Page
      title={kind.title}
      description={`${kind.title}: procurement documents published by the Bids and Awards Committee.`}
      headerImage={loaded.headerImage}
    >
      <RecordSearch listTitle={kind.title} query={query} />
      <p className="record-summary" role="status">
        {summary(loaded)}
      </p>
      <div className="record-results" aria-busy={navigation.state === 'loading'}>
        {result.items.length > 0 ? (
          <RecordTable
            kind={kind}
            items={result.items}
            caption={`${kind.title}, page ${query.page}${query.q ? `, search “${query.q}”` : ''}${postedRange(query)}`}
          />
        ) : null}
        <RecordPager query={query} total={result.total} pageSize={result.pageSize} />
      </div>
      <RecordDownloads kind={kind} query={query} />
      <AlertSignup values={{ lists: [kind.collection], keyword: '', frequency: 'immediate' }} />
    </Page>
  );
}
