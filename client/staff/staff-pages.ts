import { STAFF_FULL_DISCLOSURE_PAGE } from '../../shared/full-disclosure-paths.ts';
import { STAFF_NEWS_PATH } from '../../shared/news.ts';

/**
 * The staff pages' paths. The route table gives their routes `handle.staff`, which decides
 * after rendering that an answer is never kept for others; the server also looks the
 * canonical path up here before rendering, so that a staff page is rendered for the one
 * who asked (streamed, with a nonce and its whole query) rather than for everyone.
 */
export const STAFF_PAGES = {
  login: '/bac-login',
  input: '/bac-input',
  advisories: '/staff/advisories',
  fullDisclosure: STAFF_FULL_DISCLOSURE_PAGE,
  news: STAFF_NEWS_PATH,
} as const;
