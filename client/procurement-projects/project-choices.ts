import type { AppServices } from '../../shared/app-services.ts';
import type { ProcurementProjectSummary } from '../../shared/procurement-projects/procurement-project.ts';
import { parseProjectListQuery } from '../../shared/procurement-projects/project-services.ts';

/** The URL parameter of the staff form's project search (a GET, so it works without JavaScript). */
export const PROJECT_SEARCH_PARAM = 'project_q';

/** The project search of the records desk: what was searched and the projects found. */
export interface ProjectChoices {
  q: string;
  found: ProcurementProjectSummary[];
}

/** Reads the desk's URL: with a search, its first page of projects; a bad search finds none. */
export async function loadProjectChoices(
  params: URLSearchParams,
  app: Pick<AppServices, 'procurementProjects'>,
  signal: AbortSignal,
): Promise<ProjectChoices> {
  const q = (params.get(PROJECT_SEARCH_PARAM) ?? '').trim();
  if (q === '') return { q, found: [] };
  const parsed = parseProjectListQuery({ q });
  if (!parsed.ok) return { q, found: [] };
  const page = await app.procurementProjects(parsed.value, signal);
  return { q, found: page.items };
}
