import type { Advisory, AdvisoryServices } from '../../shared/advisories/advisories.ts';
import { getJson } from '../api-client.ts';
import type { RootData } from '../root-data.ts';

/**
 * The public advisory services in the browser: the banners and the archive. The staff side
 * is browser-advisory-staff-services.ts, loaded only when a staff page calls it.
 */
export const browserAdvisoryServices: AdvisoryServices = {
  // The root loader, the only caller, runs on the server for each full page load; the browser keeps its answer.
  activeAdvisories: async () =>
    (window.__staticRouterHydrationData?.loaderData?.root as RootData | undefined)?.advisories ??
    [],
  async advisoryArchive() {
    const [active, past] = await Promise.all([
      getJson<Advisory[]>('/api/advisories'),
      getJson<Advisory[]>('/api/advisories/past'),
    ]);
    return { active, past };
  },
};
