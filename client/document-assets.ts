import { createContext, useContext } from 'react';

/** Stylesheets of the build, known to the server from Vite's manifest and to the browser from the page. */
export interface DocumentAssets {
  stylesheets: string[];
  nonce?: string | undefined;
}

export const DocumentAssetsContext = createContext<DocumentAssets>({ stylesheets: [] });

export function useDocumentAssets(): DocumentAssets {
  return useContext(DocumentAssetsContext);
}

/**
 * A lazy route names its module in its handle (`handle: { module: 'client/news/NewsPage.tsx' }`,
 * the path Vite's manifest knows it by), so the server can link the CSS that module
 * brings when it renders the route's page.
 */
export function routeModuleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('module' in handle)) return undefined;
  return typeof handle.module === 'string' ? handle.module : undefined;
}

/** Marks the build's stylesheet links so the browser can render the same head when hydrating. */
export const ASSET_ATTRIBUTE = 'data-build-asset';
