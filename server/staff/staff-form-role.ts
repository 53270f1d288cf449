import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { StaffRefusal, staffWithRole } from '../auth/require-role.ts';

/**
 * The role check of a staff page's no-JavaScript upload form (a record's document, a news
 * picture, a Full Disclosure posting), run before the file or the CSRF token is read. The
 * three forms answered the same way, each in its own copy: signed out goes to the sign-in
 * page in the form's language; an account without the role goes back to the page
 * (`backWithoutRole`), which says what it lacks; staffWithRole audits that refusal.
 */
export function staffFormRole(
  database: SiteDatabase,
  role: StaffRole,
  lang: Lang,
  backWithoutRole: (reply: FastifyReply) => FastifyReply,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await staffWithRole(database, request, role);
    } catch (error) {
      if (!(error instanceof StaffRefusal)) throw error;
      if (error.statusCode === 401) return reply.redirect(pathInLang('/bac-login', lang), 303);
      return backWithoutRole(reply);
    }
  };
}
