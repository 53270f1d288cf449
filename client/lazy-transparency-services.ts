import type { TransparencyServices } from './procurement-projects/browser-transparency-services.ts';
import { lazyServices } from './lazy-services.ts';

/**
 * The transparency pages' services (projects, suppliers, the plan, red flags, OCDS
 * quality): every page that calls them is itself loaded lazily, so their code need not be
 * in the first visit's chunk either.
 */
export const lazyTransparencyServices = lazyServices<TransparencyServices>(
  () =>
    import('./procurement-projects/browser-transparency-services.ts').then(
      (m) => m.browserTransparencyServices,
    ),
  {
    suppliers: true,
    supplier: true,
    supplierSuggestions: true,
    procurementProjects: true,
    procurementProject: true,
    procurementPlan: true,
    redFlags: true,
    ocdsQuality: true,
  },
);
