import type { FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { NewsAuthor } from '../../db/news/news-queries.ts';
import { roleUsed, type StaffRole } from '../../shared/staff-roles.ts';
import { DELETION_ROLE, type DeletionOutcome } from '../../shared/deletion.ts';
import type { NewsOutcome, NewsStaffServices } from '../../shared/news/news.ts';
import { StaffRefusal, staffWithRole } from '../auth/require-role.ts';
import {
  addNewsAsStaff,
  amendNewsAsStaff,
  deleteNewsAsStaff,
  staffNewsItems,
  withdrawNewsAsStaff,
} from './news-service.ts';

/** The role every news and picture write needs; admins hold it too. */
export const NEWS_ROLE: StaffRole = 'information';

/**
 * Who writes, for the history and the audit entry, once the session holds the
 * `information` role; throws a 401 or 403 error otherwise (audited by staffWithRole).
 */
export async function newsAuthor(
  database: SiteDatabase,
  request: FastifyRequest,
  role: StaffRole = NEWS_ROLE,
): Promise<NewsAuthor> {
  const user = await staffWithRole(database, request, role);
  return {
    actor: user.email,
    address: request.ip,
    // An admin posts by holding every role: the audit names the one the account used.
    role: roleUsed(user.roles, role),
    at: request.server.clock.now().toISOString(),
  };
}

/**
 * The staff services' news part for one request (the page's loader and actions). CSRF
 * tokens are checked before these run, by the page route or the API.
 */
export function newsStaffServices(
  database: SiteDatabase,
  request: FastifyRequest,
): NewsStaffServices {
  /** The write as the author may make it, or the refusal of an account without the role (403, shown on the form). */
  async function asAuthor<Outcome extends NewsOutcome | DeletionOutcome>(
    write: (author: NewsAuthor) => Promise<Outcome>,
    role: StaffRole = NEWS_ROLE,
  ): Promise<Outcome | Extract<Outcome, { ok: false }>> {
    let author: NewsAuthor;
    try {
      author = await newsAuthor(database, request, role);
    } catch (error) {
      if (error instanceof StaffRefusal && error.statusCode === 403) {
        return {
          ok: false,
          status: 403,
          code: 'NOT_PERMITTED',
          message: error.message,
          fieldErrors: {},
        } as Extract<Outcome, { ok: false }>;
      }
      throw error;
    }
    return write(author);
  }
  return {
    async staffNews() {
      await newsAuthor(database, request);
      return staffNewsItems(database);
    },
    addNews: (input) => asAuthor((author) => addNewsAsStaff(database, input, author)),
    amendNews: (id, amendment) =>
      asAuthor((author) => amendNewsAsStaff(database, id, amendment, author)),
    withdrawNews: (id, withdrawal) =>
      asAuthor((author) => withdrawNewsAsStaff(database, id, withdrawal, author)),
    deleteNews: (id, deletion) =>
      asAuthor((author) => deleteNewsAsStaff(database, id, deletion, author), DELETION_ROLE),
  };
}
