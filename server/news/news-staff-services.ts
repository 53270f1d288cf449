import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import type { NewsAuthor } from '../../db/news-queries.ts';
import type { NewsStaffServices } from '../../shared/news.ts';
import { staffWithRole } from '../auth/require-role.ts';
import {
  addNewsAsStaff,
  amendNewsAsStaff,
  staffNewsItems,
  withdrawNewsAsStaff,
} from './news-service.ts';

/** The role every news and picture write needs; admins hold it too. */
export const NEWS_ROLE = 'information';

/**
 * Who writes, for the history and the audit entry, once the session holds the
 * `information` role; throws a 401 or 403 error otherwise (audited by staffWithRole).
 */
export async function newsAuthor(
  database: AppDatabase,
  request: FastifyRequest,
  now: () => Date,
): Promise<NewsAuthor> {
  const user = await staffWithRole(database, request, NEWS_ROLE);
  return { actor: user.email, address: request.ip, role: NEWS_ROLE, at: now().toISOString() };
}

/**
 * The staff services' news part for one request (the page's loader and actions). CSRF
 * tokens are checked before these run, by the page route or the API.
 */
export function newsStaffServices(
  database: AppDatabase,
  request: FastifyRequest,
  now: () => Date,
): NewsStaffServices {
  const author = () => newsAuthor(database, request, now);
  return {
    async staffNews() {
      await author();
      return staffNewsItems(database);
    },
    async addNews(input) {
      return addNewsAsStaff(database, input, await author());
    },
    async amendNews(id, amendment) {
      return amendNewsAsStaff(database, id, amendment, await author());
    },
    async withdrawNews(id, withdrawal) {
      return withdrawNewsAsStaff(database, id, withdrawal, await author());
    },
  };
}
