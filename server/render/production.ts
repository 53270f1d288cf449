import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { staticFiles } from '../plugins/static-files.ts';
import type { Renderer } from './renderer.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it imports statically, each once, the chunk itself first. */
function withStaticImports(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    chunk,
    ...(chunk.imports ?? []).flatMap((child) => withStaticImports(manifest, child, seen)),
  ];
}

const cssOf = (chunks: ManifestChunk[]) => [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];

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
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
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

  const entryChunks = withStaticImports(manifest, CLIENT_ENTRY);
  const entryCss = cssOf(entryChunks);
  // Lazy routes' CSS (the staff pages' styles), linked only on their pages.
  const routeStylesheets: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = cssOf(withStaticImports(manifest, key)).filter(
      (file) => !entryCss.includes(file),
    );
    if (files.length > 0) routeStylesheets[key] = files.map((file) => `/${file}`);
  }

  return {
    development: false,
    stylesheets: entryCss.map((file) => `/${file}`),
    routeStylesheets,
    // The entry's static imports are bootstrap modules too, so React links each as a
    // modulepreload in the head and the browser fetches them with the entry instead of
    // only after it has parsed it.
    scripts: entryChunks.map((chunk) => `/${chunk.file}`),
    entry: () => import('../../client/entry-server.tsx'),
    async register(app) {
      // No CSP: the build puts only scripts and stylesheets here, which a browser opened
      // on them shows as text.
      await app.register(staticFiles, {
        root: `${clientDir}assets`,
        urlPrefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        index: false,
        // The build writes .br and .gz beside each asset (vite.config.ts); the one the client takes is sent as is.
        preCompressed: true,
      });
    },
  };
}
