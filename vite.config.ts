import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|map)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible asset of the
 * client build, which @fastify/static serves with `preCompressed`: hashed assets never
 * change, so they are compressed once, as hard as brotli goes, instead of on each request.
 * A form is kept only when it is smaller.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Everything a first visit runs, in one chunk beside the entry. Rolldown otherwise gives each
 * module that the entry shares with a lazy route (the staff pages, the public pages a first
 * visit rarely needs) a small chunk of its own, a dozen or more requests on every first visit,
 * each costing more in headers than it holds. The modules the entry imports statically,
 * directly or not, are found when the module graph is complete (buildEnd) and captured by the
 * `first-visit` group when chunks are made, after it; lazy routes import what they share from it.
 */
function firstVisitChunk() {
  const staticGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'first-visit-chunk',
    apply: 'build',
    buildEnd() {
      staticGraph.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const pending = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (staticGraph.has(id)) continue;
        staticGraph.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const group = { name: 'first-visit', test: (id: string) => staticGraph.has(id) };
  return { plugin, group };
}

const firstVisit = firstVisitChunk();

/**
 * Lazy pages of one feature share a chunk (its code and, apart, its styles) instead of one
 * per module: every chunk's file name is listed in the first-visit chunk's import map, so a
 * dozen small chunks cost every first visit more than the few bytes they would save the
 * feature's pages. Tested after the first-visit group, which keeps what the entry imports.
 */
const featureGroup = (name: string, folders: string[]) => ({
  name,
  test: (id: string) => folders.some((folder) => id.includes(folder)),
});
const featureGroups = [
  // The red flags' pages with the chart and year chooser they share with the plan and
  // supplier pages.
  featureGroup('transparency', [
    '/client/red-flags/',
    '/shared/red-flags/',
    '/client/components/charts/',
    '/client/components/year-chooser/',
  ]),
  featureGroup('open-data', ['/client/open-data/', '/shared/open-data/quality-messages']),
];

/**
 * Two builds: the browser bundle (hashed files plus a manifest the server reads, each
 * precompressed) and, with --ssr, the Node bundle of the server and the CLI. Dependencies
 * stay external in the Node bundle and load from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), firstVisit.plugin, precompressAssets()],
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        ssr: true,
        target: 'node20',
        rollupOptions: {
          input: { main: 'server/start-server.ts', cli: 'cli/run-cli.ts' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: 'client/entry-client.tsx',
          output: { codeSplitting: { groups: [firstVisit.group, ...featureGroups] } },
        },
      },
}));
