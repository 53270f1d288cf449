import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { staffBidsPath } from '../../shared/procurement-projects/bid-paths.ts';
import { staffContractPage } from '../../shared/procurement-projects/contract-paths.ts';
import {
  PROJECTS_PAGE_SIZE,
  STAFF_PROJECTS_PAGE,
  procurementPath,
  type ProcurementProjectPage,
  type ProjectListQuery,
} from '../../shared/procurement-projects/procurement-project.ts';
import { staffFlagAnswersPath } from '../../shared/red-flags/flag-answers.ts';
import { parseProjectListQuery } from '../../shared/procurement-projects/project-services.ts';
import { MAX_SEARCH_LENGTH } from '../../shared/records/list-query.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { RecordPager } from '../records/RecordPager.tsx';
import '../records/records.css';
import { services } from '../services-context.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { useProjectText } from './useProjectText.ts';

interface StaffProjectsData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  query: ProjectListQuery;
  result: ProcurementProjectPage;
}

const NOTHING: ProcurementProjectPage = { total: 0, items: [] };

/**
 * Reads `?q=&page=` as the projects API does; a bad value is a 400. An account without the
 * BAC role is answered 403 with words saying why, and no list.
 */
export async function loader(args: LoaderFunctionArgs) {
  const session = await staffPageSession(args, 'bac');
  const { params } = session;
  const parsed = parseProjectListQuery({ q: params.getAll('q'), page: params.getAll('page') });
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const result = session.allowed
    ? await services(args.context).procurementProjects(parsed.value, args.request.signal)
    : NOTHING;
  const loaded: StaffProjectsData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    query: parsed.value,
    result,
  };
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * /staff/procurement: the BAC's way to each project's staff pages (issue 34). A plain GET
 * search (title, OCID, PR number, PhilGEPS reference, APP code) and pages of 20, each row
 * linking the public page, the abstract of bids and the contract and completion page. The
 * public project page stays the same for everyone, so these links live here only.
 */
export function Component() {
  const { user, csrfToken, allowed, query, result } = useLoaderData<
    typeof loader
  >() as StaffProjectsData;
  const { t, localPath } = useStaffI18n();
  const { pt } = useProjectText();
  const first = (query.page - 1) * PROJECTS_PAGE_SIZE + 1;
  const summary =
    result.total === 0
      ? query.q
        ? t('staff.projects.noMatch', { q: query.q })
        : t('staff.projects.empty')
      : t('staff.projects.showing', {
          first,
          last: first + result.items.length - 1,
          total: result.total,
        });
  return (
    <Page title={t('staff.projects.title')} description={t('staff.projects.description')}>
      <StaffCard wide>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="error" message={allowed ? null : t('staff.projects.forbidden')} />
        {allowed ? (
          <>
            <p>{t('staff.projects.description')}</p>
            <form
              method="get"
              action={localPath(STAFF_PROJECTS_PAGE)}
              role="search"
              className="staff-form"
            >
              <div className="form-field">
                <label htmlFor="projects-q">{t('staff.projects.search')}</label>
                <input
                  id="projects-q"
                  type="search"
                  name="q"
                  defaultValue={query.q}
                  maxLength={MAX_SEARCH_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.projects.find')}
                </button>
              </div>
            </form>
            <p className="record-summary" role="status">
              {summary}
            </p>
            {result.items.length > 0 ? (
              <table className="record-table staff-projects">
                <caption className="visually-hidden">
                  {t('staff.projects.caption', { page: query.page })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('staff.projects.project')}</th>
                    <th scope="col">{t('staff.projects.year')}</th>
                    <th scope="col">{t('staff.projects.status')}</th>
                    <th scope="col">{t('staff.projects.pages')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((project) => (
                    <tr key={project.ocid}>
                      <td data-label={t('staff.projects.project')}>
                        <Link to={localPath(procurementPath(project.ocid))}>{project.title}</Link>
                        <br />
                        <small>{project.ocid}</small>
                      </td>
                      <td data-label={t('staff.projects.year')}>{project.year}</td>
                      <td data-label={t('staff.projects.status')}>
                        {pt(`project.status.${project.status}`)}
                      </td>
                      <td data-label={t('staff.projects.pages')}>
                        <Link
                          to={localPath(staffBidsPath(project.ocid))}
                          aria-label={`${t('staff.projects.bids')}: ${project.title}`}
                        >
                          {t('staff.projects.bids')}
                        </Link>
                        <br />
                        <Link
                          to={localPath(staffContractPage(project.ocid))}
                          aria-label={`${t('staff.projects.contract')}: ${project.title}`}
                        >
                          {t('staff.projects.contract')}
                        </Link>
                        <br />
                        <Link
                          to={localPath(staffFlagAnswersPath(project.ocid))}
                          aria-label={`${t('staff.projects.flags')}: ${project.title}`}
                        >
                          {t('staff.projects.flags')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <RecordPager query={query} total={result.total} pageSize={PROJECTS_PAGE_SIZE} />
          </>
        ) : null}
      </StaffCard>
    </Page>
  );
}
