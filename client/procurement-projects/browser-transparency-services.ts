import type { AppServices } from '../../shared/app-services.ts';
import { OCDS_QUALITY_API_PATH } from '../../shared/open-data/ocds-quality.ts';
import { PLAN_API_PATH } from '../../shared/procurement-projects/procurement-plan.ts';
import { projectSearchParams } from '../../shared/procurement-projects/project-query.ts';
import { RED_FLAGS_API_PATH } from '../../shared/red-flags/red-flag-paths.ts';
import { listSearchParams } from '../../shared/records/list-query.ts';
import { getJson, getJsonOrUndefined } from '../api-client.ts';

/** The services only the lazily loaded transparency pages call: projects, suppliers, plan, flags, OCDS quality. */
export type TransparencyServices = Pick<
  AppServices,
  | 'suppliers'
  | 'supplier'
  | 'supplierSuggestions'
  | 'procurementProjects'
  | 'procurementProject'
  | 'procurementPlan'
  | 'redFlags'
  | 'ocdsQuality'
>;

const yearQuery = (year: number | undefined) => (year === undefined ? '' : `?year=${year}`);

/** The browser's side of those services: the server's JSON API. */
export const browserTransparencyServices: TransparencyServices = {
  suppliers: (query, signal) => {
    const search = listSearchParams(query).toString();
    return getJson(`/api/suppliers${search ? `?${search}` : ''}`, signal);
  },
  supplier: (id, signal) => getJsonOrUndefined(`/api/suppliers/${encodeURIComponent(id)}`, signal),
  supplierSuggestions: (signal) => getJson('/api/staff/suppliers/suggestions', signal),
  procurementProjects: (query, signal) => {
    const search = projectSearchParams(query).toString();
    return getJson(`/api/procurements${search ? `?${search}` : ''}`, signal);
  },
  procurementProject: (ocid, signal) =>
    getJsonOrUndefined(`/api/procurements/${encodeURIComponent(ocid)}`, signal),
  procurementPlan: (year, signal) => getJson(`${PLAN_API_PATH}${yearQuery(year)}`, signal),
  redFlags: (year, signal) => getJson(`${RED_FLAGS_API_PATH}${yearQuery(year)}`, signal),
  ocdsQuality: (signal) => getJsonOrUndefined(OCDS_QUALITY_API_PATH, signal),
};
