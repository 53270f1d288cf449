import {
  Outlet,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { langOfPath } from '../shared/i18n/languages.ts';
import { INFO_PAGES, type InfoPage } from '../shared/info-pages.ts';
import { recordKinds } from '../shared/record-kinds.ts';
import { Document } from './components/frame/Document.tsx';
import { recordListLoader } from './records/record-list-loader.ts';
import { RecordListError } from './records/RecordListError.tsx';
import { BidsAndAwardsPage, bidsAndAwardsLoader } from './info-pages/BidsAndAwardsPage.tsx';
import { DepartmentPage, departmentLoader } from './info-pages/DepartmentPage.tsx';
import { ErrorPage } from './components/frame/ErrorPage.tsx';
import { HistoryPage, historyLoader } from './info-pages/HistoryPage.tsx';
import { HomePage, homeLoader } from './info-pages/HomePage.tsx';
import { LocalOfficialsPage, officialsLoader } from './info-pages/LocalOfficialsPage.tsx';
import { NewsDetailPage, newsDetailLoader } from './news/NewsDetailPage.tsx';
import { NewsPage, newsLoader } from './news/NewsPage.tsx';
import { OfficesPage, officesLoader } from './info-pages/OfficesPage.tsx';
import { RecordListPage } from './records/RecordListPage.tsx';
import { RecordPage, recordPageLoader } from './records/RecordPage.tsx';
import type * as AlertLinkModule from './alerts/AlertLinkPages.tsx';
import type * as AlertsModule from './alerts/AlertsPage.tsx';
import type { RootData } from './root-data.ts';
import { services } from './services-context.ts';
import { STAFF_PAGES } from './staff/staff-pages.ts';
import { ADVISORIES_PATH } from '../shared/advisories/advisories.ts';
import { SUPPLIERS_PATH } from '../shared/suppliers/suppliers.ts';
import { RED_FLAGS_METHODOLOGY_PATH, RED_FLAGS_PATH } from '../shared/red-flags/red-flag-paths.ts';
import { OCDS_QUALITY_PATH } from '../shared/open-data/ocds-quality.ts';
import { STAFF_SUPPLIERS_PATH } from '../shared/suppliers/supplier-decisions.ts';
import { PLAN_PATH, STAFF_PLAN_PAGE } from '../shared/procurement-projects/procurement-plan.ts';
import { STAFF_PROJECTS_PAGE } from '../shared/procurement-projects/procurement-project.ts';

async function rootLoader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const lang = langOfPath(new URL(request.url).pathname);
  const [site, menu, siteUrl, demoRecords, advisories, alertsEnabled, filipino] = await Promise.all(
    [
      services(context).site(),
      services(context).contentPart('menu'),
      services(context).siteUrl(),
      services(context).demoRecords(),
      services(context).activeAdvisories(),
      services(context).alertsEnabled(),
      // Its own chunk: only Filipino pages, and a switch to Filipino, load it.
      lang === 'fil' ? import('../shared/i18n/messages-fil.ts').then((module) => module.fil) : null,
    ],
  );
  return { site, menu, siteUrl, demoRecords, advisories, alertsEnabled, filipino };
}

/** The site content only needs loading once per full page load; the words again when the language changes. */
function rootShouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname);
}

/** Deeper unknown URLs still get the frame around the 404 page, which needs the root loader to run. */
function notFoundLoader(): never {
  throw new Response('Not Found', { status: 404 });
}

function Root() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

/** Only reached when the root loader itself fails; the frame is drawn from whatever is loaded. */
function RootError() {
  return (
    <Document>
      <ErrorPage />
    </Document>
  );
}

type PageRoute = Pick<RouteObject, 'loader' | 'Component' | 'lazy' | 'handle'>;

type LazyPage = Pick<RouteObject, 'loader' | 'Component'>;

/**
 * A public page a first visit rarely needs: its code and styles load only when it is
 * visited, as the staff pages' do, so the home page's first visit does not carry them.
 * `module` is the path Vite's manifest knows the module by (handle.module), so the server
 * links the CSS it brings (document-assets.ts); the browser loads a lazy page's module before
 * hydrating a first visit to it (entry-client.tsx), so the page renders on the server and
 * hydrates unchanged.
 */
function lazyPage(
  module: string,
  load: () => Promise<LazyPage>,
  handle: { staff?: true } = {},
): PageRoute {
  return { handle: { module, ...handle }, lazy: load };
}

