import type { Renderer, RenderEntry } from './renderer.ts';

/** Vite in middleware mode: modules served on demand with hot reload, SSR entry reloaded on change. */
export async function createDevelopmentRenderer(): Promise<Renderer> {
  const { createServer } = await import('vite');
  const { default: middie } = await import('@fastify/middie');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return {
    development: true,
    stylesheets: ['/client/styles/global.css'],
    scripts: [
      '/@vite/client',
      '/server/render/react-refresh-preamble.js',
      '/client/entry-client.tsx',
    ],
    entry: () => vite.ssrLoadModule('/client/entry-server.tsx') as Promise<RenderEntry>,
    async register(app) {
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite.close());
    },
  };
}
