import { data, type LoaderFunctionArgs } from 'react-router-dom';
import {
  parseListQuery,
  type ListQuery,
  type RecordPage,
} from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { Picture } from '../../shared/content-types.ts';
import { services } from '../services-context.ts';

export interface RecordListData {
  query: ListQuery;
  result: RecordPage;
  /** The Bids and Awards banner from content, so a municipality changes it in one place. */
  headerImage: Picture;
}

/** Reads `?q=&from=&to=&page=` from the URL and loads that page; a bad value is a 400 shown by the list's error boundary. */
export function recordListLoader(kind: RecordKind) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<RecordListData> => {
    const params = new URL(request.url).searchParams;
    const parsed = parseListQuery({
      q: params.getAll('q'),
      page: params.getAll('page'),
      from: params.getAll('from'),
      to: params.getAll('to'),
    });
    if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
    const [result, bidsAndAwards] = await Promise.all([
      services(context).records(kind.collection, parsed.value, request.signal),
      services(context).contentPart('bidsAndAwards'),
    ]);
    return { query: parsed.value, result, headerImage: bidsAndAwards.headerImage };
  };
}
