import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { manilaYear } from '../../shared/manila-time.ts';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import {
  RED_FLAGS_API_PATH,
  RED_FLAGS_PATH,
  type RedFlagsOfYear,
} from '../../shared/red-flags/red-flags.ts';
import { byYearRoutes } from '../open-data/by-year-routes.ts';
import type { ProjectDetailOptions } from '../procurement-projects/project-detail.ts';
import { redFlagsOfYear } from './flags-of-year.ts';
import { redFlagsQuerystringSchema, redFlagsSchema } from './schemas.ts';

const CSV_COLUMNS = ['year', 'indicator', 'ocid', 'title', 'facts', 'answer', 'answered', 'url'];

/**
 * A year's flags; without a year, the current Manila year's when a project began in it,
 * else the latest year one began in (a site in January still opens on last year's).
 */
export async function flagsOfAskedYear(
  database: SiteDatabase,
  year: number | undefined,
  options: ProjectDetailOptions & { now: Date },
): Promise<RedFlagsOfYear> {
  const current = manilaYear(options.now.toISOString());
  const flags = await redFlagsOfYear(database, year ?? current, options);
  if (year !== undefined || flags.years.includes(current) || flags.years.length === 0) {
    return flags;
  }
  return redFlagsOfYear(database, flags.years[0]!, options);
}

/**
 * The red flags as data (issue 35): a year's flags as JSON and as CSV. They are this site's
 * analysis of the published data, so they are served here and never in the OCDS releases.
 */
export async function redFlagApiRoutes(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    options,
  }: { database: SiteDatabase; siteUrl: string | undefined; options: ProjectDetailOptions },
) {
  const flagsOf = (year: number | undefined) =>
    flagsOfAskedYear(database, year, { ...options, now: app.clock.now() });

  byYearRoutes(app, {
    database,
    siteUrl,
    path: RED_FLAGS_API_PATH,
    querystring: redFlagsQuerystringSchema,
    schema: redFlagsSchema,
    of: flagsOf,
    csv: {
      path: `${RED_FLAGS_PATH}.csv`,
      description:
        'The year’s flags, one row per project and indicator, with a header row: year, indicator, ocid, title, facts (JSON), answer (the BAC’s, empty when none), answered (ISO 8601 UTC) and url (the project’s page).',
      name: (year) => `red-flags-${year}`,
      columns: CSV_COLUMNS,
      rows: (flags) =>
        flags.items.map((item) => [
          String(flags.year),
          item.indicator,
          item.ocid,
          item.title,
          JSON.stringify(item.facts),
          item.answer?.text ?? '',
          item.answer?.answered ?? '',
          `${siteUrl ?? ''}${procurementPath(item.ocid)}`,
        ]),
    },
  });
}
