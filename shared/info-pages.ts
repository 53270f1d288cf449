/**
 * The information pages: the fixed paths of the original site's route table that come
 * neither from a content list (departments, news items) nor from the record registry
 * (procurement lists), staff pages left out. The router (client/routes.tsx), the sitemap
 * (server/content/seo.ts), the content link checks (menu, Transparency Seal page) and the
 * tests read this one list, so a page added or renamed here reaches all of them.
 */
export const INFO_PAGES = {
  home: '/',
  history: '/history',
  localOfficials: '/local-officials',
  offices: '/offices',
  festival: '/festival',
  touristDestinations: '/tourist-destination',
  directory: '/directory',
  accounting: '/accounting',
  news: '/news',
  bidsAndAwards: '/bids-and-awards',
  invitationToBid: '/invitation-to-bid',
  openData: '/open-data',
  transparencySeal: '/transparency-seal',
  fullDisclosure: '/full-disclosure',
  accessibility: '/accessibility',
} as const;

export type InfoPage = keyof typeof INFO_PAGES;
export type InfoPagePath = (typeof INFO_PAGES)[InfoPage];

/** Every information page's path, in the order of the original site's route table. */
export const INFO_PAGE_PATHS: readonly InfoPagePath[] = Object.values(INFO_PAGES);
