import type { SiteDatabase } from '../../db/site-database.ts';
import type { ProjectChoice } from '../../db/procurement-projects/attach-notice.ts';
import { projectByKey } from '../../db/procurement-projects/project-notices.ts';
import { NEW_PROJECT, processKeyOf } from '../../shared/procurement-projects/project-services.ts';

/**
 * The project a new notice's `project` value chooses (the form's radio, the API's key):
 * missing, blank or "new" starts one; an OCID names one. Undefined when it names none, so
 * the notice is refused rather than silently started on a project of its own.
 */
export async function chosenProject(
  database: SiteDatabase,
  input: unknown,
): Promise<ProjectChoice | undefined> {
  const value =
    typeof input === 'object' && input !== null && 'project' in input ? input.project : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || text === NEW_PROJECT) return 'new';
  const key = processKeyOf(text);
  const project = key === undefined ? undefined : await projectByKey(database, key);
  return project ? { projectId: project.id } : undefined;
}
