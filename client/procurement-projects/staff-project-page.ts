import type { LoaderFunctionArgs } from 'react-router-dom';
import { services } from '../services-context.ts';
import { staffPageSession } from '../staff/staff-page-loader.ts';

/**
 * A BAC page of one project: the session (role `bac`) and the project its OCID names; an
 * OCID longer than any this site mints, or unknown, is the 404 page.
 */
export async function staffProjectPage(args: LoaderFunctionArgs) {
  const session = await staffPageSession(args, 'bac');
  const ocid = (args.params.ocid ?? '').slice(0, 201);
  const project =
    ocid.length > 200 ? undefined : await services(args.context).procurementProject(ocid);
  if (project === undefined) throw new Response('No such project', { status: 404 });
  return { session, project };
}

/** `value` when it is one of `list`, else null: a code read back from the page's query. */
export function codeIn<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

/** What a refused form sent back in the query: each field as typed, and each field's problem code. */
export function sentBack<F extends string, P extends string>(
  query: URLSearchParams,
  fields: readonly F[],
  refused: boolean,
  isProblem: (value: string) => value is P,
): { typed: Partial<Record<F, string>>; problems: Partial<Record<F, P>> } {
  const typed: Partial<Record<F, string>> = {};
  const problems: Partial<Record<F, P>> = {};
  for (const field of fields) {
    if (refused) typed[field] = query.get(field) ?? '';
    const problem = query.get(`p_${field}`) ?? '';
    if (isProblem(problem)) problems[field] = problem;
  }
  return { typed, problems };
}
