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

/** Marks the build's stylesheet links so the browser can render the same head when hydrating. */
export const ASSET_ATTRIBUTE = 'data-build-asset';
