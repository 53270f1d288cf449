import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { parseListQuery, type ListQuery, type RecordPage } from '../../../db/list-query.ts';
import type { RecordKind } from '../../../db/record-kinds.ts';
import { services } from '../../services.ts';

export interface RecordListData {
  query: ListQuery;
  result: RecordPage;
}

/** Reads `?q=&page=` from the URL and loads that page; a bad value is a 400 shown by the list's error boundary. */
export function recordListLoader(kind: RecordKind) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<RecordListData> => {
    const params = new URL(request.url).searchParams;
    const parsed = parseListQuery({ q: params.get('q'), page: params.get('page') });
    if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
    const result = await services(context).records(kind.collection, parsed.value, request.signal);
    return { query: parsed.value, result };
  };
}
