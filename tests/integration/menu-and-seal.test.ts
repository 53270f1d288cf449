import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { useTestApp, withTestApp } from '../helpers/test-app.ts';

const contentDir = path.resolve('content');

/** Content files are edited as loosely typed JSON on purpose: the tests write what a careless editor might. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function editJson(dir: string, file: string, change: (data: Json) => void) {
  const full = path.join(dir, file);
  const data = JSON.parse(await readFile(full, 'utf8')) as Json;
  change(data);
  await writeFile(full, JSON.stringify(data));
}

describe('the menu and the Transparency Seal page as served', () => {
  const testApp = useTestApp();

  it('every page links the header seal to /transparency-seal', async () => {
    for (const url of ['/', '/history', '/notice-of-award']) {
      const page = await testApp.app.inject({ url });
      expect(page.body, url).toMatch(
        /<a class="transparency-seal-link" href="\/transparency-seal"[^>]*><img class="transparency-seal" src="\/media\/transparency-seal\.svg" alt="Transparency Seal"/,
      );
    }
  });

  it('the Transparency menu offers Full Disclosure, Transparency Seal and Financial Report', async () => {
    const home = (await testApp.app.inject({ url: '/' })).body;
    const group = /<summary class="menu-link">Transparency<[\s\S]*?<\/ul>/.exec(home)?.[0] ?? '';
    const links = [...group.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map(([, href, title]) => [
      title,
      href,
    ]);
    expect(links).toEqual([
      ['Full Disclosure', '/full-disclosure'],
      ['Transparency Seal', '/transparency-seal'],
      ['Financial Report', '/accounting'],
    ]);
  });

  it('/transparency-seal lists every prescribed item, each linking to the pages that hold it', async () => {
    const page = await testApp.app.inject({ url: '/transparency-seal' });
    expect(page.statusCode).toBe(200);
    const headings = [...page.body.matchAll(/<li class="card seal-item"><h2>([^<]+)<\/h2>/g)].map(
      ([, title]) => title,
    );
    expect(headings).toEqual([
      'Agency mandate and functions',
      'Officials and contacts',
      'Approved budget and targets',
      'Budget modifications',
      'Annual procurement plan and contracts awarded',
      'Major programs and beneficiaries',
      'Status of implementation',
      'Budget and financial accountability reports',
      'Freedom of Information manual and reports',
      'Retained income',
    ]);
    for (const href of ['/accounting', '/full-disclosure', '/local-officials', '/notice-of-award'])
      expect(page.body).toContain(`href="${href}"`);
  });
});

describe('menu and seal links in content', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-content-'));
    await cp(contentDir, dir, { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a municipality changes its menu in content/menu.json, external links included', async () => {
    await editJson(dir, 'menu.json', (menu) => {
      menu[1].items.push({ title: 'Barangay Profiles', href: '/development-office' });
      menu.splice(3, 0, { kind: 'link', title: 'PhilGEPS', href: 'https://www.philgeps.gov.ph/' });
    });
    await withTestApp({ CONTENT_DIR: dir }, async (edited) => {
      const home = (await edited.app.inject({ url: '/festival' })).body;
      expect(home).toMatch(/href="\/development-office"[^>]*>Barangay Profiles<\/a>/);
      expect(home).toContain(
        '<a href="https://www.philgeps.gov.ph/" class="menu-link" target="_blank" rel="noopener noreferrer">PhilGEPS<!-- --> <span class="visually-hidden">(opens in a new tab)</span></a>',
      );
    });
  });

  it('a menu link to a page the site does not have stops start-up, naming the entry and the path', async () => {
    await editJson(dir, 'menu.json', (menu) => {
      menu[4].items[2].href = '/financial-reports';
    });
    const failure = loadContent(dir);
    await expect(failure).rejects.toThrow(`Content file ${path.join(dir, 'menu.json')} is invalid`);
    await expect(failure).rejects.toThrow(
      'entry 5 ("Transparency"), entry 3 ("Financial Report") of "items", field "href": /financial-reports is not a page of this site',
    );
  });

  it('a menu link that is neither a site path nor an http(s) URL is refused', async () => {
    await editJson(dir, 'menu.json', (menu) => {
      menu[0].href = 'javascript:alert(1)';
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /menu\.json is invalid: entry 1 \("Home"\), field "href": must be a site path such as \/history or an http\(s\) URL/,
    );
  });

  it('a menu entry of an unknown kind is refused', async () => {
    await editJson(dir, 'menu.json', (menu) => {
      menu[3].kind = 'page';
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /menu\.json is invalid: entry 4 \("News"\), field "kind": must have "kind": "link", "group" or "charter"/,
    );
  });

  it('a Transparency Seal link to a missing page stops start-up', async () => {
    await editJson(dir, 'transparency-seal.json', (seal) => {
      seal.items[1].links[0].href = '/officials';
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /transparency-seal\.json is invalid: entry 2 \("Officials and contacts"\) of "items", entry 1 \("Local Officials"\) of "links", field "href": \/officials is not a page of this site/,
    );
  });

  it('a Transparency Seal link must stay on this site', async () => {
    await editJson(dir, 'transparency-seal.json', (seal) => {
      seal.items[0].links[0].href = 'https://www.dilg.gov.ph/';
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /transparency-seal\.json is invalid: entry 1 \("Agency mandate and functions"\) of "items", entry 1 \("History, vision and mission"\) of "links", field "href": must be a site path such as \/history/,
    );
  });

  it('a Transparency Seal item without links is refused', async () => {
    await editJson(dir, 'transparency-seal.json', (seal) => {
      seal.items[9].links = [];
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /entry 10 \("Retained income"\) of "items", field "links": each item must link to the page that holds it/,
    );
  });
});
