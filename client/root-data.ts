import type { Advisory } from '../shared/advisories/advisories.ts';
import type { MenuEntry, SiteContent } from '../shared/content-types.ts';
import type { Messages } from '../shared/i18n/messages-en.ts';

/** Data of the root route, shared by every page's frame. */
export interface RootData {
  site: SiteContent;
  /** The site menu from content/menu.json, so a municipality changes it without touching code. */
  menu: MenuEntry[];
  /** SITE_URL, the origin of absolute URLs in canonical links and Open Graph tags; undefined when not configured. */
  siteUrl: string | undefined;
  /** The database holds demonstration records: every page carries a notice saying so. */
  demoRecords: boolean;
  /**
   * The Filipino catalogue on Filipino pages (null on English ones, whose words are in the
   * bundle): part of the hydration data, so a page hydrates without fetching its words.
   */
  filipino: Messages | null;
  /** The advisories running as the page was rendered: a banner each at the top of the page. */
  advisories: Advisory[];
  /** Bid alerts are offered (SMTP_URL set): list pages show the subscription form. */
  alertsEnabled: boolean;
}
