import { planLineByKey } from '../../db/procurement-projects/plan-list.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import { buyerOf, type OcdsSettings } from './ocds-release-builder.ts';
import type { Release } from './ocds-types.ts';

/**
 * The planning release of a project that is a line of an Annual Procurement Plan (issue 34):
 * dated when the line was imported, it carries the line's budget (the APP's estimated budget,
 * its Code (PAP) as the budget's and the project's id) so the record starts at the plan, before
 * any notice is posted. Undefined for a project no plan lists.
 */
export async function planningRelease(
  database: SiteDatabase,
  settings: OcdsSettings,
  processKey: string,
): Promise<Release | undefined> {
  const line = await planLineByKey(database, processKey);
  if (!line) return undefined;
  const buyer = buyerOf(settings);
  const funds = line.source_of_funds ? ` Source of funds: ${line.source_of_funds}.` : '';
  return {
    ocid: `${settings.site.openData.ocidPrefix}-${processKey}`,
    id: `${processKey}-planning`,
    date: line.created,
    tag: ['planning'],
    initiationType: 'tender',
    language: 'en',
    parties: [{ ...buyer, roles: ['buyer', 'procuringEntity'] }],
    buyer,
    planning: {
      // The plan's spreadsheet is not kept as a document; the line's notices carry theirs.
      documents: [],
      budget: {
        id: line.app_code,
        description: `Annual Procurement Plan ${line.app_year}, line ${line.app_code}.${funds}`,
        amount: { amount: Number(formatDecimal(line.abc)), currency: 'PHP' },
        project: line.title,
        projectID: line.app_code,
      },
    },
  };
}