const lazyPages = {
  fullDisclosure: lazyPage('client/full-disclosure/FullDisclosurePage.tsx', async () => {
    const page = await import('./full-disclosure/FullDisclosurePage.tsx');
    return { loader: page.fullDisclosureLoader, Component: page.FullDisclosurePage };
  }),
  fullDisclosurePosting: lazyPage(
    'client/full-disclosure/FullDisclosurePostingPage.tsx',
    async () => {
      const page = await import('./full-disclosure/FullDisclosurePostingPage.tsx');
      return {
        loader: page.fullDisclosurePostingLoader,
        Component: page.FullDisclosurePostingPage,
      };
    },
  ),
  transparencySeal: lazyPage('client/info-pages/TransparencySealPage.tsx', async () => {
    const page = await import('./info-pages/TransparencySealPage.tsx');
    return { loader: page.transparencySealLoader, Component: page.TransparencySealPage };
  }),
  advisories: lazyPage('client/advisories/AdvisoriesPage.tsx', async () => {
    const page = await import('./advisories/AdvisoriesPage.tsx');
    return { loader: page.advisoriesLoader, Component: page.AdvisoriesPage };
  }),
  procurementProject: lazyPage(
    'client/procurement-projects/ProcurementProjectPage.tsx',
    async () => {
      const page = await import('./procurement-projects/ProcurementProjectPage.tsx');
      return { loader: page.projectPageLoader, Component: page.ProcurementProjectPage };
    },
  ),
  openData: lazyPage('client/open-data/OpenDataPage.tsx', async () => {
    const page = await import('./open-data/OpenDataPage.tsx');
    return { Component: page.OpenDataPage };
  }),
  ocdsQuality: lazyPage('client/open-data/OcdsQualityPage.tsx', async () => {
    const page = await import('./open-data/OcdsQualityPage.tsx');
    return { loader: page.ocdsQualityLoader, Component: page.OcdsQualityPage };
  }),
  accounting: lazyPage('client/fund-report/AccountingPage.tsx', async () => {
    const page = await import('./fund-report/AccountingPage.tsx');
    return { loader: page.accountingLoader, Component: page.AccountingPage };
  }),
  touristDestinations: lazyPage('client/info-pages/TouristDestinationsPage.tsx', async () => {
    const page = await import('./info-pages/TouristDestinationsPage.tsx');
    return { loader: page.touristDestinationsLoader, Component: page.TouristDestinationsPage };
  }),
  festival: lazyPage('client/info-pages/FestivalPage.tsx', async () => {
    const page = await import('./info-pages/FestivalPage.tsx');
    return { loader: page.festivalLoader, Component: page.FestivalPage };
  }),
  directory: lazyPage('client/info-pages/DirectoryPage.tsx', async () => {
    const page = await import('./info-pages/DirectoryPage.tsx');
    return { loader: page.directoryLoader, Component: page.DirectoryPage };
  }),
  accessibility: lazyPage('client/info-pages/AccessibilityPage.tsx', async () => {
    const page = await import('./info-pages/AccessibilityPage.tsx');
    return { loader: page.accessibilityLoader, Component: page.AccessibilityPage };
  }),
  suppliers: lazyPage('client/suppliers/SupplierListPage.tsx', async () => {
    const page = await import('./suppliers/SupplierListPage.tsx');
    return { loader: page.supplierListLoader, Component: page.SupplierListPage };
  }),
  supplier: lazyPage('client/suppliers/SupplierPage.tsx', async () => {
    const page = await import('./suppliers/SupplierPage.tsx');
    return { loader: page.supplierLoader, Component: page.SupplierPage };
  }),
  redFlags: lazyPage('client/red-flags/RedFlagsPage.tsx', async () => {
    const page = await import('./red-flags/RedFlagsPage.tsx');
    return { loader: page.redFlagsLoader, Component: page.RedFlagsPage };
  }),
  redFlagsMethodology: lazyPage('client/red-flags/RedFlagsMethodologyPage.tsx', async () => {
    const page = await import('./red-flags/RedFlagsMethodologyPage.tsx');
    return { loader: page.methodologyLoader, Component: page.RedFlagsMethodologyPage };
  }),
  procurementPlan: lazyPage('client/procurement-projects/ProcurementPlanPage.tsx', async () => {
    const page = await import('./procurement-projects/ProcurementPlanPage.tsx');
    return { loader: page.planLoader, Component: page.ProcurementPlanPage };
  }),
  invitationToBid: lazyPage('client/info-pages/InvitationToBidPage.tsx', async () => {
    const page = await import('./info-pages/InvitationToBidPage.tsx');
    return { loader: page.invitationToBidLoader, Component: page.InvitationToBidPage };
  }),
};

/**
 * The bid-alert pages, lazy too. `staff: true` keeps them out of the shared render cache:
 * they answer per query (a form's problems) or per signed link, and the manage page shows a
 * subscriber's address.
 */
