import type { FastifyInstance } from 'fastify';
import type { RenderOptions, RenderResult } from '../../client/entry-server.tsx';

export type RenderEntry = {
  render(request: Request, options: RenderOptions): Promise<RenderResult>;
};

/**
 * How pages are rendered in a mode: production serves the built bundle and hashed
 * assets, development runs Vite with hot reload, tests use the source directly.
 */
export interface Renderer {
  /** Registers what the mode serves besides pages (built assets or Vite's middleware). */
  register(app: FastifyInstance): Promise<void>;
  /** The server-side entry; in development it is reloaded when its sources change. */
  entry(): Promise<RenderEntry>;
  stylesheets: string[];
  /**
   * Stylesheets of lazily loaded route modules, by the module's source path as the route's
   * `handle.module` names it: the page's own CSS, linked only on pages of that route.
   */
  routeStylesheets?: Record<string, string[]>;
  scripts: string[];
  /** Development needs inline styles and Vite's client; production does not. */
  development: boolean;
}
