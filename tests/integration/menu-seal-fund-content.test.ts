import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { editJson, useCopiedContent } from '../helpers/content-files.ts';
import { useTestApp, withTestApp } from '../helpers/test-app.ts';

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
  const copy = useCopiedContent();

  it('a municipality changes its menu in content/menu.json, external links included', async () => {
    await editJson(copy.dir, 'menu.json', (menu) => {
      menu[1].items.push({ title: 'Barangay Profiles', href: '/development-office' });
      menu.splice(3, 0, { kind: 'link', title: 'PhilGEPS', href: 'https://www.philgeps.gov.ph/' });
    });
    await withTestApp({ CONTENT_DIR: copy.dir }, async (edited) => {
      const home = (await edited.app.inject({ url: '/festival' })).body;
      expect(home).toMatch(/href="\/development-office"[^>]*>Barangay Profiles<\/a>/);
      expect(home).toContain(
        '<a href="https://www.philgeps.gov.ph/" class="menu-link" target="_blank" rel="noopener noreferrer">PhilGEPS<!-- --> <span class="visually-hidden">(opens in a new tab)</span></a>',
      );
    });
  });

  it('a menu link to a page the site does not have stops start-up, naming the entry and the path', async () => {
    await editJson(copy.dir, 'menu.json', (menu) => {
      menu[4].items[2].href = '/financial-reports';
    });
    const failure = loadContent(copy.dir);
    await expect(failure).rejects.toThrow(
      `Content file ${path.join(copy.dir, 'menu.json')} is invalid`,
    );
    await expect(failure).rejects.toThrow(
      'entry 5 ("Transparency"), entry 3 ("Financial Report") of "items", field "href": /financial-reports is not a page of this site',
    );
  });

  it('a menu link that is neither a site path nor an http(s) URL is refused', async () => {
    await editJson(copy.dir, 'menu.json', (menu) => {
      menu[0].href = 'javascript:alert(1)';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /menu\.json is invalid: entry 1 \("Home"\), field "href": must be a site path such as \/history or an http\(s\) URL/,
    );
  });

  it('a menu entry of an unknown kind is refused', async () => {
    await editJson(copy.dir, 'menu.json', (menu) => {
      menu[3].kind = 'page';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /menu\.json is invalid: entry 4 \("News"\), field "kind": must have "kind": "link", "group" or "charter"/,
    );
  });

  it('a Transparency Seal link to a missing page stops start-up', async () => {
    await editJson(copy.dir, 'transparency-seal.json', (seal) => {
      seal.items[1].links[0].href = '/officials';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /transparency-seal\.json is invalid: entry 2 \("Officials and contacts"\) of "items", entry 1 \("Local Officials"\) of "links", field "href": \/officials is not a page of this site/,
    );
  });

  it('a Transparency Seal link must stay on this site', async () => {
    await editJson(copy.dir, 'transparency-seal.json', (seal) => {
      seal.items[0].links[0].href = 'https://www.dilg.gov.ph/';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /transparency-seal\.json is invalid: entry 1 \("Agency mandate and functions"\) of "items", entry 1 \("History, vision and mission"\) of "links", field "href": must be a site path such as \/history/,
    );
  });

  it('a Transparency Seal item without links is refused', async () => {
    await editJson(copy.dir, 'transparency-seal.json', (seal) => {
      seal.items[9].links = [];
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /entry 10 \("Retained income"\) of "items", field "links": each item must link to the page that holds it/,
    );
  });
});

describe('the fund report in content/accounting.json', () => {
  const copy = useCopiedContent();

  it('names each quarter by a day that ends one', async () => {
    await editJson(copy.dir, 'accounting.json', (accounting) => {
      accounting.fundReport.quarters[2].endedOn = 'June 31, 2024';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /accounting\.json is invalid: entry 3 \("June 31, 2024"\) of "fundReport\.quarters", field "endedOn": must be the last day of a quarter: March 31, June 30, September 30 or December 31, written like September 30, 2023/,
    );
  });

  it('names each quarter once', async () => {
    await editJson(copy.dir, 'accounting.json', (accounting) => {
      accounting.fundReport.quarters[1].endedOn = 'September 30, 2023';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /accounting\.json is invalid: field "fundReport\.quarters": must name each quarter once/,
    );
  });

  it('holds one peso amount in each amount cell', async () => {
    await editJson(copy.dir, 'accounting.json', (accounting) => {
      accounting.fundReport.quarters[0].rows[1].amountReceive = 'three million';
    });
    await expect(loadContent(copy.dir)).rejects.toThrow(
      /entry 1 \("September 30, 2023"\) of "fundReport\.quarters", entry 2 of "rows", field "amountReceive": must be one peso amount, like ₱5,000,000\.00, or empty/,
    );
  });
});
