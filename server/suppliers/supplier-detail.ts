import type { SiteDatabase } from '../../db/site-database.ts';
import { bidsByFoldedBidder } from '../../db/procurement-projects/bids.ts';
import { formatDecimal } from '../../shared/money.ts';
import type {
  SupplierBid,
  SupplierDetail,
  SupplierFlag,
} from '../../shared/suppliers/suppliers.ts';
import type { ProjectDetailOptions } from '../procurement-projects/project-detail.ts';
import { flagsAcross } from '../red-flags/flags-across.ts';
import { flagsOfProject } from '../red-flags/flags-of-year.ts';
import { supplierDetail, supplierIndex } from './supplier-index.ts';

/**
 * Every bid made under any of a supplier's folded names, newest first. The abstract stores
 * each bidder's folded name (migration 0028), so each folded name is one indexed look-up.
 */
export async function supplierBids(
  database: SiteDatabase,
  foldedNames: readonly string[],
  ocidPrefix: string,
): Promise<SupplierBid[]> {
  const bids = [];
  for (const folded of new Set(foldedNames))
    bids.push(...(await bidsByFoldedBidder(database, folded)));
  return bids
    .sort((a, b) => (a.created === b.created ? b.id - a.id : a.created < b.created ? 1 : -1))
    .map((row) => ({
      ocid: `${ocidPrefix}-${row.process_key}`,
      projectTitle: row.title,
      bidder: row.bidder,
      amount: formatDecimal(row.amount),
      outcome: row.outcome,
      date: row.created,
    }));
}

/**
 * The flags on the projects a supplier was awarded, one per project and indicator, by
 * indicator then OCID: each project's flags as its page shows them, from the per data
 * version cache the flags' list uses.
 */
export async function supplierFlags(
  database: SiteDatabase,
  supplierId: string,
  options: ProjectDetailOptions,
): Promise<SupplierFlag[]> {
  const projects = (await flagsAcross(database, options)).projectsOfSupplier.get(supplierId) ?? [];
  const flags: SupplierFlag[] = [];
  for (const ocid of [...projects].sort()) {
    const project = await flagsOfProject(database, ocid, options);
    if (!project) continue;
    for (const indicator of new Set(project.flags.map((flag) => flag.indicator))) {
      flags.push({ indicator, ocid, projectTitle: project.title });
    }
  }
  return flags;
}

/**
 * A supplier's page and GET /api/suppliers/{id}: its awards from the cached index, its bids
 * from the abstract of bids. Undefined for an id no published award nor any bid folds to; a
 * bidder that never won has a page showing its bids (issue 34).
 */
export async function supplierWithBids(
  database: SiteDatabase,
  id: string,
  options: ProjectDetailOptions,
): Promise<SupplierDetail | undefined> {
  const found = supplierDetail(await supplierIndex(database), id);
  if (!found) return undefined;
  const { folded, ...supplier } = found;
  return {
    ...supplier,
    bidsOn: await supplierBids(database, folded, options.ocidPrefix),
    flags: await supplierFlags(database, supplier.id, options),
  };
}
