import type { SiteContent } from '../server/content/schema.ts';

/** Data of the root route, shared by every page's frame. */
export interface RootData {
  site: SiteContent;
  /** Server time when the page was rendered, so the clock hydrates with the same text. */
  renderedAt: number;
}
