import type { AppDatabase } from '../../db/connection.ts';
import { listProjects } from '../../db/procurement-projects/project-list.ts';
import {
  RED_FLAG_INDICATORS,
  type RedFlagIndicator,
  type RedFlagItem,
  type RedFlagsOfYear,
} from '../../shared/red-flags/red-flags.ts';
import {
  procurementProjectDetail,
  type ProjectDetailOptions,
} from '../procurement-projects/project-detail.ts';

/**
 * The flags of every project begun in a year (its `year`), one item per project and
 * indicator, with a count per indicator and the years that have a project.
 */
export function redFlagsOfYear(
  database: AppDatabase,
  year: number,
  options: ProjectDetailOptions,
): RedFlagsOfYear {
  const query = { q: '', page: 1, year: undefined, mode: undefined, status: undefined };
  const all = listProjects(database, query, options.ocidPrefix, { all: true }).items;
  const years = [...new Set(all.map((project) => project.year))].sort((a, b) => b - a);
  const items: RedFlagItem[] = [];
  for (const project of all.filter((each) => each.year === year)) {
    const detail = procurementProjectDetail(database, project.ocid, options);
    for (const flag of detail?.flags ?? []) {
      items.push({
        indicator: flag.indicator,
        ocid: project.ocid,
        title: project.title,
        facts: flag.facts,
        answer: flag.answer,
      });
    }
  }
  const order = (indicator: RedFlagIndicator) => RED_FLAG_INDICATORS.indexOf(indicator);
  items.sort((a, b) => order(a.indicator) - order(b.indicator) || a.ocid.localeCompare(b.ocid));
  const counts = Object.fromEntries(
    RED_FLAG_INDICATORS.map((indicator) => [
      indicator,
      items.filter((item) => item.indicator === indicator).length,
    ]),
  ) as Record<RedFlagIndicator, number>;
  return { year, years, counts, total: items.length, items };
}
