import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../../db/records/record-queries.ts';
import { withdrawRecord } from '../../db/records/record-amendments.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { useTestApp } from '../helpers/test-app.ts';

const svp = kindByCollection('svp')!;

describe('from/to on the list API: Manila days posted', () => {
  const testApp = useTestApp();
  const marker = `dt${Date.now().toString(36)}`;

  /** Records around Manila midnights, far from the demo records' dates. */
  const times = {
    // 2031-03-04 23:59:59 in Manila.
    march4Late: '2031-03-04T15:59:59.999Z',
    // 2031-03-05 00:00 in Manila, still March 4 in UTC.
    march5Start: '2031-03-04T16:00:00.000Z',
    march5Noon: '2031-03-05T04:00:00.000Z',
    // 2031-03-05 23:59 in Manila, March 5 in UTC.
    march5End: '2031-03-05T15:59:00.000Z',
    // 2031-03-06 00:30 in Manila.
    march6Early: '2031-03-05T16:30:00.000Z',
  };

  beforeAll(async () => {
    const { site } = testApp;
    const stored = await insertRecords(
      site,
      svp,
      Object.entries(times).map(([name, iso]) => ({
        values: {
          pr_number: `PR-${name}`,
          project_title: `${name === 'march5Noon' ? 'Bridge' : 'Road'} ${marker}`,
          link: `https://example.org/${name}.pdf`,
        },
        created: new Date(iso),
      })),
    );
    // A withdrawn record inside the range is not listed.
    const withdrawnNow = await insertRecords(site, svp, [
      {
        values: {
          pr_number: 'PR-gone',
          project_title: `Road ${marker}`,
          link: 'https://example.org/g.pdf',
        },
        created: new Date('2031-03-05T05:00:00.000Z'),
      },
    ]);
    for (const { id } of withdrawnNow) {
      await withdrawRecord(site, svp, id, {
        reason: 'posted twice',
        actor: 'test',
        address: null,
      });
    }
    expect(stored).toHaveLength(5);
  });

  async function list(query: string) {
    const response = await testApp.app.inject({ url: `/api/records/svp?${query}` });
    return { status: response.statusCode, body: response.json() };
  }
  const numbers = (body: { items: { pr_number: string }[] }) =>
    body.items.map((item) => item.pr_number);

  it('takes whole Manila days, inclusive at both ends, newest first', async () => {
    const { status, body } = await list('from=2031-03-05&to=2031-03-05');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(numbers(body)).toEqual(['PR-march5End', 'PR-march5Noon', 'PR-march5Start']);
    expect((await list('from=2031-03-04&to=2031-03-06')).body.total).toBe(5);
  });

  it('leaves an end open when only one date is given', async () => {
    expect(numbers((await list('from=2031-03-06')).body)).toEqual(['PR-march6Early']);
    const before = (await list('to=2031-03-04')).body;
    expect(numbers(before)[0]).toBe('PR-march4Late');
    expect(numbers(before)).not.toContain('PR-march5Start');
  });

  it('combines with a search (trigram and short) and with paging', async () => {
    expect(numbers((await list(`q=${marker}&from=2031-03-05&to=2031-03-05`)).body)).toEqual([
      'PR-march5End',
      'PR-march5Noon',
      'PR-march5Start',
    ]);
    expect(numbers((await list(`q=bridge ${marker}&from=2031-03-05&to=2031-03-05`)).body)).toEqual([
      'PR-march5Noon',
    ]);
    expect((await list(`q=bridge ${marker}&from=2031-03-06`)).body.total).toBe(0);
    // Two characters: the scan, not the index.
    expect(numbers((await list('q=Br&from=2031-03-05&to=2031-03-05')).body)).toEqual([
      'PR-march5Noon',
    ]);
    // Ranges that leave out fewer records than the search matches: counted by what they leave out.
    expect((await list(`q=${marker}&from=2000-01-01`)).body.total).toBe(5);
    const upToMarch5 = (await list(`q=${marker}&to=2031-03-05`)).body;
    expect(upToMarch5.total).toBe(4);
    expect(numbers(upToMarch5)).toEqual([
      'PR-march5End',
      'PR-march5Noon',
      'PR-march5Start',
      'PR-march4Late',
    ]);
    const first = (await list(`q=${marker}&from=2031-03-04&to=2031-03-06`)).body;
    const second = (await list(`q=${marker}&from=2031-03-04&to=2031-03-06&page=2`)).body;
    expect(first).toMatchObject({ total: 5, page: 1 });
    expect(first.items).toHaveLength(5);
    expect(second).toMatchObject({ total: 5, page: 2, items: [] });
    const small = (await list(`from=2031-03-04&to=2031-03-06&page=1`)).body;
    expect(numbers(small)).toEqual([
      'PR-march6Early',
      'PR-march5End',
      'PR-march5Noon',
      'PR-march5Start',
      'PR-march4Late',
    ]);
  });

  it.each([
    ['from=2026-13-01', 'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.'],
    ['to=2026-02-30', 'The to date must be a real date written YYYY-MM-DD, like 2026-03-05.'],
    ['from=2026-3-5', 'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.'],
    ['from=yesterday', 'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.'],
    ['from=2026-03-06&to=2026-03-05', 'The from date must not be after the to date.'],
    ['from=2026-03-05&from=2026-03-06', 'Give from and to at most once each.'],
  ])('answers 400 for %s with a message naming the parameter', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

/**
 * Every URL parameter that takes a date or a time, on every route that reads one, goes
 * through the one strict reading in shared/manila-time.ts: a date that does not exist, or
 * a time such as 24:00, is refused with 400 and a message naming the parameter, never
 * rolled over into the next month or day.
 */
describe('impossible dates and times in any URL parameter', () => {
  const testApp = useTestApp({ SITE_URL: 'https://example.org' });

  const impossibleDays = ['2025-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10'];
  const impossibleTimes = [
    '2025-02-30T10:00:00Z',
    '2026-01-31T24:00:00Z',
    '2026-01-31T24:00',
    '2026-01-31T23:60:00Z',
    '2026-01-31T23:59:60Z',
    '2026-01-31T10:00:00+15:00',
    '2026-01-31T10:00:00+08:60',
  ];

  /** The message of a 400, whether the route answers JSON, text or a page. */
  function messageOf(body: string, type: string | undefined): string {
    if (type?.startsWith('application/json'))
      return (JSON.parse(body) as { message: string }).message;
    if (type?.startsWith('text/html')) {
      return /<div class="record-error" role="alert"><p>([^<]*)<\/p>/.exec(body)?.[1] ?? '';
    }
    return body;
  }

  it('answers 400 naming from or to, on the list API, pages, downloads and feeds', async () => {
    const wrong: string[] = [];
    for (const path of [
      '/api/records/svp',
      svp.route,
      `${svp.route}.csv`,
      `${svp.route}.json`,
      `${svp.route}.atom`,
      '/procurement.atom',
    ]) {
      for (const name of ['from', 'to']) {
        for (const day of impossibleDays) {
          const url = `${path}?${name}=${day}`;
          const response = await testApp.app.inject({ url });
          const type = response.headers['content-type'];
          const message = messageOf(response.body, typeof type === 'string' ? type : undefined);
          if (response.statusCode !== 400 || !message.includes(`The ${name} date`)) {
            wrong.push(`${url}: ${response.statusCode} ${message.slice(0, 80)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 naming since on /ocds/releases.json', async () => {
    for (const since of [...impossibleDays, ...impossibleTimes]) {
      const response = await testApp.app.inject({
        url: `/ocds/releases.json?since=${encodeURIComponent(since)}`,
      });
      expect(response.statusCode, since).toBe(400);
      expect((response.json() as { message: string }).message, since).toMatch(/^since must be/);
    }
  });

  it('still reads a real day from Manila midnight, and a time to the millisecond', async () => {
    for (const [since, iso] of [
      ['2024-02-29', '2024-02-28T16:00:00.000Z'],
      ['2026-01-31T23:59:59Z', '2026-01-31T23:59:59.000Z'],
      ['2026-01-31T08:00', '2026-01-31T00:00:00.000Z'],
      ['2026-01-31T08:00:00.123456789+08:00', '2026-01-31T00:00:00.123Z'],
    ]) {
      const response = await testApp.app.inject({
        url: `/ocds/releases.json?since=${encodeURIComponent(since!)}`,
      });
      expect(response.statusCode, since).toBe(200);
      expect((response.json() as { uri: string }).uri, since).toContain(
        `since=${encodeURIComponent(iso!)}`,
      );
    }
  });
});
