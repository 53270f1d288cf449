import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { langOfPath, pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { holdsRole, type StaffRole } from '../../shared/staff-roles.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { ApiError } from '../api-client.ts';
import { staffFlash } from './staff-flash.ts';
import { staffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from './staff-pages.ts';

/** What every staff page's loader starts from: who is signed in, and in which language. */
export interface StaffPageSession {
  user: StaffIdentity;
  /** Sent back with every form post and write call. */
  csrfToken: string;
  /** A one-time message from the previous step (see StaffSessionInfo.flash), in the page's language. */
  flash: string | null;
  /** The page's language, from the request's address (/fil/… is Filipino). */
  lang: Lang;
  /** The query of the request's address, e.g. `?done=` after a write or `?edit=` naming an item. */
  params: URLSearchParams;
  /**
   * Whether the account holds the role the page asked for (an administrator holds every
   * role); true when it asked for none. A page without it still answers, with status 403
   * and words saying why, rather than sending the account away: the server refuses the
   * writes anyway.
   */
  allowed: boolean;
}

/** The staff sign-in page in the language of `request`'s address: /fil/… goes to /fil/bac-login. */
export function signInPath(request: Request): string {
  return pathInLang(STAFF_PAGES.login, langOfPath(new URL(request.url).pathname));
}

/**
 * The start of a staff page's loader: the session, and the role check when `role` is given.
 * Signed out, it throws the redirect to the sign-in page in the request's language.
 */
export async function staffPageSession(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  role?: StaffRole,
): Promise<StaffPageSession> {
  const session = await services(context).staffSession();
  if (!session.user) throw redirect(signInPath(request));
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  return {
    user: session.user,
    csrfToken: session.csrfToken,
    flash: staffFlash(session.flash, staffI18n(lang)),
    lang,
    params: url.searchParams,
    allowed: role === undefined || holdsRole(session.user.roles, role),
  };
}

/**
 * The HTTP status of a refused service call: in the browser the API's (ApiError), on the
 * server the status the services' error carries (statusCode); undefined for anything else.
 */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * The refusal code of a refused service call: in the browser the API's (ApiError), on the
 * server the code the services' error carries (StaffRefusal: NOT_SIGNED_IN,
 * NOT_PERMITTED); undefined for anything else. Callers check it against their area's codes.
 */
export function refusalCodeOf(error: unknown): string | undefined {
  const code = error instanceof ApiError ? error.code : (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * For a loader's or action's `catch`: a session that ended meanwhile (401) throws the
 * redirect to the sign-in page in the request's language; any other error's status is
 * returned (undefined when it has none), for the caller to word it or rethrow it, e.g.
 * `if (refusedStatus(error, request) !== 403) throw error;`.
 */
export function refusedStatus(error: unknown, request: Request): number | undefined {
  const status = statusOf(error);
  if (status === 401) throw redirect(signInPath(request));
  return status;
}