const alertsPage = (pick: (page: typeof AlertsModule) => LazyPage) =>
  lazyPage(
    'client/alerts/AlertsPage.tsx',
    async () => pick(await import('./alerts/AlertsPage.tsx')),
    { staff: true },
  );
const alertLinkPage = (pick: (page: typeof AlertLinkModule) => LazyPage) =>
  lazyPage(
    'client/alerts/AlertLinkPages.tsx',
    async () => pick(await import('./alerts/AlertLinkPages.tsx')),
    { staff: true },
  );

/**
 * What each information page (shared/info-pages.ts) renders. Keyed by the page names, so a
 * page added to the shared list without a route here is a compile error.
 */
const infoPageRoutes: Record<InfoPage, PageRoute> = {
  home: { loader: homeLoader, Component: HomePage },
  history: { loader: historyLoader, Component: HistoryPage },
  localOfficials: { loader: officialsLoader, Component: LocalOfficialsPage },
  offices: { loader: officesLoader, Component: OfficesPage },
  festival: lazyPages.festival,
  touristDestinations: lazyPages.touristDestinations,
  directory: lazyPages.directory,
  accounting: lazyPages.accounting,
  news: { loader: newsLoader, Component: NewsPage },
  bidsAndAwards: { loader: bidsAndAwardsLoader, Component: BidsAndAwardsPage },
  invitationToBid: lazyPages.invitationToBid,
  openData: lazyPages.openData,
  transparencySeal: lazyPages.transparencySeal,
  fullDisclosure: lazyPages.fullDisclosure,
  accessibility: lazyPages.accessibility,
};

