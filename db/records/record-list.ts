import type { AppDatabase } from '../connection.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import type { ListQuery, RecordPage } from '../../shared/records/list-query.ts';
import { noticeProject } from '../procurement-projects/project-notices.ts';
import { listRecords } from './record-queries.ts';

/**
 * One page of a list as the pages and the API show it: each row with the procurement project
 * it is part of, so a resident can follow a notice into its whole process (issue 34). A few
 * primary-key reads for a page of five, kept apart from the tuned list query itself.
 */
export function listPage(database: AppDatabase, kind: RecordKind, query: ListQuery): RecordPage {
  const page = listRecords(database, kind, query);
  return {
    ...page,
    items: page.items.map((record) => ({
      ...record,
      project: noticeProject(database, kind.collection, record.id),
    })),
  };
}
