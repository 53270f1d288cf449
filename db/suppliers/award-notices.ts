import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { kindByValue, type RecordKind } from '../../shared/record-kinds.ts';
import { PUBLISHED } from '../records/record-search.ts';

/** A published award notice that names a supplier, as the supplier pages need it. */
export interface AwardNoticeRow {
  /** Which of the two award kinds posted it. */
  collection: string;
  id: number;
  supplier: string;
  project_title: string | null;
  mode_of_procurement: string | null;
  philgeps_reference: string | null;
  /** Integer centavos, or null when the notice gives no amount. */
  contract_amount: number | null;
  created: string;
}

/** The kinds whose notices name the winning supplier: the award and its notice to proceed. */
export const AWARD_KINDS: readonly RecordKind[] = ['notice_of_award', 'notice_to_proceed'].map(
  (value) => {
    const kind = kindByValue(value);
    if (!kind) throw new Error(`The registry has no ${value} kind`);
    return kind;
  },
);

/**
 * Every published (not withdrawn) notice of award and notice to proceed with a supplier
 * named, oldest first. Both kinds' tables come from the registry, never from a request.
 * The whole set is read at once: the supplier index folds names in JavaScript, which SQL
 * cannot, and is rebuilt only when the data version moves (server/suppliers/supplier-index.ts).
 */
const awardNoticeRows: Query<AwardNoticeRow> = () =>
  sql<AwardNoticeRow>`${sql.raw(
    AWARD_KINDS.map(
      (kind) =>
        `SELECT '${kind.collection}' AS collection, id, supplier, project_title, mode_of_procurement,
              philgeps_reference, contract_amount, created
       FROM ${kind.collection}
       WHERE ${PUBLISHED} AND trim(coalesce(supplier, '')) <> ''`,
    ).join(' UNION ALL '),
  )} ORDER BY created, id`;

export async function publishedAwardNotices(database: SiteDatabase): Promise<AwardNoticeRow[]> {
  return queryRows(database, awardNoticeRows);
}
