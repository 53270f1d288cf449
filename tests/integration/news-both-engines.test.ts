import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import {
  addNews,
  addPicture,
  amendNews,
  deleteNews,
  findNews,
  latestNews,
  listNewsPage,
  listPictureUrls,
  newsHistory,
  publishedNewsIds,
  reseedNews,
  seedNewsOnce,
  staffNewsList,
  withdrawNews,
  type NewsAuthor,
  type RenderedNews,
  type SeedNews,
} from '../../db/news/news-queries.ts';
import type { Html } from '../../shared/content-types.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const SEEDED_AT = '2026-01-01T00:00:00.000Z';
const author = (at: string): NewsAuthor => ({
  actor: 'pio@example.gov.ph',
  address: '192.0.2.3',
  role: 'information',
  at,
});
const seed = (id: string, date: string, title = `Seeded ${id}`): SeedNews => ({
  id,
  title,
  date,
  summary: `${title}.`,
  text: `${title}.`,
  html: `<p>${title}.</p>` as Html,
  picture: {
    alt: `Picture of ${id}`,
    width: 800,
    height: 500,
    variants: { 800: `/media/${id}.webp` },
  },
});
// Ids as content/news.json may give them: numbers past 9 (numeric order, not text) and a word.
const SEEDS = [seed('9', '2025-12-01'), seed('10', '2025-12-02'), seed('intro', '2025-11-01')];
const rendered = (title: string, picture: number, date = '2026-02-01'): RenderedNews => ({
  title,
  date,
  summary: `${title}.`,
  text: `${title}.`,
  html: `<p>${title}.</p>` as Html,
  picture,
  alt: `Alt of ${title}`,
});

