import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { pathInLang } from '../../shared/i18n/languages.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { multipart } from '../helpers/multipart.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'carabao crossing the rice terraces';
const reports = kindByCollection('reports')!;
const report = {
  title: 'Annual Procurement Plan 2027',
  report_description: 'Consolidated plan of all offices',
  link: 'https://example.org/app-2027.pdf',
};

/** The plain refusal page: the account's navigation and why, without the desk's forms or records. */
function expectRefusalPage(html: string, refusal: string) {
  expect(html).toContain(escapeHtml(refusal));
  expect(html).not.toContain('name="form_key"');
  expect(html).not.toContain('id="recent-records-heading"');
}

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;');

let accounts = 0;

describe('procurement needs the BAC role, for reads as for writes', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  /** A report stored by a BAC account, for the other roles to try to change. */
  async function storedReport(): Promise<number> {
    const { visitor } = await signedInStaff(testApp, `desk${++accounts}@example.gov.ph`, PASSWORD);
    const added = await visitor.request({
      method: 'POST',
      url: `/api/records/${reports.collection}`,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload: report,
    });
    expect(added.statusCode).toBe(201);
    return (added.json() as { id: number }).id;
  }

  const forbiddenCount = async () =>
    (await listAudit(testApp.site, { limit: 1000, action: 'forbidden' })).length;

  it.each(['information', 'transparency'] as const)(
    'refuses the %s role every procurement write, JSON and no-JavaScript form alike, audited with the role needed',
    async (role) => {
      const email = `${role}${++accounts}@example.gov.ph`;
      const { visitor } = await signedInStaff(testApp, email, PASSWORD, [role]);
      const id = await storedReport();
      const token = await visitor.csrfToken();
      const headers = { 'x-csrf-token': token };
      const upload = await multipart([
        { name: '_csrf', value: token },
        {
          name: 'file',
          value: { bytes: Buffer.from('%PDF-1.4\n'), fileName: 'a.pdf', type: 'application/pdf' },
        },
      ]);
      const recordUrl = `/api/records/${reports.collection}/${id}`;
      const attempts: Record<string, () => Promise<LightMyRequestResponse>> = {
        'add (JSON)': () =>
          visitor.request({
            method: 'POST',
            url: `/api/records/${reports.collection}`,
            headers,
            payload: report,
          }),
        'amend (JSON)': () =>
          visitor.request({
            method: 'PATCH',
            url: recordUrl,
            headers,
            payload: { fields: { title: 'x' }, reason: 'typo', version: 1 },
          }),
        'withdraw (JSON)': () =>
          visitor.request({
            method: 'POST',
            url: `${recordUrl}/withdrawal`,
            headers,
            payload: { reason: 'Posted twice by mistake' },
          }),
        'upload (JSON)': () =>
          visitor.request({
            method: 'POST',
            url: '/api/documents',
            headers: { ...headers, 'content-type': upload.contentType },
            payload: upload.body,
          }),
      };
      for (const [what, attempt] of Object.entries(attempts)) {
        const before = await forbiddenCount();
        const response = await attempt();
        expect({ what, status: response.statusCode }).toEqual({ what, status: 403 });
        expect(response.json()).toMatchObject({
          statusCode: 403,
          error: 'Forbidden',
          code: 'NOT_PERMITTED',
        });
        expect(response.json().message).toContain('BAC');
        expect({ what, audited: (await forbiddenCount()) - before }).toEqual({ what, audited: 1 });
      }

      // The same writes as a browser without JavaScript sends them, in both languages: the
      // page answers 403 with its refusal in the page's words, and no form to send again.
      for (const [lang, refusal] of [
        ['en', staffEn['staff.input.noBacRole']],
        ['fil', staffFil['staff.input.noBacRole']],
      ] as const) {
        const page = pathInLang('/bac-input', lang);
        const forms: Record<string, [string, string][]> = {
          add: [['type', reports.value], ...Object.entries(report)],
          amend: [
            ['intent', 'amend'],
            ['collection', reports.collection],
            ['id', String(id)],
            ['version', '1'],
            ['title', 'Changed by the wrong role'],
            ['reason', 'Trying another role’s work'],
          ],
          withdraw: [
            ['intent', 'withdraw'],
            ['collection', reports.collection],
            ['id', String(id)],
            ['reason', 'Trying another role’s work'],
          ],
        };
        for (const [what, fields] of Object.entries(forms)) {
          const before = await forbiddenCount();
          const response = await visitor.postForm(page, [['_csrf', token], ...fields]);
          expect({ lang, what, status: response.statusCode }).toEqual({ lang, what, status: 403 });
          expectRefusalPage(response.body, refusal);
          expect(await forbiddenCount()).toBeGreaterThan(before);
        }
        const before = await forbiddenCount();
        const uploaded = await visitor.request({
          method: 'POST',
          url: `${page}/document`,
          headers: { 'content-type': upload.contentType, origin: 'http://localhost:80' },
          payload: upload.body,
        });
        expect(uploaded.statusCode).toBe(303);
        expect(uploaded.headers.location).toBe(`${page}?upload=forbidden`);
        expect(await forbiddenCount()).toBeGreaterThan(before);
        const back = await visitor.request({ url: String(uploaded.headers.location) });
        expect(back.statusCode).toBe(403);
        expectRefusalPage(back.body, refusal);
      }

      // Nothing was stored, changed or withdrawn, and every refusal names the account and BAC.
      const record = (await visitor.request({ url: recordUrl })).json();
      expect(record).toMatchObject({ title: report.title, version: 1 });
      expect(record.withdrawn ?? null).toBeNull();
      const added = await listAudit(testApp.site, { limit: 1000, action: 'record-added' });
      expect(added.filter((entry) => entry.actor === email)).toEqual([]);
      const forbidden = (
        await listAudit(testApp.site, { limit: 1000, action: 'forbidden' })
      ).filter((entry) => entry.actor === email);
      expect(forbidden.length).toBeGreaterThanOrEqual(12);
      expect(new Set(forbidden.map((entry) => entry.detail.needed))).toEqual(new Set(['bac']));
      const session = (await visitor.request({ url: '/api/session' })).json();
      expect(session.user.roles).toEqual([role]);
    },
  );

  it.each(['information', 'transparency'] as const)(
    'shows the %s role the refusal, not the records desk, and refuses it the recent records',
    async (role) => {
      const id = await storedReport();
      const email = `${role}-reader${++accounts}@example.gov.ph`;
      const { visitor } = await signedInStaff(testApp, email, PASSWORD, [role]);
      for (const [lang, refusal] of [
        ['en', staffEn['staff.input.noBacRole']],
        ['fil', staffFil['staff.input.noBacRole']],
      ] as const) {
        const page = await visitor.request({
          url: `${pathInLang('/bac-input', lang)}?type=${reports.value}`,
        });
        expect({ lang, status: page.statusCode }).toEqual({ lang, status: 403 });
        expectRefusalPage(page.body, refusal);
        expect(page.body).not.toContain(report.title);
        expect(page.headers['cache-control']).toBe('private, no-store');
      }
      const before = await forbiddenCount();
      const recent = await visitor.request({ url: '/api/staff/recent-records' });
      expect(recent.statusCode).toBe(403);
      expect(recent.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(recent.body).not.toContain(report.title);
      expect(await forbiddenCount()).toBe(before + 1);
      // Its own area still opens, and the record's public page is still everyone's.
      expect(
        (await visitor.request({ url: `/api/records/${reports.collection}/${id}` })).statusCode,
      ).toBe(200);
    },
  );

  it('opens the records desk and its recent records to a BAC account and an administrator', async () => {
    await storedReport();
    for (const roles of [['bac'], ['admin']] as const) {
      const email = `${roles[0]}-reader${++accounts}@example.gov.ph`;
      const { visitor } = await signedInStaff(testApp, email, PASSWORD, [...roles]);
      for (const lang of ['en', 'fil'] as const) {
        const page = await visitor.request({ url: pathInLang('/bac-input', lang) });
        expect({ roles, lang, status: page.statusCode }).toEqual({ roles, lang, status: 200 });
        expect(page.body).toContain(report.title);
        expect(page.body).toContain('name="form_key"');
      }
      const recent = await visitor.request({ url: '/api/staff/recent-records' });
      expect(recent.statusCode).toBe(200);
      expect(recent.body).toContain(report.title);
    }
  });

  it('lets a BAC account and an administrator add, amend and withdraw, the audit naming the role the account used', async () => {
    for (const [email, roles, used] of [
      ['bac@example.gov.ph', ['bac'], 'bac'],
      ['admin@example.gov.ph', ['admin'], 'admin'],
      ['both@example.gov.ph', ['admin', 'bac'], 'bac'],
    ] as const) {
      const { visitor } = await signedInStaff(testApp, email, PASSWORD, [...roles]);
      const headers = { 'x-csrf-token': await visitor.csrfToken() };
      const added = await visitor.request({
        method: 'POST',
        url: `/api/records/${reports.collection}`,
        headers,
        payload: report,
      });
      expect(added.statusCode).toBe(201);
      const url = `/api/records/${reports.collection}/${(added.json() as { id: number }).id}`;
      const amended = await visitor.request({
        method: 'PATCH',
        url,
        headers,
        payload: {
          fields: { title: 'Annual Procurement Plan 2027 (revised)' },
          reason: 'Revised',
          version: 1,
        },
      });
      expect(amended.statusCode).toBe(200);
      const withdrawn = await visitor.request({
        method: 'POST',
        url: `${url}/withdrawal`,
        headers,
        payload: { reason: 'Superseded by the revised plan' },
      });
      expect(withdrawn.statusCode).toBe(200);
      for (const action of ['record-added', 'record-amended', 'record-withdrawn']) {
        const [entry] = await listAudit(testApp.site, { limit: 1, action, actor: email });
        expect({ email, action, role: entry?.detail.role }).toEqual({ email, action, role: used });
      }
    }
  });

  it('answers 401, not 403, to nobody signed in', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/records/${reports.collection}`,
      payload: report,
    });
    expect(response.statusCode).toBe(401);
  });
});
