import type { AppServices } from '../client/services.ts';
import type { Content } from './content/schema.ts';

/** The loaders' services on the server: direct calls, no HTTP round trip to itself. */
export function createServerServices(content: Content): AppServices {
  return {
    site: async () => content.site,
    department: async (slug) => content.departments.find((item) => item.slug === slug),
    newsItem: async (id) => content.news.find((item) => item.id === id),
  };
}
