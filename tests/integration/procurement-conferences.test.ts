import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { postForm } from '../helpers/refused-form.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { invitationProject, postJson, projectReads } from '../helpers/project-api.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import { section38Of } from '../../shared/procurement-projects/conference.ts';
import { loadContent } from '../../server/content/load.ts';

const CONTENT = await loadContent(resolve('content'));
const PREFIX = CONTENT.site.openData.ocidPrefix;

describe('RA 12009 section 38: procurement conferences and observers', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let news: ApiVisitor;
  let counter = 0;

  const post = postJson;
  const api = (ocid: string, what: string) =>
    `/api/procurements/${encodeURIComponent(ocid)}/${what}`;
  const { detail, page } = projectReads(testApp);
  const count = async (text: string) => Number(await scalar(testApp.site, text));

  /** A new project from an invitation to bid of ABC `abc`. */
  async function project(abc: string): Promise<string> {
    counter += 1;
    return invitationProject(bac, PREFIX, {
      number: `ITB-2026-3${counter}`,
      title: `Section 38 project ${counter}`,
      abc,
      closing: '2026-03-10T10:00',
    });
  }

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.s38@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.s38@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
  });

  it('reads the thresholds from content: goods 10M, infrastructure 20M, consulting 5M', () => {
    expect(CONTENT.bidsAndAwards.conferenceThresholds).toEqual({
      goods: '10000000.00',
      infrastructure: '20000000.00',
      consulting: '5000000.00',
    });
  });

  it('applies only above the threshold: exactly at it is not above', () => {
    const thresholds = CONTENT.bidsAndAwards.conferenceThresholds;
    expect(section38Of('10000000.00', 'goods', thresholds).applies).toBe('no');
    expect(section38Of('10000000.01', 'goods', thresholds).applies).toBe('yes');
    expect(section38Of('20000000.00', 'infrastructure', thresholds).applies).toBe('no');
    expect(section38Of('20000000.01', 'infrastructure', thresholds).applies).toBe('yes');
    expect(section38Of('5000000.00', 'consulting', thresholds).applies).toBe('no');
    expect(section38Of('5000000.01', 'consulting', thresholds).applies).toBe('yes');
    // Not known: a category not stated, and an ABC that could be above some threshold.
    expect(section38Of('5000000.01', null, thresholds).applies).toBe('unknown');
    expect(section38Of(null, 'goods', thresholds).applies).toBe('unknown');
    // At most every threshold: no category could make it apply.
    expect(section38Of('5000000.00', null, thresholds).applies).toBe('no');
  });

  it('a goods project exactly at ₱10M shows nothing; one centavo above shows the section', async () => {
    const at = await project('10,000,000.00');
    const above = await project('10,000,000.01');
    for (const ocid of [at, above]) {
      expect((await post(bac, api(ocid, 'category'), { category: 'goods' })).statusCode).toBe(201);
    }
    expect((await detail(at)).section38).toEqual({
      applies: 'no',
      category: 'goods',
      threshold: '10000000.00',
    });
    expect(await page(at)).not.toContain('Procurement conferences');
    expect((await detail(above)).section38.applies).toBe('yes');
    const shown = await page(above);
    expect(shown).toContain('Procurement conferences');
    expect(shown).toContain('No procurement conference of this project is posted yet.');
    expect(shown).toContain('No observer invited is posted yet.');
  });

  it('an infrastructure project exactly at ₱20M shows nothing, above it shows the section', async () => {
    const at = await project('20,000,000.00');
    const above = await project('20,000,001.00');
    for (const ocid of [at, above])
      await post(bac, api(ocid, 'category'), { category: 'infrastructure' });
    expect((await detail(at)).section38.applies).toBe('no');
    expect((await detail(above)).section38.applies).toBe('yes');
    expect(await page(at)).not.toContain('Procurement conferences');
    expect(await page(above)).toContain('Procurement conferences');
  });

  it('says the category is not known rather than guessing it', async () => {
    const unknown = await project('12,000,000.00');
    const small = await project('5,000,000.00');
    expect((await detail(unknown)).section38).toEqual({
      applies: 'unknown',
      category: null,
      threshold: null,
    });
    expect(await page(unknown)).toContain('whether RA 12009 section 38');
    expect(await page(unknown, '/fil')).toContain('hindi alam kung saklaw');
    expect((await detail(small)).section38.applies).toBe('no');
    expect(await page(small)).not.toContain('Procurement conferences');
  });

  it('stores a conference and an observer with their audit entries; the page shows the links or "Not posted"', async () => {
    const ocid = await project('25,000,000.00');
    await post(bac, api(ocid, 'category'), { category: 'infrastructure' });
    const audits = await count("SELECT count(*) FROM audit_log WHERE action = 'conference-added'");
    const added = await post(bac, api(ocid, 'conferences'), {
      kind: 'pre-bid',
      date: '2026-02-20',
      livestreamUrl: 'https://www.facebook.com/sanisidro/videos/123',
    });
    expect(added.statusCode).toBe(201);
    const project38 = added.json().project as ProcurementProjectDetail;
    expect(project38.conferences).toEqual([
      {
        id: added.json().id,
        kind: 'pre-bid',
        date: '2026-02-20',
        livestreamUrl: 'https://www.facebook.com/sanisidro/videos/123',
        recordingUrl: null,
        reason: null,
        created: expect.any(String),
        history: [],
      },
    ]);
    expect(await count("SELECT count(*) FROM audit_log WHERE action = 'conference-added'")).toBe(
      Number(audits) + 1,
    );
    const observer = await post(bac, api(ocid, 'observers'), {
      name: 'Maria Santos',
      organisation: 'San Isidro Good Governance Network',
      invited: '2026-02-10',
    });
    expect(observer.statusCode).toBe(201);
    const shown = await page(ocid);
    expect(shown).toContain('href="https://www.facebook.com/sanisidro/videos/123"');
    expect(shown).toContain('Not posted');
    expect(shown).toContain('Maria Santos');
    expect(shown).toContain('San Isidro Good Governance Network');
    expect(await page(ocid, '/fil')).toContain('Hindi naka-post');
  });

  it('takes https links only', async () => {
    const ocid = await project('25,000,000.00');
    const rows = await count('SELECT count(*) FROM project_conferences');
    for (const [url, problem] of [
      ['http://www.facebook.com/live', 'The link must start with https://'],
      ['javascript:alert(1)', 'The link must start with https://'],
      ['www.facebook.com/live', 'Give a whole web address'],
    ] as const) {
      const refused = await post(bac, api(ocid, 'conferences'), {
        kind: 'bid-opening',
        date: '2026-03-10',
        recordingUrl: url,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('INVALID_INPUT');
      expect(refused.json().errors.recordingUrl).toContain(problem);
    }
    expect(await count('SELECT count(*) FROM project_conferences')).toBe(rows);
    await expect(
      sql`INSERT INTO project_conferences (project_id, kind, date, livestream_url, created, actor)
        VALUES (1, 'other', '2026-03-01', 'http://x.example', '2026-03-01T00:00:00.000Z', 'x')`.execute(
        testApp.site.db,
      ),
    ).rejects.toThrow();
  });

  it('refuses an account without the BAC role, and a visitor not signed in', async () => {
    const ocid = await project('25,000,000.00');
    for (const what of ['conferences', 'observers', 'category']) {
      const forbidden = await post(news, api(ocid, what), {});
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('NOT_PERMITTED');
      const anonymous = await testApp.app.inject({
        method: 'POST',
        url: api(ocid, what),
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const form = await news.request({
      method: 'POST',
      url: `/staff/procurement/${encodeURIComponent(ocid)}/conferences`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _csrf: await news.csrfToken(),
        form: 'conference',
        kind: 'pre-bid',
        date: '2026-02-20',
      }).toString(),
    });
    expect(String(form.headers.location)).toContain('result=NOT_PERMITTED');
    expect((await detail(ocid)).conferences).toEqual([]);
    const shown = await news.request({
      method: 'GET',
      url: `/staff/procurement/${encodeURIComponent(ocid)}/conferences`,
    });
    expect(shown.statusCode).toBe(403);
  });

  it('corrects a conference, an observer and the category with a reason, keeping the history', async () => {
    const ocid = await project('25,000,000.00');
    await post(bac, api(ocid, 'category'), { category: 'goods' });
    const noReason = await post(bac, api(ocid, 'category'), { category: 'infrastructure' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Fill this in.');
    const category = await post(bac, api(ocid, 'category'), {
      category: 'infrastructure',
      reason: 'A road, not supplies',
    });
    expect(category.statusCode).toBe(200);
    expect(category.json().corrected).toBe(true);
    const first = await post(bac, api(ocid, 'conferences'), {
      kind: 'bid-opening',
      date: '2026-03-10',
    });
    const id = first.json().id as number;
    const unexplained = await post(bac, api(ocid, 'conferences'), {
      kind: 'bid-opening',
      date: '2026-03-10',
      recordingUrl: 'https://www.youtube.com/watch?v=abc',
      corrects: id,
    });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().errors.reason).toBe('Fill this in.');
    const corrected = await post(bac, api(ocid, 'conferences'), {
      kind: 'bid-opening',
      date: '2026-03-10',
      recordingUrl: 'https://www.youtube.com/watch?v=abc',
      corrects: id,
      reason: 'Recording uploaded',
    });
    expect(corrected.statusCode).toBe(200);
    const project38 = corrected.json().project as ProcurementProjectDetail;
    expect(project38.section38.category).toBe('infrastructure');
    expect(project38.conferences).toHaveLength(1);
    expect(project38.conferences[0]).toMatchObject({
      id,
      recordingUrl: 'https://www.youtube.com/watch?v=abc',
      reason: 'Recording uploaded',
      history: [{ kind: 'bid-opening', date: '2026-03-10', recordingUrl: null, reason: null }],
    });
    expect(
      await count("SELECT count(*) FROM audit_log WHERE action = 'conference-corrected'"),
    ).toBe(1);
    const observer = await post(bac, api(ocid, 'observers'), {
      name: 'Jose Cruz',
      organisation: 'Diocese of San Isidro',
      invited: '2026-02-01',
    });
    const fixed = await post(bac, api(ocid, 'observers'), {
      name: 'José Cruz',
      organisation: 'Diocese of San Isidro',
      invited: '2026-02-01',
      corrects: observer.json().id,
      reason: 'Name misspelt',
    });
    expect(fixed.statusCode).toBe(200);
    expect((fixed.json().project as ProcurementProjectDetail).observers[0]).toMatchObject({
      name: 'José Cruz',
      history: [{ name: 'Jose Cruz' }],
    });
    // A correction names an entry of this project; another project's is no such entry.
    const other = await project('25,000,000.00');
    const elsewhere = await post(bac, api(other, 'conferences'), {
      kind: 'other',
      date: '2026-03-11',
      corrects: id,
      reason: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('NO_SUCH_ENTRY');
    expect(await page(ocid)).toContain('Recording uploaded');
  });

  it('the staff page adds and corrects without JavaScript, in either language, keeping what was typed when refused', async () => {
    const ocid = await project('25,000,000.00');
    const path = `/staff/procurement/${encodeURIComponent(ocid)}/conferences`;
    const shown = await bac.request({ method: 'GET', url: `/fil${path}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('I-save ang conference');
    const form = (url: string, fields: Record<string, string>) => postForm(bac, url, fields);
    const added = await form(path, {
      form: 'conference',
      kind: 'pre-procurement',
      date: '2026-01-15',
      livestreamUrl: 'https://www.facebook.com/sanisidro/live',
      recordingUrl: '',
    });
    expect([added.statusCode, added.headers.location]).toEqual([303, `${path}?result=added`]);
    const refused = await form(`/fil${path}`, {
      form: 'observer',
      name: 'Ana Reyes',
      organisation: '',
      invited: '2026-13-01',
    });
    const back = String(refused.headers.location);
    expect(back.startsWith(`/fil${path}?result=INVALID_INPUT`)).toBe(true);
    const again = await bac.request({ method: 'GET', url: back });
    expect(again.body).toContain('value="Ana Reyes"');
    expect(again.body).toContain('Punan ito.');
    const id = (await detail(ocid)).conferences[0]!.id;
    const corrected = await form(path, {
      form: 'conference',
      corrects: String(id),
      kind: 'pre-procurement',
      date: '2026-01-16',
      livestreamUrl: 'https://www.facebook.com/sanisidro/live',
      reason: 'Held a day later',
    });
    expect(corrected.headers.location).toBe(`${path}?result=corrected`);
    expect((await detail(ocid)).conferences[0]).toMatchObject({
      date: '2026-01-16',
      history: [{ date: '2026-01-15' }],
    });
  });
});
