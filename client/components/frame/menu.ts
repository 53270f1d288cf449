import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { INFO_PAGES } from '../../../shared/info-pages.ts';

/**
 * The site menu of the original, in its order; the charter entry takes its file from
 * content. Titles are catalogue keys, paths the English addresses (the menu adds /fil).
 */
export type MenuEntry =
  | { kind: 'link'; title: MessageKey; path: string }
  | { kind: 'group'; title: MessageKey; items: { title: MessageKey; path: string }[] }
  | { kind: 'charter' };

export const menu: MenuEntry[] = [
  { kind: 'link', title: 'menu.home', path: INFO_PAGES.home },
  {
    kind: 'group',
    title: 'menu.forResidents',
    items: [
      { title: 'menu.history', path: INFO_PAGES.history },
      { title: 'menu.localOfficials', path: INFO_PAGES.localOfficials },
      { title: 'menu.offices', path: INFO_PAGES.offices },
    ],
  },
  {
    kind: 'group',
    title: 'menu.forVisitors',
    items: [
      { title: 'menu.festivals', path: INFO_PAGES.festival },
      { title: 'menu.touristDestinations', path: INFO_PAGES.touristDestinations },
    ],
  },
  { kind: 'link', title: 'menu.news', path: INFO_PAGES.news },
  {
    kind: 'group',
    title: 'menu.transparency',
    items: [{ title: 'menu.financialReport', path: INFO_PAGES.accounting }],
  },
  { kind: 'link', title: 'menu.bidsAndAwards', path: INFO_PAGES.bidsAndAwards },
  { kind: 'link', title: 'menu.directory', path: INFO_PAGES.directory },
  { kind: 'charter' },
];
