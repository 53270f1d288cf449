import type { AppDatabase } from '../../db/connection.ts';
import * as bids from '../../db/procurement-projects/bids.ts';
import * as amendments from '../../db/procurement-projects/contract-amendments.ts';
import * as planList from '../../db/procurement-projects/plan-list.ts';
import * as completions from '../../db/procurement-projects/project-completions.ts';
import type { SiteDatabase } from '../../db/site-database.ts';

/*
 * TRANSITIONAL (issue 36): a project's own OCDS releases (its plan line, abstract of bids,
 * contract amendments and completion) are read by db/procurement-projects/ modules that are
 * still SQLite-only on this branch; their move to both engines is another branch's
 * (wip/pg-projects), which gives them async forms of these same names taking a SiteDatabase.
 * Until then the OCDS builds, which await on either engine, read them here: on SQLite
 * through the synchronous reads, on PostgreSQL as none yet (a process's notices' releases
 * are built on both engines; its project's own releases only on SQLite). When the modules
 * move, this file goes and the builders import their async reads.
 */

function sqliteOf(database: SiteDatabase): AppDatabase | undefined {
  return database.engine === 'sqlite' && 'sqlite' in database
    ? (database as AppDatabase)
    : undefined;
}

export async function planLineByKey(
  database: SiteDatabase,
  processKey: string,
): Promise<planList.PlanLineRow | undefined> {
  const sqlite = sqliteOf(database);
  return Promise.resolve(sqlite && planList.planLineByKey(sqlite, processKey));
}

export async function bidsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<bids.BidRow[]> {
  const sqlite = sqliteOf(database);
  return Promise.resolve(sqlite ? bids.bidsOfProject(sqlite, projectId) : []);
}

export async function amendmentsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<amendments.AmendmentRow[]> {
  const sqlite = sqliteOf(database);
  return Promise.resolve(sqlite ? amendments.amendmentsOfProject(sqlite, projectId) : []);
}

export async function completionsOfProject(
  database: SiteDatabase,
  projectId: number,
): Promise<completions.CompletionRow[]> {
  const sqlite = sqliteOf(database);
  return Promise.resolve(sqlite ? completions.completionsOfProject(sqlite, projectId) : []);
}
