import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Renderer } from './renderer.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

const CLIENT_ENTRY = 'client/entry-client.tsx';

/** Serves the Vite build: hashed assets cached for a year, pages from the SSR bundle. */
export async function createProductionRenderer(
  clientDir = fileURLToPath(new URL('../client/', import.meta.url)),
): Promise<Renderer> {
  const manifestPath = `${clientDir}.vite/manifest.json`;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new Error(
      `The client build is missing (${manifestPath}): run "npm run build" first. ${(error as Error).message}`,
    );
  }
  const entryChunk = manifest[CLIENT_ENTRY];
  if (!entryChunk) throw new Error(`The client build has no entry for ${CLIENT_ENTRY}.`);

  return {
    development: false,
    stylesheets: (entryChunk.css ?? []).map((file) => `/${file}`),
    scripts: [`/${entryChunk.file}`],
    entry: () => import('../../client/entry-server.tsx'),
    async register(app) {
      await app.register(fastifyStatic, {
        root: `${clientDir}assets`,
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
      });
    },
  };
}
