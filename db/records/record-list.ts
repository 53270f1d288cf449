import type { SiteConnection } from '../site-database.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { ListQuery, RecordPage } from '../../shared/records/list-query.ts';
import { noticeProject } from '../procurement-projects/project-notices.ts';
import { listRecords } from './record-queries.ts';

/**
 * One page of a list as the pages and the API show it: each row with the procurement project
 * it is part of, so a resident can follow a notice into its whole process (issue 34). A few
 * primary-key reads for a page of five, kept apart from the tuned list query itself.
 */
export async function listPage(
  database: SiteConnection,
  kind: RecordKind,
  query: ListQuery,
): Promise<RecordPage> {
  const page = await listRecords(database, kind, query);
  return {
    ...page,
    items: await Promise.all(
      page.items.map(async (record) => ({
        ...record,
        project: await noticeProject(database, kind.collection, record.id),
      })),
    ),
  };
}
