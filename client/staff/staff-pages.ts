import { STAFF_FULL_DISCLOSURE_PAGE } from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { STAFF_NEWS_PATH } from '../../shared/news/news.ts';
import {
  FORGOT_PASSWORD_PATH,
  SET_PASSWORD_PATH,
} from '../../shared/staff-accounts/staff-accounts.ts';

/**
 * The staff pages' paths. The route table gives their routes `handle.staff`, which decides
 * after rendering that an answer is never kept for others; the server also asks
 * `isStaffPage` of the canonical path before rendering, so that a staff page is rendered
 * for the one who asked (streamed, with a nonce and its whole query, such as a
 * set-password link's token) rather than for everyone.
 */
export const STAFF_PAGES = {
  login: '/bac-login',
  input: '/bac-input',
  advisories: '/staff/advisories',
  fullDisclosure: STAFF_FULL_DISCLOSURE_PAGE,
  news: STAFF_NEWS_PATH,
  home: '/staff',
  accounts: '/staff/accounts',
  setPassword: SET_PASSWORD_PATH,
  forgotPassword: FORGOT_PASSWORD_PATH,
} as const;

const LISTED = new Set<string>(Object.values(STAFF_PAGES));

/** Every page under /staff/ is a staff page, whichever area added it, listed here or not. */
export function isStaffPage(path: string): boolean {
  return LISTED.has(path) || path.startsWith(`${STAFF_PAGES.home}/`);
}
