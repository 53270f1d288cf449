import {
  Link,
  data,
  useLoaderData,
  useNavigation,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { pesosFromDecimal } from '../../shared/money.ts';
import { listSearchParams, parseListQuery } from '../../shared/records/list-query.ts';
import { SUPPLIERS_PATH, supplierPath } from '../../shared/suppliers/suppliers.ts';
import { InLang } from '../components/content/InLang.tsx';
import { Page } from '../components/page/Page.tsx';
import { RecordPager } from '../records/RecordPager.tsx';
import { RecordSearch } from '../records/RecordSearch.tsx';
import '../records/records.css';
import { services } from '../services-context.ts';
import { useSupplierText } from './useSupplierText.ts';

/** Reads `?q=&page=` as the record lists do (dates are not read); a bad value is a 400. */
export async function supplierListLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseListQuery({ q: params.getAll('q'), page: params.getAll('page') });
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const [result, bidsAndAwards] = await Promise.all([
    services(context).suppliers(parsed.value, request.signal),
    services(context).contentPart('bidsAndAwards'),
  ]);
  return { query: parsed.value, result, headerImage: bidsAndAwards.headerImage };
}

type SupplierListData = Awaited<ReturnType<typeof supplierListLoader>>;

function summary(
  { query, result }: SupplierListData,
  { st, t }: Pick<ReturnType<typeof useSupplierText>, 'st' | 't'>,
) {
  const { total, page, pageSize, items } = result;
  if (total === 0) return query.q ? st('suppliers.noMatch', { q: query.q }) : st('suppliers.empty');
  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  const found = query.q ? t('list.matching', { q: query.q }) : '';
  return st(total === 1 ? 'suppliers.showingOne' : 'suppliers.showing', {
    first,
    last,
    total,
    found,
  });
}

/** /suppliers: every supplier by total awarded value, searchable by name, a page at a time. */
export function SupplierListPage() {
  const loaded = useLoaderData<typeof supplierListLoader>();
  const navigation = useNavigation();
  const { query, result } = loaded;
  const text = useSupplierText();
  const { st, t, localPath } = text;
  const title = st('suppliers.title');
  const name = st('suppliers.name');
  const awards = st('suppliers.awards');
  const value = st('suppliers.awardedValue');
  const search = listSearchParams({ q: query.q, page: 1 }).toString();
  return (
    <Page title={title} description={st('suppliers.description')} headerImage={loaded.headerImage}>
      <p className="lead">{st('suppliers.lead')}</p>
      <RecordSearch listTitle={title} query={query} dates={false} />
      <p className="record-summary" role="status">
        {summary(loaded, text)}
      </p>
      <div className="record-results" aria-busy={navigation.state === 'loading'}>
        {result.items.length > 0 ? (
          <table className="record-table">
            <caption className="visually-hidden">
              {st('suppliers.caption', {
                page: query.page,
                search: query.q ? t('list.captionSearch', { q: query.q }) : '',
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{name}</th>
                <th scope="col">{awards}</th>
                <th scope="col">{value}</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((supplier) => (
                <tr key={supplier.id}>
                  <td data-label={name}>
                    <Link to={localPath(supplierPath(supplier.id))}>
                      <InLang text={supplier.name} />
                    </Link>
                  </td>
                  <td data-label={awards}>{supplier.awards}</td>
                  <td data-label={value}>{pesosFromDecimal(supplier.awardedValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <RecordPager query={query} total={result.total} pageSize={result.pageSize} />
      </div>
      <p className="record-downloads">
        <a href={`${SUPPLIERS_PATH}.csv${search ? `?${search}` : ''}`}>
          {st(query.q ? 'suppliers.downloadMatching' : 'suppliers.download')}
        </a>
      </p>
    </Page>
  );
}
