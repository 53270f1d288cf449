import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load.ts';
import { contentDir, editJson } from '../helpers/content-files.ts';
import { useTestApp, withTestApp } from '../helpers/test-app.ts';

describe('content from a copied directory', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-content-'));
    await cp(contentDir, dir, { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('serves what the content files say, Markdown included', async () => {
    await editJson(dir, 'tourist-destinations.json', (data) => {
      data.destinations[2].title = 'Talon ng Bagong Pag-asa';
    });
    await writeFile(
      path.join(dir, 'history.md'),
      '## Founded by the river\n\nA *changed* history.\n',
    );
    await withTestApp({ CONTENT_DIR: dir }, async (testApp) => {
      const tourism = await testApp.app.inject({ url: '/tourist-destination' });
      expect(tourism.body).toContain('<h2>Talon ng Bagong Pag-asa</h2>');
      expect(tourism.body).not.toContain('<h2>Malinao River Bamboo Raft Ride</h2>');
      const history = await testApp.app.inject({ url: '/history' });
      expect(history.body).toContain('<h2>Founded by the river</h2>');
      expect(history.body).toContain('A <em>changed</em> history.');
      const api = await testApp.app.inject({ url: '/api/content/parts/touristDestinations' });
      expect(api.json().destinations[2].title).toBe('Talon ng Bagong Pag-asa');
    });
  });

  it('a broken entry stops loading with the file, the entry and the field named', async () => {
    await editJson(dir, 'tourist-destinations.json', (data) => {
      data.destinations[2].contactNumbers = [];
    });
    const failure = loadContent(dir);
    await expect(failure).rejects.toThrow(path.join(dir, 'tourist-destinations.json'));
    await expect(failure).rejects.toThrow(
      'entry 3 ("Malinao River Bamboo Raft Ride") of "destinations", field "contactNumbers"',
    );
  });

  it('the server refuses to start on a broken content file and says where the problem is', async () => {
    await editJson(dir, 'officials.json', (data) => {
      data.officials[1].title = '   ';
    });
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/start-server.ts'], {
      env: {
        ...process.env,
        CONTENT_DIR: dir,
        DATA_DIR: dir,
        PORT: '4399',
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`Content file ${path.join(dir, 'officials.json')} is invalid`);
    expect(started.stderr).toContain(
      'entry 2 ("Hon. Ramon C. Bautista") of "officials", field "title": must not be empty',
    );
  });

  it('a misspelt fund report column is an error, not a blank cell', async () => {
    await editJson(dir, 'accounting.json', (data) => {
      const row = data.fundReport.quarters[3].rows[0];
      row.estimatedPeriodd = row.estimatedPeriod;
      delete row.estimatedPeriod;
    });
    const failure = loadContent(dir);
    await expect(failure).rejects.toThrow(/accounting\.json is invalid/);
    await expect(failure).rejects.toThrow(
      /entry 4 \("September 30, 2024"\) of "fundReport\.quarters", entry 1 of "rows", field "estimatedPeriod"/,
    );
  });

  it('a picture whose file is missing is named with its field', async () => {
    await rm(path.join(dir, 'media', 'officials', 'official-5-240.webp'));
    await expect(loadContent(dir)).rejects.toThrow(
      /officials\.json is invalid: entry 5 \("Hon\. Ernesto D\. Lacson"\) of "officials", field "photo\.variants\.240": \/media\/officials\/official-5-240\.webp does not exist/,
    );
  });

  it('a missing AVIF file is named with its field like any other', async () => {
    await rm(path.join(dir, 'media', 'news', 'news-2-800.avif'));
    await expect(loadContent(dir)).rejects.toThrow(
      /news\.json is invalid: entry 2 \("[^"]+"\), field "picture\.avif\.800": \/media\/news\/news-2-800\.avif does not exist/,
    );
  });

  it('AVIF files must come in the same widths as the others', async () => {
    await editJson(dir, 'home.json', (data) => {
      delete data.awards[1].image.avif['320'];
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /home\.json is invalid: entry 2 \("2nd in Innovation"\) of "awards", field "image\.avif": must list the same widths as "variants"/,
    );
  });

  it('pictures may leave out AVIF: the page offers their other files alone', async () => {
    await editJson(dir, 'home.json', (data) => {
      delete data.awards[1].image.avif;
    });
    await withTestApp({ CONTENT_DIR: dir }, async (testApp) => {
      const home = (await testApp.app.inject({ url: '/' })).body;
      expect(home).toContain('srcSet="/media/awards/award-1-320.avif 320w');
      expect(home).not.toContain('/media/awards/award-2-320.avif');
      expect(home).toMatch(
        /<li class="card award-card"><img [^>]*src="\/media\/awards\/award-2-640\.webp"/,
      );
    });
  });

  it('an empty Markdown article is refused', async () => {
    await writeFile(path.join(dir, 'festival.md'), '  \n');
    await expect(loadContent(dir)).rejects.toThrow(
      /festival\.md is invalid: the whole file: must not be empty/,
    );
  });

  it('the wrong number of slides is refused', async () => {
    await editJson(dir, 'home.json', (data) => {
      data.slides.pop();
    });
    await expect(loadContent(dir)).rejects.toThrow(
      /home\.json is invalid: field "slides": must have exactly 3 slides/,
    );
  });
});

describe('the content API', () => {
  const testApp = useTestApp();

  it('serves content parts by name and 404 for an unknown part', async () => {
    const officials = await testApp.app.inject({ url: '/api/content/parts/officials' });
    expect(officials.json().officials).toHaveLength(13);
    const article = await testApp.app.inject({ url: '/api/content/parts/festivalArticle' });
    expect(article.headers['content-type']).toMatch(/^application\/json/);
    expect(article.json()).toContain('<h2>The harvest thanksgiving</h2>');
    const unknown = await testApp.app.inject({ url: '/api/content/parts/constructor' });
    expect(unknown.statusCode).toBe(404);
  });

  it('renders Markdown on the server and hides department blocks with no text', async () => {
    const news = await testApp.app.inject({ url: '/view-news/1' });
    expect(news.body).toContain('<strong>Pista ng Ani 2025</strong>');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-content-'));
    try {
      await cp(contentDir, dir, { recursive: true });
      await editJson(dir, 'departments.json', (data) => {
        data[1].goal = '';
      });
      await withTestApp({ CONTENT_DIR: dir }, async (edited) => {
        const budget = await edited.app.inject({ url: '/budget-office' });
        expect(budget.body).toContain('>Vision</h2>');
        expect(budget.body).toContain('>Mission</h2>');
        expect(budget.body).not.toContain('>Goal</h2>');
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
