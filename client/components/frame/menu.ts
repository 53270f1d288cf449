/** The site menu of the original, in its order; the charter entry takes its file from content. */
export type MenuEntry =
  | { kind: 'link'; title: string; path: string }
  | { kind: 'group'; title: string; items: { title: string; path: string }[] }
  | { kind: 'charter' };

export const menu: MenuEntry[] = [
  { kind: 'link', title: 'Home', path: '/' },
  {
    kind: 'group',
    title: 'For Residents',
    items: [
      { title: 'History', path: '/history' },
      { title: 'Local Officials', path: '/local-officials' },
      { title: 'LGU Offices', path: '/offices' },
    ],
  },
  {
    kind: 'group',
    title: 'For Visitors',
    items: [
      { title: 'Festivals', path: '/festival' },
      { title: 'Tourist Destinations', path: '/tourist-destination' },
    ],
  },
  { kind: 'link', title: 'News', path: '/news' },
  {
    kind: 'group',
    title: 'Transparency',
    items: [{ title: 'Financial Report', path: '/accounting' }],
  },
  { kind: 'link', title: 'Bids & Awards', path: '/bids-and-awards' },
  { kind: 'link', title: 'Directory', path: '/directory' },
  { kind: 'charter' },
];
