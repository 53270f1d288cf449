/**
 * Browser specs run in parallel against servers that outlive each spec: a spec that posts
 * advisories or news must do so on its own server (publishingServer), or its banners and
 * items appear on the pages other specs measure for weight, axe and layout.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../playwright.config.ts';
import { e2eDataDir, publishingServer } from '../e2e/browser.ts';

const e2e = path.resolve(import.meta.dirname, '../e2e');
/** What posts an advisory or a news item: the shared steps, or the staff forms and API directly. */
const PUBLISHES =
  /\b(postAdvisory|publishNews)\b|['"`]\/(fil\/)?staff\/(advisories|news)['"`]\s*,\s*\{|\/api\/(advisories|news)\b/;

describe('browser specs that publish do so on their own server', () => {
  it('gives each spec that posts advisories or news the publishing server', async () => {
    const specs = (await readdir(e2e)).filter((name) => name.endsWith('.spec.ts'));
    const publishing: string[] = [];
    const onSharedServer: string[] = [];
    for (const spec of specs) {
      const text = await readFile(path.join(e2e, spec), 'utf8');
      if (!PUBLISHES.test(text)) continue;
      publishing.push(spec);
      if (!text.includes('test.use({ baseURL: publishingServer.baseURL })'))
        onSharedServer.push(spec);
    }
    expect(publishing).toEqual(
      expect.arrayContaining(['information-officer.spec.ts', 'staff-advisories.spec.ts']),
    );
    expect(onSharedServer, 'add test.use({ baseURL: publishingServer.baseURL })').toEqual([]);
  });

  it('starts the publishing server on its own port and data directory', () => {
    const servers = [config.webServer ?? []].flat();
    expect(servers.map((server) => server.url)).toEqual([
      expect.stringContaining(`:${Number(new URL(config.use!.baseURL!).port)}/`),
      `${publishingServer.baseURL}/healthz`,
    ]);
    expect(servers.map((server) => server.env?.DATA_DIR)).toEqual([
      e2eDataDir,
      publishingServer.dataDir,
    ]);
  });
});
