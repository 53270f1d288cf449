import type { AppDatabase } from '../../db/connection.ts';
import {
  categoriesOfProject,
  conferenceRowsOfProject,
  observerRowsOfProject,
} from '../../db/procurement-projects/conferences.ts';
import {
  section38Of,
  type ConferenceThresholds,
  type ProjectConference,
  type ProjectObserver,
  type Section38,
} from '../../shared/procurement-projects/conference.ts';

/** Groups rows by the first row they correct (or are): each group oldest first, groups by first id. */
function chains<R extends { id: number; corrects: number | null }>(rows: readonly R[]): R[][] {
  const groups = new Map<number, R[]>();
  for (const row of rows) {
    const first = row.corrects ?? row.id;
    const group = groups.get(first);
    if (group) group.push(row);
    else groups.set(first, [row]);
  }
  return [...groups.values()];
}

/** Each entry as its latest statement, numbered by its first row, with the earlier ones as history. */
function entries<R extends { id: number; corrects: number | null }, E>(
  rows: readonly R[],
  shape: (row: R) => E,
): (E & { id: number; history: E[] })[] {
  return chains(rows).map((group) => {
    const shown = group.map(shape);
    return { ...shown.at(-1)!, id: group[0]!.id, history: shown.slice(0, -1) };
  });
}

/**
 * RA 12009 section 38 of a project as its page and the API show it: whether it applies, its
 * conferences (by date) and observers (as invited), each its latest statement with history.
 */
export async function projectConferences(
  database: AppDatabase,
  projectId: number,
  abc: string | null,
  thresholds: ConferenceThresholds,
): Promise<{
  section38: Section38;
  conferences: ProjectConference[];
  observers: ProjectObserver[];
}> {
  const category = (await categoriesOfProject(database, projectId)).at(-1)?.category ?? null;
  const conferences = entries(await conferenceRowsOfProject(database, projectId), (row) => ({
    kind: row.kind,
    date: row.date,
    livestreamUrl: row.livestream_url,
    recordingUrl: row.recording_url,
    reason: row.reason,
    created: row.created,
  })).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const observers = entries(await observerRowsOfProject(database, projectId), (row) => ({
    name: row.name,
    organisation: row.organisation,
    invited: row.invited,
    reason: row.reason,
    created: row.created,
  })).sort((a, b) => a.invited.localeCompare(b.invited) || a.id - b.id);
  return { section38: section38Of(abc, category, thresholds), conferences, observers };
}
