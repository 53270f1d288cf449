import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
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

describe('procurement writes need the BAC role', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  it('refuses an information officer with 403 on every procurement write, audited with the role needed', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio@example.gov.ph', PASSWORD, [
      'information',
    ]);
    const token = await visitor.csrfToken();
    const headers = { 'x-csrf-token': token };
    const added = await visitor.request({
      method: 'POST',
      url: `/api/records/${reports.collection}`,
      headers,
      payload: report,
    });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(added.json().message).toContain('BAC');
    const amended = await visitor.request({
      method: 'PATCH',
      url: `/api/records/${reports.collection}/1`,
      headers,
      payload: { fields: { title: 'x' }, reason: 'typo', version: 1 },
    });
    expect(amended.statusCode).toBe(403);
    const { body, contentType } = await multipart([
      {
        name: 'file',
        value: { bytes: Buffer.from('%PDF-1.4\n'), fileName: 'a.pdf', type: 'application/pdf' },
      },
    ]);
    const uploaded = await visitor.request({
      method: 'POST',
      url: '/api/documents',
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(403);

    const forbidden = await listAudit(testApp.database, { limit: 10, action: 'forbidden' });
    expect(forbidden).toHaveLength(3);
    expect(forbidden.every((entry) => entry.actor === 'pio@example.gov.ph')).toBe(true);
    expect(forbidden.map((entry) => entry.detail.needed)).toEqual(['bac', 'bac', 'bac']);
    const session = (await visitor.request({ url: '/api/session' })).json();
    expect(session.user.roles).toEqual(['information']);
  });

  it('lets a BAC account and an administrator add records, recording the role used', async () => {
    for (const [email, roles] of [
      ['bac@example.gov.ph', ['bac']],
      ['admin@example.gov.ph', ['admin']],
    ] as const) {
      const { visitor } = await signedInStaff(testApp, email, PASSWORD, [...roles]);
      const added = await visitor.request({
        method: 'POST',
        url: `/api/records/${reports.collection}`,
        headers: { 'x-csrf-token': await visitor.csrfToken() },
        payload: report,
      });
      expect(added.statusCode).toBe(201);
      const [entry] = await listAudit(testApp.database, {
        limit: 1,
        action: 'record-added',
        actor: email,
      });
      expect(entry?.detail.role).toBe('bac');
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
