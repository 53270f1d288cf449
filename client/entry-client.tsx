import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { browserServices } from './browser-services.ts';
import { ASSET_ATTRIBUTE, DocumentAssetsContext } from './document-assets.ts';
import { routes } from './routes.tsx';
import { servicesContext } from './services-context.ts';
import './styles/global.css';
import './info-pages/info-pages.css';

const stylesheets = Array.from(
  document.querySelectorAll<HTMLLinkElement>(`link[${ASSET_ATTRIBUTE}]`),
  (link) => link.getAttribute('href') ?? '',
);

// Lazy routes on the first page must be loaded before hydrating, or React would hydrate a fallback.
await Promise.all(
  (matchRoutes(routes, window.location) ?? [])
    .filter((match) => typeof match.route.lazy === 'function')
    .map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
);

const router = createBrowserRouter(routes, {
  hydrationData: window.__staticRouterHydrationData,
  getContext() {
    const context = new RouterContextProvider();
    context.set(servicesContext, browserServices);
    return context;
  },
});

// Hydrating inside a transition lets React yield to the browser every few milliseconds
// instead of holding the main thread for the whole page: a tap or a scroll on a slow phone
// is answered while the page hydrates (Lighthouse's total blocking time on `/` and `/fil`).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <DocumentAssetsContext value={{ stylesheets }}>
        <RouterProvider router={router} />
      </DocumentAssetsContext>
    </StrictMode>,
  );
});
