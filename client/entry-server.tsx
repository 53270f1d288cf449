import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router-dom';
import { DocumentAssetsContext, routeModuleOf } from './document-assets.ts';
import { routes } from './routes.tsx';
import type { AppServices } from '../shared/app-services.ts';
import { servicesContext } from './services-context.ts';

export interface RenderOptions {
  services: AppServices;
  nonce: string;
  stylesheets: string[];
  /** CSS of lazy route modules by source path (Renderer.routeStylesheets). */
  routeStylesheets?: Record<string, string[]>;
  scripts: string[];
  /** Crawlers and HEAD requests get the complete document at once instead of a stream. */
  waitForAll: boolean;
  onError: (error: unknown) => void;
  /** How long a render may take before pending parts are given up. */
  timeoutMs?: number;
}

/**
 * `staffRoute`: the URL matched a staff route (`handle.staff`), so the answer belongs to
 * whoever asked; the render cache keeps only answers of other routes.
 */
export type RenderResult = { staffRoute: boolean } & (
  { type: 'response'; response: Response } | { type: 'document'; status: number; body: PassThrough }
);

const handler = createStaticHandler(routes);

/**
 * Staff routes say so in their handle (`handle: { staff: true }`): what they answer is for
 * the one who asked, however the URL was spelled.
 */
function isStaffRoute(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return matches.some(({ route }) => {
    const handle = route.handle;
    return (
      typeof handle === 'object' && handle !== null && 'staff' in handle && handle.staff === true
    );
  });
}

/**
 * Loader and action errors travel to the browser in the hydration data; only the status
 * responses (404 and the like) may, anything else is logged and replaced by a bare error.
 */
function withoutDetails(
  errors: Record<string, unknown>,
  log: (error: unknown) => void,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, error];
      log(error);
      return [routeId, new Error('Unexpected Server Error')];
    }),
  );
}

/** Runs the route loaders for one request and streams the matching document. */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const requestContext = new RouterContextProvider();
  requestContext.set(servicesContext, options.services);
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    // A redirect carries no matches; the same matching as the handler's finds its route.
    const matches = matchRoutes(handler.dataRoutes, new URL(request.url).pathname) ?? [];
    return { type: 'response', response: context, staffRoute: isStaffRoute(matches) };
  }
  const staffRoute = isStaffRoute(context.matches);
  if (context.errors) context.errors = withoutDetails(context.errors, options.onError);

  const router = createStaticRouter(handler.dataRoutes, context);
  const stylesheets = [
    ...new Set([
      ...options.stylesheets,
      ...context.matches.flatMap(
        ({ route }) => options.routeStylesheets?.[routeModuleOf(route.handle) ?? ''] ?? [],
      ),
    ]),
  ];
  return new Promise((resolve, reject) => {
    let status = context.statusCode;
    const body = new PassThrough();
    const ready = () => resolve({ type: 'document', status, body, staffRoute });
    const stream = renderToPipeableStream(
      <DocumentAssetsContext value={{ stylesheets, nonce: options.nonce }}>
        <StaticRouterProvider router={router} context={context} nonce={options.nonce} />
      </DocumentAssetsContext>,
      {
        nonce: options.nonce,
        bootstrapModules: options.scripts,
        onShellReady() {
          if (options.waitForAll) return;
          stream.pipe(body);
          ready();
        },
        onAllReady() {
          if (!options.waitForAll) return;
          stream.pipe(body);
          ready();
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          options.onError(error);
        },
      },
    );
    const timer = setTimeout(() => stream.abort(), options.timeoutMs ?? 10_000);
    body.on('close', () => clearTimeout(timer));
  });
}
