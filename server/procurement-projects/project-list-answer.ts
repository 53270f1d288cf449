import type { SiteDatabase } from '../../db/site-database.ts';
import { listProjects, projectIdsOfSupplier } from '../../db/procurement-projects/project-list.ts';
import type {
  ProcurementProjectPage,
  ProjectListQuery,
} from '../../shared/procurement-projects/procurement-project.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import { supplierDetail, supplierIndex } from '../suppliers/supplier-index.ts';

/**
 * The projects list as the API, its CSV and the pages answer it: `supplier` (an id as
 * /suppliers/<id> has it) keeps the projects that supplier won (its award notices') or bid
 * on (the abstract of bids, under any of its spellings); an id no award folds to matches
 * none. `all` gives every match rather than one page.
 */
export async function projectsPage(
  database: SiteDatabase,
  query: ProjectListQuery,
  ocidPrefix: string,
  all = false,
): Promise<ProcurementProjectPage> {
  if (query.supplier === undefined) return listProjects(database, query, ocidPrefix, { all });
  const supplier = supplierDetail(await supplierIndex(database), query.supplier);
  const only = supplier
    ? await projectIdsOfSupplier(database, supplier.awardsWon, [
        ...new Set(supplier.spellings.map(foldSupplierName)),
      ])
    : [];
  return listProjects(database, query, ocidPrefix, { only, all });
}
