import { useLoaderData, useNavigation } from 'react-router-dom';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { Page } from '../components/page/Page.tsx';
import type { RecordListData } from '../components/records/record-list-loader.ts';
import { RecordPager } from '../components/records/RecordPager.tsx';
import { RecordSearch } from '../components/records/RecordSearch.tsx';
import { RecordTable } from '../components/records/RecordTable.tsx';
import '../components/records/records.css';

function summary({ query, result }: RecordListData): string {
  const { total, page, pageSize, items } = result;
  if (total === 0)
    return query.q ? `No records match “${query.q}”.` : 'There are no records in this list yet.';
  if (items.length === 0) return `Page ${page} is past the end of this list.`;
  const first = (page - 1) * pageSize + 1;
  const found = query.q ? ` matching “${query.q}”` : '';
  return `Showing ${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'record' : 'records'}${found}.`;
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
      <RecordSearch listTitle={kind.title} q={query.q} />
      <p className="record-summary" role="status">
        {summary(loaded)}
      </p>
      <div className="record-results" aria-busy={navigation.state === 'loading'}>
        {result.items.length > 0 ? (
          <RecordTable
            kind={kind}
            items={result.items}
            caption={`${kind.title}, page ${query.page}${query.q ? `, search “${query.q}”` : ''}`}
          />
        ) : null}
        <RecordPager query={query} total={result.total} pageSize={result.pageSize} />
      </div>
    </Page>
  );
}
