/**
 * A first run that shows everything (issue 19): with the README's first command (no
 * SITE_URL, the default loopback HOST, demo records) every link on /open-data answers;
 * a server other machines reach without SITE_URL answers feeds, OCDS and the sitemap with
 * 404 saying to set it. The placeholder OCDS prefix is named at start-up and on /open-data.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { loadConfig } from '../../server/config.ts';
import { startupWarnings } from '../../server/startup-notices.ts';
import {
  OCID_PREFIX_REGISTRATION_URL,
  PLACEHOLDER_OCID_PREFIX,
} from '../../shared/open-data/ocds-prefix.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The site-relative links of /open-data's main content. */
function localLinksOfMain(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<a [^>]*href="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith('/'));
}

/** Feeds, OCDS and the sitemap: what needs absolute URLs. */
const absoluteUrlRoutes = [
  '/procurement.atom',
  ...recordKinds.map((kind) => `${kind.route}.atom`),
  '/ocds/releases.json',
  '/sitemap.xml',
];

function messages(lines: string[]): { level: number; msg: string }[] {
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe("the README's first run: no SITE_URL, loopback HOST, demo records", () => {
  let testApp: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(
      { DEMO_RECORDS: 'true', LOG_LEVEL: 'info', PORT: '3000' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => testApp.close());

  it('listens on 127.0.0.1 and takes http://localhost:PORT for its absolute URLs', () => {
    expect(testApp.config.host).toBe('127.0.0.1');
    expect(testApp.config.siteUrl).toBe('http://localhost:3000');
    expect(logLines.join('')).toContain(
      'SITE_URL is not set: feeds, OCDS and the sitemap use http://localhost:3000',
    );
    expect(logLines.join('')).not.toContain('SITE_URL is not set and');
  });

  it('every link on /open-data answers 200', async () => {
    const page = await testApp.app.inject({ url: '/open-data' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('no public address configured');
    const links = localLinksOfMain(page.body);
    for (const route of ['/procurement.atom', '/ocds/releases.json', '/openapi.json']) {
      expect(links).toContain(route);
    }
    expect(links.filter((href) => href.endsWith('.atom'))).toHaveLength(recordKinds.length + 1);
    for (const href of links) {
      expect((await testApp.app.inject({ url: href })).statusCode, href).toBe(200);
    }
  });

  it('feeds, OCDS and the sitemap answer with absolute addresses under http://localhost:3000', async () => {
    for (const url of absoluteUrlRoutes) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('http://localhost:3000/');
    }
  });

  it('names the placeholder OCDS prefix in a start-up warning with where to register one', () => {
    const warnings = messages(logLines).filter(
      (line) => line.level === 40 && line.msg.includes(PLACEHOLDER_OCID_PREFIX),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain(OCID_PREFIX_REGISTRATION_URL);
    expect(warnings[0]!.msg).toContain('site.json');
  });

  it('/open-data says the prefix is a placeholder and links the registration page', async () => {
    const html = (await testApp.app.inject({ url: '/open-data' })).body;
    expect(html).toMatch(
      new RegExp(`<p role="note"><code>${PLACEHOLDER_OCID_PREFIX}</code> is a placeholder prefix`),
    );
    expect(html).toContain(`href="${OCID_PREFIX_REGISTRATION_URL.replaceAll('&', '&amp;')}"`);
  });
});

describe('a public listener (HOST=0.0.0.0) without SITE_URL', () => {
  let testApp: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(
      { HOST: '0.0.0.0', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(() => testApp.close());

  it.each(absoluteUrlRoutes)('%s answers 404 saying to set SITE_URL', async (url) => {
    const response = await testApp.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('SITE_URL is not configured');
    expect(response.body).toContain("Set SITE_URL to the site's public address");
  });

  it('warns at start-up that SITE_URL is not set on an address other machines reach', () => {
    const warnings = messages(logLines).filter(
      (line) => line.level === 40 && line.msg.startsWith('SITE_URL is not set'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('0.0.0.0');
    expect(warnings[0]!.msg).toContain('Set SITE_URL');
  });

  it('/open-data says feeds and OCDS are not available without SITE_URL', async () => {
    const html = (await testApp.app.inject({ url: '/open-data' })).body;
    expect(html).toContain('no public address configured (SITE_URL)');
  });
});

describe('a registered OCDS prefix', () => {
  let contentDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    contentDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-content-'));
    cpSync(path.resolve('content'), contentDir, { recursive: true });
    const siteFile = path.join(contentDir, 'site.json');
    const site = JSON.parse(readFileSync(siteFile, 'utf8')) as {
      openData: { ocidPrefix: string };
    };
    site.openData.ocidPrefix = 'ocds-a1b2c3';
    writeFileSync(siteFile, JSON.stringify(site));
    testApp = await createTestApp({ CONTENT_DIR: contentDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(contentDir, { recursive: true, force: true });
  });

  it('brings no start-up warning and no placeholder note', async () => {
    const content = await loadContent(contentDir);
    const config = loadConfig({ CONTENT_DIR: contentDir });
    expect(startupWarnings(config, content, { development: false })).toEqual([]);
    const html = (await testApp.app.inject({ url: '/open-data' })).body;
    expect(html).toContain('<code>ocds-a1b2c3');
    expect(html).not.toContain('placeholder');
  });
});