describeOnBothEngines('news', (engine, engineName) => {
  let picture = 0;

  it('copies content/news.json once, whichever process asks again', async () => {
    expect(await seedNewsOnce(engine.site(), SEEDS, SEEDED_AT)).toBe(3);
    expect(await seedNewsOnce(engine.another(), SEEDS, SEEDED_AT)).toBeNull();
    expect(await publishedNewsIds(engine.site())).toEqual(['10', '9', 'intro']);
    expect((await findNews(engine.site(), 'intro'))!.picture).toEqual({
      alt: 'Picture of intro',
      width: 800,
      height: 500,
      variants: { 800: '/media/intro.webp' },
    });
  });

  it('adds pictures and items numbered after the highest number, with audit entries', async () => {
    picture = await addPicture(
      engine.site(),
      {
        width: 1200,
        height: 800,
        variants: { 800: '/pictures/a-800.webp', 1200: '/pictures/a-1200.webp' },
        avif: { 800: '/pictures/a-800.avif' },
      },
      author('2026-02-01T01:00:00.000Z'),
    );
    expect(
      await addNews(
        engine.site(),
        rendered('Road clearing', picture),
        author('2026-02-01T02:00:00.000Z'),
      ),
    ).toEqual({ ok: true, id: '11' });
    expect(
      await addNews(
        engine.another(),
        rendered('Vaccination', picture, '2026-02-03'),
        author('2026-02-01T03:00:00.000Z'),
      ),
    ).toEqual({ ok: true, id: '12' });
    expect(
      await addNews(
        engine.site(),
        rendered('No picture', 9999),
        author('2026-02-01T03:00:00.000Z'),
      ),
    ).toMatchObject({ ok: false, status: 400, code: 'NO_SUCH_PICTURE', field: 'picture' });
    const stored = (await findNews(engine.another(), '11'))!;
    expect(stored).toMatchObject({
      title: 'Road clearing',
      html: '<p>Road clearing.</p>',
      pictureId: picture,
      status: 'published',
      version: 1,
      withdrawn: null,
      picture: {
        alt: 'Alt of Road clearing',
        width: 1200,
        avif: { 800: '/pictures/a-800.avif' },
      },
    });
    const audit = await listAudit(engine.site(), { limit: 10 });
    expect(audit.slice(0, 3).map((entry) => [entry.action, entry.detail])).toEqual([
      ['news-added', { id: '12', title: 'Vaccination', date: '2026-02-03', role: 'information' }],
      ['news-added', { id: '11', title: 'Road clearing', date: '2026-02-01', role: 'information' }],
      ['picture-uploaded', { id: picture, width: 1200, height: 800, role: 'information' }],
    ]);
  });

  it('pages, lists and feeds published items newest first', async () => {
    const page = await listNewsPage(engine.site(), 1);
    expect(page).toMatchObject({ page: 1, pages: 1, total: 5 });
    expect(page.items.map((item) => item.id)).toEqual(['12', '11', '10', '9', 'intro']);
    expect((await listNewsPage(engine.site(), 2)).items).toEqual([]);
    expect((await latestNews(engine.site(), 2)).map((item) => item.id)).toEqual(['12', '11']);
  });

  it('amends against the version, withdraws and deletes, each with history and audit', async () => {
    expect(
      await amendNews(
        engine.site(),
        '11',
        { values: rendered('Road clearing done', picture), reason: 'Finished', version: 1 },
        author('2026-02-02T00:00:00.000Z'),
      ),
    ).toEqual({ ok: true, id: '11' });
    expect(
      await amendNews(
        engine.another(),
        '11',
        { values: rendered('Stale', picture), reason: 'Late', version: 1 },
        author('2026-02-02T00:00:00.000Z'),
      ),
    ).toMatchObject({ ok: false, status: 409, code: 'CHANGED_MEANWHILE', field: 'version' });
    expect(await newsHistory(engine.site(), '11')).toEqual([
      {
        version: 2,
        at: '2026-02-02T00:00:00.000Z',
        action: 'amended',
        reason: 'Finished',
        changes: [
          { field: 'title', before: 'Road clearing', after: 'Road clearing done' },
          { field: 'summary', before: 'Road clearing.', after: 'Road clearing done.' },
          { field: 'text', before: 'Road clearing.', after: 'Road clearing done.' },
          { field: 'alt', before: 'Alt of Road clearing', after: 'Alt of Road clearing done' },
        ],
      },
    ]);
    expect(
      await withdrawNews(engine.site(), '12', 'Wrong date', author('2026-02-03T00:00:00.000Z')),
    ).toEqual({ ok: true, id: '12' });
    expect(
      await withdrawNews(engine.site(), '12', 'Again', author('2026-02-03T00:00:00.000Z')),
    ).toMatchObject({ ok: false, status: 409, code: 'ALREADY_WITHDRAWN' });
    expect((await findNews(engine.site(), '12'))!).toMatchObject({
      status: 'withdrawn',
      version: 2,
      withdrawn: { at: '2026-02-03T00:00:00.000Z', reason: 'Wrong date' },
    });
    expect(await publishedNewsIds(engine.site())).toEqual(['11', '10', '9', 'intro']);
    expect((await staffNewsList(engine.site(), 10)).map((item) => item.id)).toEqual([
      '12',
      '11',
      '10',
      '9',
      'intro',
    ]);
    expect(
      await deleteNews(engine.site(), '9', 'Posted by mistake', author('2026-02-04T00:00:00.000Z')),
    ).toEqual({ ok: true, id: '9' });
    expect(
      await deleteNews(engine.site(), '9', 'Again', author('2026-02-04T00:00:00.000Z')),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await findNews(engine.another(), '9')).toBeUndefined();
    // The seeded picture went with the item; the uploaded one stays.
    expect(await listPictureUrls(engine.site())).toEqual([
      '/media/10.webp',
      '/media/intro.webp',
      '/pictures/a-800.webp',
      '/pictures/a-1200.webp',
      '/pictures/a-800.avif',
    ]);
    const audit = await listAudit(engine.site(), { limit: 3 });
    expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([
      [
        'news-deleted',
        {
          id: '9',
          title: 'Seeded 9',
          version: 1,
          reason: 'Posted by mistake',
          role: 'information',
        },
      ],
      ['news-withdrawn', { id: '12', version: 2, reason: 'Wrong date', role: 'information' }],
      [
        'news-amended',
        {
          id: '11',
          version: 2,
          reason: 'Finished',
          fields: ['title', 'summary', 'text', 'alt'],
          role: 'information',
        },
      ],
    ]);
  });

  it('reseeds in one transaction: a failing copy leaves every item and picture as it was', async () => {
    const pictures = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM pictures`.execute(engine.site().db))
          .rows[0]!.n,
      );
    const before = await pictures();
    await expect(
      reseedNews(
        engine.site(),
        // '10' changed (removed first), then a new item whose date breaks the table's check.
        [seed('10', '2025-12-02', 'Changed'), seed('intro', '2025-11-01'), seed('20', '2026-1-5')],
        '2026-03-01T00:00:00.000Z',
        'operator',
      ),
    ).rejects.toThrow();
    expect((await findNews(engine.site(), '10'))!.title).toBe('Seeded 10');
    expect(await pictures()).toBe(before);
    const reseeded = await reseedNews(
      engine.site(),
      [seed('10', '2025-12-02', 'Changed'), seed('intro', '2025-11-01'), seed('20', '2026-01-05')],
      '2026-03-01T00:00:00.000Z',
      'operator',
    );
    expect(reseeded).toEqual({ removed: ['10'], copied: 2 });
    expect((await findNews(engine.site(), '10'))!.title).toBe('Changed');
    expect(await publishedNewsIds(engine.site())).toEqual(['11', '20', '10', 'intro']);
    const [audit] = await listAudit(engine.site(), { limit: 1 });
    expect(audit).toMatchObject({
      action: 'news-reseeded',
      actor: 'operator',
      detail: { removed: ['10'], copied: 2 },
    });
    expect(
      await reseedNews(
        engine.another(),
        [
          seed('10', '2025-12-02', 'Changed'),
          seed('intro', '2025-11-01'),
          seed('20', '2026-01-05'),
        ],
        '2026-03-02T00:00:00.000Z',
        'operator',
      ),
    ).toEqual({ removed: [], copied: 0 });
  });

  if (engineName === 'postgres') {
    it('numbers two processes’ new items one after the other, and lets one of two amendments of a version through', async () => {
      const added = await Promise.all([
        addNews(
          engine.site(),
          rendered('First at once', picture),
          author('2026-04-01T00:00:00.000Z'),
        ),
        addNews(
          engine.another(),
          rendered('Second at once', picture),
          author('2026-04-01T00:00:00.000Z'),
        ),
      ]);
      expect(added.map((outcome) => outcome.ok && outcome.id).sort()).toEqual(['21', '22']);
      const amend = (site: ReturnType<typeof engine.site>, title: string) =>
        amendNews(
          site,
          '21',
          { values: rendered(title, picture), reason: 'Retitled', version: 1 },
          author('2026-04-02T00:00:00.000Z'),
        );
      const outcomes = await Promise.all([
        amend(engine.site(), 'One'),
        amend(engine.another(), 'Two'),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ code: 'CHANGED_MEANWHILE' });
      expect((await newsHistory(engine.site(), '21')).map((entry) => entry.version)).toEqual([2]);
    });
  }
});