/** The one route table, used by the server renderer and the browser router alike. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      {
        // Every page twice: at its path in English and under /fil in Filipino.
        path: 'fil?',
        ErrorBoundary: ErrorPage,
        children: [
          // The home page is the index route; every other information page has its path.
          ...(Object.keys(infoPageRoutes) as InfoPage[]).map((page) =>
            page === 'home'
              ? { index: true, ...infoPageRoutes[page] }
              : { path: INFO_PAGES[page].slice(1), ...infoPageRoutes[page] },
          ),
          { path: 'view-news/:id', loader: newsDetailLoader, Component: NewsDetailPage },
          { path: ADVISORIES_PATH.slice(1), ...lazyPages.advisories },
          { path: SUPPLIERS_PATH.slice(1), ...lazyPages.suppliers },
          { path: `${SUPPLIERS_PATH.slice(1)}/:id`, ...lazyPages.supplier },
          { path: PLAN_PATH.slice(1), ...lazyPages.procurementPlan },
          { path: RED_FLAGS_PATH.slice(1), ...lazyPages.redFlags },
          { path: RED_FLAGS_METHODOLOGY_PATH.slice(1), ...lazyPages.redFlagsMethodology },
          { path: OCDS_QUALITY_PATH.slice(1), ...lazyPages.ocdsQuality },
          { path: 'alerts', ...alertsPage((page) => ({ Component: page.AlertsPage })) },
          {
            path: 'alerts/:outcome',
            ...alertsPage((page) => ({
              loader: page.alertOutcomeLoader,
              Component: page.AlertOutcomePage,
            })),
          },
          {
            path: 'alerts/confirm/:token',
            ...alertLinkPage((page) => ({ Component: page.AlertConfirmPage })),
          },
          {
            path: 'alerts/unsubscribe/:token',
            ...alertLinkPage((page) => ({ Component: page.AlertUnsubscribePage })),
          },
          {
            path: 'alerts/manage/:token',
            ...alertLinkPage((page) => ({
              loader: page.alertManageLoader,
              Component: page.AlertManagePage,
            })),
          },
          {
            path: `${INFO_PAGES.fullDisclosure.slice(1)}/:type/:period`,
            ...lazyPages.fullDisclosurePosting,
          },
          ...recordKinds.map((kind) => ({
            path: kind.route.slice(1),
            loader: recordListLoader(kind),
            Component: () => <RecordListPage kind={kind} />,
            ErrorBoundary: () => <RecordListError kind={kind} />,
          })),
          // Each record's permanent address; a bad id falls through to the 404 page.
          ...recordKinds.map((kind) => ({
            path: `${kind.route.slice(1)}/:id`,
            loader: recordPageLoader(kind),
            Component: () => <RecordPage kind={kind} />,
          })),
          // A procurement project (contracting process) by its OCID: every notice of it.
          { path: 'procurement/:ocid', ...lazyPages.procurementProject },
          // Staff pages load their code, styles and the form validator only when visited;
          // the handle names the module so the server links its CSS (document-assets.ts),
          // and `staff` keeps the page out of the render cache (entry-server.tsx).
          {
            path: STAFF_PAGES.login.slice(1),
            handle: { module: 'client/staff/StaffLoginPage.tsx', staff: true },
            lazy: () => import('./staff/StaffLoginPage.tsx'),
          },
          {
            path: STAFF_PAGES.input.slice(1),
            handle: { module: 'client/records/StaffInputPage.tsx', staff: true },
            lazy: () => import('./records/StaffInputPage.tsx'),
          },
          {
            path: STAFF_PAGES.home.slice(1),
            handle: { module: 'client/staff/StaffHomePage.tsx', staff: true },
            lazy: () => import('./staff/StaffHomePage.tsx'),
          },
          {
            path: STAFF_PAGES.accounts.slice(1),
            handle: { module: 'client/staff-accounts/StaffAccountsPage.tsx', staff: true },
            lazy: () => import('./staff-accounts/StaffAccountsPage.tsx'),
          },
          {
            path: STAFF_PAGES.setPassword.slice(1),
            handle: { module: 'client/staff-accounts/SetPasswordPage.tsx', staff: true },
            lazy: () => import('./staff-accounts/SetPasswordPage.tsx'),
          },
          {
            path: STAFF_PAGES.forgotPassword.slice(1),
            handle: { module: 'client/staff-accounts/ForgotPasswordPage.tsx', staff: true },
            lazy: () => import('./staff-accounts/ForgotPasswordPage.tsx'),
          },
          {
            path: STAFF_PAGES.advisories.slice(1),
            handle: { module: 'client/advisories/StaffAdvisoriesPage.tsx', staff: true },
            lazy: () => import('./advisories/StaffAdvisoriesPage.tsx'),
          },
          {
            path: STAFF_PAGES.fullDisclosure.slice(1),
            handle: { module: 'client/full-disclosure/StaffFullDisclosurePage.tsx', staff: true },
            lazy: () => import('./full-disclosure/StaffFullDisclosurePage.tsx'),
          },
          {
            path: STAFF_PAGES.news.slice(1),
            handle: { module: 'client/news/StaffNewsPage.tsx', staff: true },
            lazy: () => import('./news/StaffNewsPage.tsx'),
          },
          {
            path: STAFF_PLAN_PAGE.slice(1),
            handle: { module: 'client/procurement-projects/StaffPlanPage.tsx', staff: true },
            lazy: () => import('./procurement-projects/StaffPlanPage.tsx'),
          },
          {
            // The BAC's list of projects, linking each one's staff pages (issue 34).
            path: STAFF_PROJECTS_PAGE.slice(1),
            handle: { module: 'client/procurement-projects/StaffProjectsPage.tsx', staff: true },
            lazy: () => import('./procurement-projects/StaffProjectsPage.tsx'),
          },
          {
            // A project's contract amendments and completion, for the BAC role (issue 34).
            path: 'staff/procurement/:ocid/contract',
            handle: { module: 'client/procurement-projects/StaffContractPage.tsx', staff: true },
            lazy: () => import('./procurement-projects/StaffContractPage.tsx'),
          },
          {
            // Likely same supplier to merge or dismiss, and PhilGEPS numbers (issue 34).
            path: STAFF_SUPPLIERS_PATH.slice(1),
            handle: { module: 'client/suppliers/StaffSuppliersPage.tsx', staff: true },
            lazy: () => import('./suppliers/StaffSuppliersPage.tsx'),
          },
          {
            // The BAC's abstract of bids of one project (issue 34).
            path: 'staff/procurement/:ocid/bids',
            handle: { module: 'client/procurement-projects/StaffBidsPage.tsx', staff: true },
            lazy: () => import('./procurement-projects/StaffBidsPage.tsx'),
          },
          {
            // RA 12009 section 38: a project's conferences, observers and category (issue 34).
            path: 'staff/procurement/:ocid/conferences',
            handle: { module: 'client/procurement-projects/StaffConferencesPage.tsx', staff: true },
            lazy: () => import('./procurement-projects/StaffConferencesPage.tsx'),
          },
          {
            // The BAC's answers to a project's red flags, published under them (issue 35).
            path: 'staff/procurement/:ocid/flags',
            handle: { module: 'client/red-flags/StaffFlagAnswersPage.tsx', staff: true },
            lazy: () => import('./red-flags/StaffFlagAnswersPage.tsx'),
          },
          // Department pages come from content; an unknown name answers 404.
          { path: ':office', loader: departmentLoader, Component: DepartmentPage },
          { path: '*', loader: notFoundLoader },
        ],
      },
    ],
  },
];
