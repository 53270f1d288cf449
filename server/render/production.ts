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

/** The server was started without a complete build; its message tells the operator what to run. */
export class MissingBuildError extends Error {
  override name = 'MissingBuildError';
}

/** Serves the Vite build: hashed assets cached for a year, precompressed, pages from the SSR bundle. */
export async function createProductionRenderer(
  clientDir = fileURLToPath(new URL('../client/', import.meta.url)),
): Promise<Renderer> {
  const manifestPath = `${clientDir}.vite/manifest.json`;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new MissingBuildError(
      `The build is missing or incomplete (${manifestPath} cannot be read): run npm run build, then start again.`,
      { cause: error },
    );
  }
  const entryChunk = manifest[CLIENT_ENTRY];
  if (!entryChunk)
    throw new MissingBuildError(
      `The client build has no entry for ${CLIENT_ENTRY}: run npm run build, then start again.`,
    );

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
        // The build writes .br and .gz beside each asset (vite.config.ts); the one the client takes is sent as is.
        preCompressed: true,
      });
    },
  };
}
