import type { SiteDatabase } from '../../db/site-database.ts';
import {
  findPosting,
  postedYears,
  postingFiles,
  postingsOfYear,
  type DisclosureFileRow,
  type DisclosurePostingRow,
} from '../../db/full-disclosure/full-disclosure.ts';
import {
  currentFiscalYear,
  DISCLOSURE_STATES,
  disclosureState,
  periodLabel,
  periodSchedule,
  periodsOf,
  type DisclosureDocumentType,
  type DisclosurePeriod,
} from '../../shared/full-disclosure/full-disclosure.ts';
import type {
  DisclosureCell,
  DisclosureDocument,
  DisclosureGrid,
  DisclosurePosting,
  DisclosureTypeData,
} from '../../shared/full-disclosure/full-disclosure-grid.ts';
import { asLocalizedObject } from '../../shared/i18n/localized-text.ts';
import { postingPath } from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { manilaDate, parseManilaDate } from '../../shared/manila-time.ts';
import type { FullDisclosureContent } from '../../shared/content-types.ts';
import { databaseCreated } from '../../db/run-migrations.ts';
import { documentPath } from '../documents/document-name.ts';

/** How many past years the year selector offers besides those with postings. */
const RECENT_YEARS = 5;

export interface GridContext {
  database: SiteDatabase;
  types: readonly DisclosureDocumentType[];
  /** SITE_URL: links are absolute from it, site-relative without it. */
  siteUrl: string | undefined;
  now: Date;
  /** The instant the site began tracking postings (trackingStart). */
  trackedFrom: string;
}

/**
 * From when the site tracks postings: content/full-disclosure.json's `trackedFrom` (a Manila
 * day, from its midnight), else when the database was created, so a new site does not call
 * every period before it existed overdue.
 */
export async function trackingStart(
  content: FullDisclosureContent,
  database: SiteDatabase,
): Promise<string> {
  if (content.trackedFrom !== undefined) {
    const day = parseManilaDate(content.trackedFrom);
    // The content schema has checked the day at start-up.
    if (day.ok) return day.start;
  }
  return await databaseCreated(database);
}

/** A content type as the JSON gives it: name and basis in both languages, as written. */
function typeData({ name, basis, ...type }: DisclosureDocumentType): DisclosureTypeData {
  return { ...type, name: asLocalizedObject(name), basis: asLocalizedObject(basis) };
}

function documentOf(file: DisclosureFileRow, siteUrl: string | undefined): DisclosureDocument {
  return {
    url: `${siteUrl ?? ''}${documentPath(file.sha256, file.fileName)}`,
    fileName: file.fileName,
    mediaType: file.type,
    bytes: file.bytes,
    sha256: file.sha256,
    postedAt: file.postedAt,
    version: file.version,
  };
}

function cellOf(
  type: DisclosureDocumentType,
  period: DisclosurePeriod,
  posting: DisclosurePostingRow | undefined,
  { siteUrl, now, trackedFrom }: Pick<GridContext, 'siteUrl' | 'now' | 'trackedFrom'>,
): DisclosureCell {
  const schedule = periodSchedule(period, type.deadlineDays);
  return {
    year: period.year,
    quarter: period.quarter,
    period: periodLabel(period),
    state: disclosureState(schedule, posting !== undefined, now, trackedFrom),
    periodEnds: schedule.ends,
    deadline: schedule.deadline,
    overdueFrom: schedule.overdueFrom,
    permalink: posting ? `${siteUrl ?? ''}${postingPath(type.id, period)}` : null,
    document: posting ? documentOf(posting.current, siteUrl) : null,
  };
}

/** Years with postings and the last few, newest first. */
async function selectableYears(database: SiteDatabase, currentYear: number): Promise<number[]> {
  const years = new Set(await postedYears(database));
  for (let back = 0; back < RECENT_YEARS; back += 1) years.add(currentYear - back);
  return [...years].sort((a, b) => b - a);
}

/**
 * Every type of content/full-disclosure.json and every period of `year`, each with its
 * state at `now`. Postings of a type no longer in the content are not shown (they stay in
 * the database and at their permalinks' data).
 */
export async function disclosureGrid(context: GridContext, year: number): Promise<DisclosureGrid> {
  const { database, types, now } = context;
  const postings = new Map(
    (await postingsOfYear(database, year)).map((posting) => [
      `${posting.documentType} ${posting.period.quarter ?? 0}`,
      posting,
    ]),
  );
  const rows = types.map((type) => ({
    ...typeData(type),
    cells: periodsOf(type, year).map((period) =>
      cellOf(type, period, postings.get(`${type.id} ${period.quarter ?? 0}`), context),
    ),
  }));
  const counts = Object.fromEntries(DISCLOSURE_STATES.map((state) => [state, 0])) as Record<
    (typeof DISCLOSURE_STATES)[number],
    number
  >;
  for (const cell of rows.flatMap((row) => row.cells)) counts[cell.state] += 1;
  const currentYear = currentFiscalYear(now);
  return {
    year,
    currentYear,
    asOf: manilaDate(now.toISOString()),
    years: await selectableYears(database, currentYear),
    counts,
    types: rows,
  };
}

/** One posting with every file it has shown, or undefined when the type or period has none. */
export async function disclosurePosting(
  context: GridContext,
  typeId: string,
  period: DisclosurePeriod,
): Promise<DisclosurePosting | undefined> {
  const type = context.types.find((candidate) => candidate.id === typeId);
  if (!type || (type.frequency === 'annual') !== (period.quarter === null)) return undefined;
  const posting = await findPosting(context.database, type.id, period);
  if (!posting) return undefined;
  const cell = cellOf(type, period, posting, context);
  return {
    type: typeData(type),
    cell: { ...cell, permalink: cell.permalink!, document: cell.document! },
    history: (await postingFiles(context.database, posting.id)).map((file) => ({
      ...documentOf(file, context.siteUrl),
      reason: file.reason,
    })),
  };
}
