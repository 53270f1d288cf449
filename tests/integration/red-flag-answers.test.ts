import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { auditDetails } from '../helpers/audit-details.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';
import { postForm } from '../helpers/refused-form.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { invitationProject, postJson, projectReads } from '../helpers/project-api.ts';
import { loadContent } from '../../server/content/load.ts';
import { answersOfProjects, flagAnswerKey } from '../../db/red-flags/flag-answers.ts';

const CONTENT = await loadContent(resolve('content'));
const PREFIX = CONTENT.site.openData.ocidPrefix;

describe('the BAC answers a red flag (issue 35)', () => {
  // 1 March 2026, 10:00 in Manila: an invitation posted now and opened on the 3rd is short.
  const clock = testClock('2026-03-01T02:00:00.000Z');
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' }, { clock });
  let bac: ApiVisitor;
  let news: ApiVisitor;
  let counter = 0;

  const post = postJson;
  const answerUrl = (ocid: string, indicator: string) =>
    `/api/procurements/${encodeURIComponent(ocid)}/flags/${indicator}/answer`;
  const { detail, page } = projectReads(testApp);
  const count = async (action: string) => (await auditDetails(testApp.site, action)).length;

  /** A new project from an invitation to bid opened on `closing` (Manila). */
  async function project(closing: string): Promise<string> {
    counter += 1;
    return invitationProject(bac, PREFIX, {
      number: `ITB-2026-F${counter}`,
      title: `Flagged project ${counter}`,
      abc: '1,000,000.00',
      closing,
    });
  }

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.flags@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    ({ visitor: news } = await signedInStaff(
      testApp,
      'info.flags@san-isidro.gov.ph',
      'a long info passphrase',
      ['information'],
    ));
  });

  it('answers through the API, then corrects with a reason; the page and the API show both wordings', async () => {
    const ocid = await project('2026-03-03T10:00');
    expect((await detail(ocid)).flags).toEqual([
      expect.objectContaining({ indicator: 'short-posting', answer: null }),
    ]);
    const answered = await post(bac, answerUrl(ocid, 'short-posting'), {
      text: 'The bid opening was moved earlier at the request of the barangay; see the bid bulletin.',
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toEqual({
      indicator: 'short-posting',
      corrected: false,
      answer: {
        text: 'The bid opening was moved earlier at the request of the barangay; see the bid bulletin.',
        answered: '2026-03-01T02:00:00.000Z',
        history: [],
      },
    });
    expect(await count('flag-answered')).toBe(1);

    clock.advance(60_000);
    const unreasoned = await post(bac, answerUrl(ocid, 'short-posting'), { text: 'Another' });
    expect(unreasoned.statusCode).toBe(400);
    expect(unreasoned.json()).toMatchObject({
      code: 'INVALID_INPUT',
      errors: { reason: 'Fill this in.' },
    });

    const corrected = await post(bac, answerUrl(ocid, 'short-posting'), {
      text: 'The bid opening was moved earlier; bid bulletin no. 1 says why.',
      reason: 'Named the bulletin',
    });
    expect(corrected.statusCode).toBe(200);
    expect(await count('flag-answer-corrected')).toBe(1);
    const entry = await testApp.site.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'flag-answer-corrected')
      .executeTakeFirstOrThrow();
    expect(entry.actor).toBe('bac.flags@san-isidro.gov.ph');
    expect(JSON.parse(entry.detail)).toMatchObject({
      indicator: 'short-posting',
      reason: 'Named the bulletin',
      role: 'bac',
    });

    const flags = (await detail(ocid)).flags;
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      indicator: 'short-posting',
      answer: {
        text: 'The bid opening was moved earlier; bid bulletin no. 1 says why.',
        answered: '2026-03-01T02:01:00.000Z',
        history: [
          {
            text: 'The bid opening was moved earlier at the request of the barangay; see the bid bulletin.',
            answered: '2026-03-01T02:00:00.000Z',
          },
        ],
      },
    });
    const shown = await page(ocid);
    expect(shown).toContain('Little time to prepare bids');
    expect(shown).toContain('Answer of the Bids and Awards Committee, ');
    expect(shown).toContain('bid bulletin no. 1 says why.');
    expect(shown).toContain('Earlier wordings (1)');
    expect(shown).toContain('at the request of the barangay');
    expect(shown).not.toContain('Named the bulletin');
    expect(await page(ocid, '/fil')).toContain('Sagot ng Bids and Awards Committee, ');

    // Many projects at once, as the flags' year list reads them.
    const projectId = (await scalar(
      testApp.site,
      'SELECT project_id FROM red_flag_answers LIMIT 1',
    )) as number;
    const many = await answersOfProjects(testApp.site, [projectId, 999_999]);
    expect([...many.keys()]).toEqual([flagAnswerKey(projectId, 'short-posting')]);
    expect(many.get(`${projectId}\u0000short-posting`)?.history).toHaveLength(1);
  });

  it('refuses the signed out, other roles, an unknown indicator, a flag not raised and an empty answer', async () => {
    const ocid = await project('2026-03-04T10:00');
    const quiet = await project('2026-03-30T10:00');
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: answerUrl(ocid, 'short-posting'),
      payload: { text: 'No' },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrongRole = await post(news, answerUrl(ocid, 'short-posting'), { text: 'No' });
    expect([wrongRole.statusCode, wrongRole.json().code]).toEqual([403, 'NOT_PERMITTED']);
    const unknown = await post(bac, answerUrl(ocid, 'favouritism'), { text: 'No' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_INDICATOR']);
    const notRaised = await post(bac, answerUrl(quiet, 'short-posting'), { text: 'No' });
    expect([notRaised.statusCode, notRaised.json().code]).toEqual([409, 'FLAG_NOT_RAISED']);
    const otherNotRaised = await post(bac, answerUrl(ocid, 'single-bidder'), { text: 'No' });
    expect(otherNotRaised.json().code).toBe('FLAG_NOT_RAISED');
    const noProject = await post(
      bac,
      answerUrl(`${PREFIX}-public_bidding-99999`, 'short-posting'),
      {
        text: 'No',
      },
    );
    expect([noProject.statusCode, noProject.json().code]).toEqual([404, 'NO_SUCH_PROJECT']);
    const blank = await post(bac, answerUrl(ocid, 'short-posting'), { text: '   ' });
    expect([blank.statusCode, blank.json().code]).toEqual([400, 'INVALID_INPUT']);
    const long = await post(bac, answerUrl(ocid, 'short-posting'), { text: 'x'.repeat(2001) });
    expect([long.statusCode, long.json().code]).toEqual([400, 'INVALID_INPUT']);
    const extra = await post(bac, answerUrl(ocid, 'short-posting'), { text: 'Yes', by: 'me' });
    expect(extra.statusCode).toBe(400);

    const path = `/staff/procurement/${encodeURIComponent(ocid)}/flags`;
    const otherRole = await postForm(news, path, { indicator: 'short-posting', text: 'No' });
    expect(String(otherRole.headers.location)).toContain('result=NOT_PERMITTED');
    const signedOut = await new ApiVisitor(testApp.app).postForm(path, {
      indicator: 'short-posting',
      text: 'No',
    });
    expect(signedOut.statusCode).toBe(303);
    expect(String(signedOut.headers.location)).not.toContain('result=answered');
    expect(await count('flag-answered')).toBe(1);
    expect((await detail(ocid)).flags[0]!.answer).toBeNull();
    expect(await scalar(testApp.site, 'SELECT count(*) FROM red_flag_answers')).toBe(2);
  });

  it('the staff page answers and corrects without JavaScript, in either language, keeping what was typed when refused', async () => {
    const ocid = await project('2026-03-05T10:00');
    const path = `/staff/procurement/${encodeURIComponent(ocid)}/flags`;
    const list = await bac.request({ method: 'GET', url: '/staff/procurement' });
    expect(list.body).toContain(`href="${path}"`);
    const shown = await bac.request({ method: 'GET', url: `/fil${path}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('I-publish ang sagot');
    expect((await news.request({ method: 'GET', url: path })).statusCode).toBe(403);

    const refused = await postForm(bac, `/fil${path}`, { indicator: 'short-posting', text: ' ' });
    const back = String(refused.headers.location);
    expect(back.startsWith(`/fil${path}?result=INVALID_INPUT`)).toBe(true);
    expect((await bac.request({ method: 'GET', url: back })).body).toContain('Punan ito.');

    const unknown = await postForm(bac, path, { indicator: 'favouritism', text: 'Fine' });
    expect(String(unknown.headers.location)).toContain('result=UNKNOWN_INDICATOR');
    const told = await bac.request({ method: 'GET', url: String(unknown.headers.location) });
    expect(told.body).toContain('There is no such red flag.');

    const answered = await postForm(bac, path, {
      indicator: 'short-posting',
      text: 'Posted late because the\nPhilGEPS site was down.',
    });
    expect([answered.statusCode, answered.headers.location]).toEqual([
      303,
      `${path}?result=answered&indicator=short-posting`,
    ]);
    const after = await bac.request({ method: 'GET', url: String(answered.headers.location) });
    expect(after.body).toContain('Answered. The project page shows it under the flag.');
    expect(after.body).toContain('Reason for the correction');

    const noReason = await postForm(bac, path, { indicator: 'short-posting', text: 'Changed' });
    const noReasonBack = String(noReason.headers.location);
    expect(noReasonBack).toContain('result=INVALID_INPUT');
    expect(noReasonBack).toContain('p_reason=required');
    const again = await bac.request({ method: 'GET', url: noReasonBack });
    expect(again.body).toContain('Changed</textarea>');

    const corrected = await postForm(bac, path, {
      indicator: 'short-posting',
      text: 'Posted late: the PhilGEPS site was down for two days.',
      reason: 'Said how long',
    });
    expect(String(corrected.headers.location)).toContain('result=corrected');
    expect((await detail(ocid)).flags[0]!.answer).toMatchObject({
      text: 'Posted late: the PhilGEPS site was down for two days.',
      history: [{ text: 'Posted late because the\nPhilGEPS site was down.' }],
    });
    const publicPage = await page(ocid);
    expect(publicPage).toContain('the PhilGEPS site was down for two days.');
    expect(publicPage).not.toContain('/flags"');
  });
});
