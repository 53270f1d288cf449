import { useRouteLoaderData } from 'react-router-dom';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import type { NoticeProject } from '../../shared/records/list-query.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import type { RootData } from '../root-data.ts';

/**
 * The page of the procurement project a notice is part of, in the page's language: its OCID
 * is the site's prefix and the project's key. Null without a project (or a prefix), so a
 * page shows no link rather than a broken one.
 */
export function useProjectPath(): (project: NoticeProject) => string | null {
  const { localPath } = useI18n();
  const prefix = (useRouteLoaderData('root') as RootData | undefined)?.site.openData.ocidPrefix;
  return (project) =>
    project && prefix ? localPath(procurementPath(`${prefix}-${project.processKey}`)) : null;
}
