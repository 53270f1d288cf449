import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { projectsBegan } from '../../db/red-flags/flag-facts.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import type { AnsweredFlag } from '../../shared/red-flags/flag-answers.ts';
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

/** One project's flags and its title, as its page shows them. */
export interface ProjectFlags {
  title: string;
  /** Each with the BAC's answer (null when none), as the page shows it. */
  flags: AnsweredFlag[];
}

interface Held {
  version: number;
  options: ProjectDetailOptions;
  projects: Map<string, ProjectFlags | null>;
  years: Map<number, RedFlagsOfYear>;
  began: { ocid: string; year: number }[] | undefined;
}

/** By the database's Kysely instance, as the supplier index is (supplier-index.ts). */
const cached = new WeakMap<SiteDatabase['db'], Held>();

/**
 * What this data version has computed so far: dropped whole when the data or content moves.
 * The version (one row's read on either engine) is read once per call, before anything is
 * computed: what a write landing meanwhile changes is kept under the older version, which
 * the next call no longer finds.
 */
async function held(database: SiteDatabase, options: ProjectDetailOptions): Promise<Held> {
  const version = await currentDataVersion(database);
  const current = cached.get(database.db);
  if (
    current?.version === version &&
    current.options.ocidPrefix === options.ocidPrefix &&
    current.options.redFlags === options.redFlags &&
    current.options.thresholds === options.thresholds
  ) {
    return current;
  }
  const fresh: Held = {
    version,
    options,
    projects: new Map(),
    years: new Map(),
    began: undefined,
  };
  cached.set(database.db, fresh);
  return fresh;
}

/**
 * One project's flags, exactly as its page shows them (its own indicators and those across
 * projects), computed once per data version; undefined for an OCID no project has.
 */
export async function flagsOfProject(
  database: SiteDatabase,
  ocid: string,
  options: ProjectDetailOptions,
): Promise<ProjectFlags | undefined> {
  return flagsHeld(database, await held(database, options), ocid, options);
}

/** flagsOfProject in what this data version has computed. */
async function flagsHeld(
  database: SiteDatabase,
  { projects }: Held,
  ocid: string,
  options: ProjectDetailOptions,
): Promise<ProjectFlags | undefined> {
  if (!projects.has(ocid)) {
    const detail = await procurementProjectDetail(database, ocid, options);
    projects.set(ocid, detail ? { title: detail.title, flags: detail.flags } : null);
  }
  return projects.get(ocid) ?? undefined;
}

/** The Manila year each project began: its creation, or its first notice when earlier. */
async function projectYears(database: SiteDatabase, store: Held, options: ProjectDetailOptions) {
  store.began ??= (await projectsBegan(database)).map((row) => ({
    ocid: `${options.ocidPrefix}-${row.process_key}`,
    year: manilaYear(row.began),
  }));
  return store.began;
}

/**
 * The flags of one Manila year's projects (the year each began), for `/red-flags`, its API
 * and its CSV: one item per project and indicator (a project raising one indicator twice,
 * two runs of split purchases say, is listed once, with the first flag's facts; its page
 * shows both), flags across projects on each project they name. Sorted by indicator, then
 * OCID. Computed once per data version and year: each project's flags come from its page's
 * own computation (server/procurement-projects/project-detail.ts), so the list and the page
 * never disagree, the BAC's answers included (an answer is a write: it moves the data
 * version). Each call answers its own copy of the items, so a caller may change them
 * without changing the cache.
 */
export async function redFlagsOfYear(
  database: SiteDatabase,
  year: number,
  options: ProjectDetailOptions,
): Promise<RedFlagsOfYear> {
  const store = await held(database, options);
  const known = store.years.get(year) ?? (await listOfYear(database, store, year, options));
  store.years.set(year, known);
  return {
    ...known,
    years: [...known.years],
    counts: { ...known.counts },
    items: known.items.map((item) => ({ ...item })),
  };
}

/** The year's list as first computed for this data version. */
async function listOfYear(
  database: SiteDatabase,
  store: Held,
  year: number,
  options: ProjectDetailOptions,
): Promise<RedFlagsOfYear> {
  const began = await projectYears(database, store, options);
  const years = [...new Set(began.map((project) => project.year))].sort((a, b) => b - a);
  const items: RedFlagItem[] = [];
  for (const { ocid } of began.filter((project) => project.year === year)) {
    const project = await flagsHeld(database, store, ocid, options);
    if (!project) continue;
    const seen = new Set<RedFlagIndicator>();
    for (const flag of project.flags) {
      if (seen.has(flag.indicator)) continue;
      seen.add(flag.indicator);
      items.push({
        indicator: flag.indicator,
        ocid,
        title: project.title,
        facts: flag.facts as unknown as Record<string, unknown>,
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
