import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as entry from '../../client/entry-server.tsx';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import type { Renderer } from '../../server/render/renderer.ts';

/** Renders from the source modules, without a client build: enough for HTML and API tests. */
export const sourceRenderer: Renderer = {
  development: false,
  stylesheets: [],
  scripts: [],
  entry: async () => entry,
  register: async () => {},
};

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server, in-process, on a fresh data directory that is removed on close.
 * `env` overrides configuration the way the environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const content = await loadContent(config.contentDir);
  const app = await buildApp({ config, content, renderer: sourceRenderer, ...options });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
