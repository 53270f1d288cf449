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
import { recordListLoader } from './components/records/record-list-loader.ts';
import { RecordListError } from './components/records/RecordListError.tsx';
import { AccountingPage, accountingLoader } from './pages/AccountingPage.tsx';
import { AdvisoriesPage, advisoriesLoader } from './pages/AdvisoriesPage.tsx';
import {
  AlertConfirmPage,
  AlertManagePage,
  alertManageLoader,
  AlertUnsubscribePage,
} from './pages/AlertLinkPages.tsx';
import { AlertOutcomePage, alertOutcomeLoader, AlertsPage } from './pages/AlertsPage.tsx';
import { BidsAndAwardsPage, bidsAndAwardsLoader } from './pages/BidsAndAwardsPage.tsx';
import { DepartmentPage, departmentLoader } from './pages/DepartmentPage.tsx';
import { DirectoryPage, directoryLoader } from './pages/DirectoryPage.tsx';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { FestivalPage, festivalLoader } from './pages/FestivalPage.tsx';
import { FullDisclosurePage, fullDisclosureLoader } from './pages/FullDisclosurePage.tsx';
import {
  FullDisclosurePostingPage,
  fullDisclosurePostingLoader,
} from './pages/FullDisclosurePostingPage.tsx';
import { HistoryPage, historyLoader } from './pages/HistoryPage.tsx';
import { HomePage, homeLoader } from './pages/HomePage.tsx';
import { InvitationToBidPage, invitationToBidLoader } from './pages/InvitationToBidPage.tsx';
import { LocalOfficialsPage, officialsLoader } from './pages/LocalOfficialsPage.tsx';
import { NewsDetailPage, newsDetailLoader } from './pages/NewsDetailPage.tsx';
import { NewsPage, newsLoader } from './pages/NewsPage.tsx';
import { OfficesPage, officesLoader } from './pages/OfficesPage.tsx';
import { OpenDataPage } from './pages/OpenDataPage.tsx';
import { RecordListPage } from './pages/RecordListPage.tsx';
import { RecordPage, recordPageLoader } from './pages/RecordPage.tsx';
import {
  TouristDestinationsPage,
  touristDestinationsLoader,
} from './pages/TouristDestinationsPage.tsx';
import { TransparencySealPage, transparencySealLoader } from './pages/TransparencySealPage.tsx';
import type { RootData } from './root-data.ts';
import { services } from './services-context.ts';
import { STAFF_PAGES } from './staff/staff-pages.ts';
import { ADVISORIES_PATH } from '../shared/advisories.ts';

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

/**
 * What each information page (shared/info-pages.ts) renders. Keyed by the page names, so a
 * page added to the shared list without a route here is a compile error.
 */
const infoPageRoutes: Record<InfoPage, Pick<RouteObject, 'loader' | 'Component'>> = {
  home: { loader: homeLoader, Component: HomePage },
  history: { loader: historyLoader, Component: HistoryPage },
  localOfficials: { loader: officialsLoader, Component: LocalOfficialsPage },
  offices: { loader: officesLoader, Component: OfficesPage },
  festival: { loader: festivalLoader, Component: FestivalPage },
  touristDestinations: { loader: touristDestinationsLoader, Component: TouristDestinationsPage },
  directory: { loader: directoryLoader, Component: DirectoryPage },
  accounting: { loader: accountingLoader, Component: AccountingPage },
  news: { loader: newsLoader, Component: NewsPage },
  bidsAndAwards: { loader: bidsAndAwardsLoader, Component: BidsAndAwardsPage },
  invitationToBid: { loader: invitationToBidLoader, Component: InvitationToBidPage },
  openData: { Component: OpenDataPage },
  transparencySeal: { loader: transparencySealLoader, Component: TransparencySealPage },
  fullDisclosure: { loader: fullDisclosureLoader, Component: FullDisclosurePage },
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
          { path: ADVISORIES_PATH.slice(1), loader: advisoriesLoader, Component: AdvisoriesPage },
          // Bid alerts. `staff: true` keeps these pages out of the shared render cache: they
          // answer per query (a form's problems) or per signed link, and the manage page
          // shows a subscriber's address.
          { path: 'alerts', handle: { staff: true }, Component: AlertsPage },
          {
            path: 'alerts/:outcome',
            handle: { staff: true },
            loader: alertOutcomeLoader,
            Component: AlertOutcomePage,
          },
          { path: 'alerts/confirm/:token', handle: { staff: true }, Component: AlertConfirmPage },
          {
            path: 'alerts/unsubscribe/:token',
            handle: { staff: true },
            Component: AlertUnsubscribePage,
          },
          {
            path: 'alerts/manage/:token',
            handle: { staff: true },
            loader: alertManageLoader,
            Component: AlertManagePage,
          },
          {
            path: `${INFO_PAGES.fullDisclosure.slice(1)}/:type/:period`,
            loader: fullDisclosurePostingLoader,
            Component: FullDisclosurePostingPage,
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
          // Staff pages load their code, styles and the form validator only when visited;
          // the handle names the module so the server links its CSS (document-assets.ts),
          // and `staff` keeps the page out of the render cache (entry-server.tsx).
          {
            path: STAFF_PAGES.login.slice(1),
            handle: { module: 'client/pages/StaffLoginPage.tsx', staff: true },
            lazy: () => import('./pages/StaffLoginPage.tsx'),
          },
          {
            path: STAFF_PAGES.input.slice(1),
            handle: { module: 'client/pages/StaffInputPage.tsx', staff: true },
            lazy: () => import('./pages/StaffInputPage.tsx'),
          },
          {
            path: STAFF_PAGES.home.slice(1),
            handle: { module: 'client/pages/StaffHomePage.tsx', staff: true },
            lazy: () => import('./pages/StaffHomePage.tsx'),
          },
          {
            path: STAFF_PAGES.accounts.slice(1),
            handle: { module: 'client/pages/StaffAccountsPage.tsx', staff: true },
            lazy: () => import('./pages/StaffAccountsPage.tsx'),
          },
          {
            path: STAFF_PAGES.setPassword.slice(1),
            handle: { module: 'client/pages/SetPasswordPage.tsx', staff: true },
            lazy: () => import('./pages/SetPasswordPage.tsx'),
          },
          {
            path: STAFF_PAGES.advisories.slice(1),
            handle: { module: 'client/pages/StaffAdvisoriesPage.tsx', staff: true },
            lazy: () => import('./pages/StaffAdvisoriesPage.tsx'),
          },
          {
            path: STAFF_PAGES.fullDisclosure.slice(1),
            handle: { module: 'client/pages/StaffFullDisclosurePage.tsx', staff: true },
            lazy: () => import('./pages/StaffFullDisclosurePage.tsx'),
          },
          {
            path: STAFF_PAGES.news.slice(1),
            handle: { module: 'client/pages/StaffNewsPage.tsx', staff: true },
            lazy: () => import('./pages/StaffNewsPage.tsx'),
          },
          // Department pages come from content; an unknown name answers 404.
          { path: ':office', loader: departmentLoader, Component: DepartmentPage },
          { path: '*', loader: notFoundLoader },
        ],
      },
    ],
  },
];
