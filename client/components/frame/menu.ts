import { INFO_PAGES } from '../../../shared/info-pages.ts';

/** The site menu of the original, in its order; the charter entry takes its file from content. */
export type MenuEntry =
  | { kind: 'link'; title: string; path: string }
  | { kind: 'group'; title: string; items: { title: string; path: string }[] }
  | { kind: 'charter' };

export const menu: MenuEntry[] = [
  { kind: 'link', title: 'Home', path: INFO_PAGES.home },
  {
    kind: 'group',
    title: 'For Residents',
    items: [
      { title: 'History', path: INFO_PAGES.history },
      { title: 'Local Officials', path: INFO_PAGES.localOfficials },
      { title: 'LGU Offices', path: INFO_PAGES.offices },
    ],
  },
  {
    kind: 'group',
    title: 'For Visitors',
    items: [
      { title: 'Festivals', path: INFO_PAGES.festival },
      { title: 'Tourist Destinations', path: INFO_PAGES.touristDestinations },
    ],
  },
  { kind: 'link', title: 'News', path: INFO_PAGES.news },
  {
    kind: 'group',
    title: 'Transparency',
    items: [{ title: 'Financial Report', path: INFO_PAGES.accounting }],
  },
  { kind: 'link', title: 'Bids & Awards', path: INFO_PAGES.bidsAndAwards },
  { kind: 'link', title: 'Directory', path: INFO_PAGES.directory },
  { kind: 'charter' },
];
