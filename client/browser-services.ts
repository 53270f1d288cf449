import { periodSlug } from '../shared/full-disclosure/full-disclosure.ts';
import { FULL_DISCLOSURE_PAGE } from '../shared/full-disclosure/full-disclosure-paths.ts';
import { listSearchParams } from '../shared/records/list-query.ts';
import { getJson, getJsonOrUndefined } from './api-client.ts';
import type { RootData } from './root-data.ts';
import type { AppServices } from '../shared/app-services.ts';
import { browserAdvisoryServices } from './advisories/browser-advisory-services.ts';
import {
  lazyAccountServices,
  lazyAdvisoryStaffServices,
  lazyStaffServices,
} from './lazy-staff-services.ts';
import { lazyTransparencyServices } from './lazy-transparency-services.ts';

/** The browser's side of the loaders' services: the server's JSON API. */
export const browserServices: AppServices = {
  // The staff services' code loads on their first call (lazy-staff-services.ts).
  ...lazyStaffServices,
  ...lazyAccountServices,
  ...lazyAdvisoryStaffServices,
  // So do those of the project, supplier, plan, red-flag and OCDS-quality pages (all lazy).
  ...lazyTransparencyServices,
  ...browserAdvisoryServices,
  site: () => getJson('/api/content/site'),
  // The root loader, the only caller, runs on the server for each full page load; the browser keeps its answer.
  siteUrl: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.siteUrl,
  demoRecords: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.demoRecords ??
    false,
  alertsEnabled: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.alertsEnabled ??
    false,
  alertSubscription: (token) =>
    getJsonOrUndefined(`/api/alerts/subscriptions/${encodeURIComponent(token)}`),
  department: (slug) => getJsonOrUndefined(`/api/content/departments/${encodeURIComponent(slug)}`),
  newsItem: (id) => getJsonOrUndefined(`/api/content/news/${encodeURIComponent(id)}`),
  newsPage: (page) => getJson(`/api/news${page > 1 ? `?page=${page}` : ''}`),
  newsDetail: (id) => getJsonOrUndefined(`/api/news/${encodeURIComponent(id)}`),
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
  fullDisclosureGrid: (year, signal) =>
    getJson(`${FULL_DISCLOSURE_PAGE}.json${year === undefined ? '' : `?year=${year}`}`, signal),
  fullDisclosurePosting: (type, period, signal) =>
    getJsonOrUndefined(
      `/api/full-disclosure/${encodeURIComponent(type)}/${periodSlug(period)}`,
      signal,
    ),
};
