import { listSearchParams } from '../shared/list-query.ts';
import { getJson, getJsonOrUndefined } from './api-client.ts';
import type { RootData } from './root-data.ts';
import type { AppServices } from '../shared/app-services.ts';
import { browserStaffServices } from './staff/browser-staff-services.ts';

/** The browser's side of the loaders' services: the server's JSON API. */
export const browserServices: AppServices = {
  ...browserStaffServices,
  site: () => getJson('/api/content/site'),
  // The root loader, the only caller, runs on the server for each full page load; the browser keeps its answer.
  siteUrl: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.siteUrl,
  demoRecords: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.demoRecords ??
    false,
  department: (slug) => getJsonOrUndefined(`/api/content/departments/${encodeURIComponent(slug)}`),
  newsItem: (id) => getJsonOrUndefined(`/api/content/news/${encodeURIComponent(id)}`),
  contentPart: (part) => getJson(`/api/content/parts/${part}`),
  fundReportQuarters: () => getJson('/api/fund-report'),
  records: (collection, query, signal) => {
    const search = listSearchParams(query).toString();
    return getJson(
      `/api/records/${encodeURIComponent(collection)}${search ? `?${search}` : ''}`,
      signal,
    );
  },
  record: (collection, id, signal) =>
    getJsonOrUndefined(`/api/records/${encodeURIComponent(collection)}/${id}`, signal),
};
