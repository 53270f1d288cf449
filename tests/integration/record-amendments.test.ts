import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../../db/records/record-queries.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { REASON_REQUIRED } from '../../shared/records/record-validation.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { whileAuditRefuses } from '../helpers/audit-refusal.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'mangroves at low tide';
const EMAIL = 'amender@san-isidro.gov.ph';
const awards = kindByCollection('notice_of_awards')!;

describe('correcting and withdrawing a record', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let visitor: ApiVisitor;

  beforeAll(async () => {
    ({ visitor } = await signedInStaff(testApp, EMAIL, PASSWORD));
  });

  let sequence = 0;
  async function newAward(values: Record<string, string> = {}) {
    sequence += 1;
    const [stored] = await insertRecords(testApp.site, awards, [
      {
        values: {
          pr_number: `PR-AMEND-${sequence}`,
          project_title: `Seawall repair, phase ${sequence}`,
          supplier: 'Bayanihan Builders',
          mode_of_procurement: 'Public Bidding',
          link: `https://example.org/award-${sequence}.pdf`,
          ...values,
        },
      },
    ]);
    return stored!;
  }

  async function patch(id: number, body: unknown, headers?: Record<string, string>) {
    return visitor.request({
      method: 'PATCH',
      url: `/api/records/notice_of_awards/${id}`,
      headers: headers ?? { 'x-csrf-token': await visitor.csrfToken() },
      payload: body,
    });
  }

  async function withdraw(id: number, body: unknown, collection = 'notice_of_awards') {
    return visitor.request({
      method: 'POST',
      url: `/api/records/${collection}/${id}/withdrawal`,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload: body,
    });
  }

  /** Everything a change could touch, read from the database itself. */
  async function snapshot(collection: 'notice_of_awards', id: number) {
    const { db } = testApp.site;
    return {
      row: (await sql`SELECT * FROM ${sql.table(collection)} WHERE id = ${id}`.execute(db)).rows,
      history: await db
        .selectFrom('record_history')
        .selectAll()
        .where('collection', '=', collection)
        .where('record_id', '=', id)
        .execute(),
      audit: await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', 'in', ['record-amended', 'record-withdrawn'])
        .executeTakeFirst(),
      total: await db
        .selectFrom('record_counts')
        .select('total')
        .where('collection', '=', collection)
        .executeTakeFirst(),
    };
  }

  it('amends: bumps the version, keeps before and after with the reason, audits it', async () => {
    const { id } = await newAward({ contract_amount: '1000000.00' });
    const response = await patch(id, {
      fields: {
        supplier: 'Mabuhay Supply Co.',
        contract_amount: '1,250,000.50',
        link: `https://example.org/award-${sequence}.pdf`,
      },
      reason: 'Supplier name was mistyped; amount per the signed contract.',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const record = response.json() as RecordDetail;
    expect(record).toMatchObject({
      id,
      collection: 'notice_of_awards',
      status: 'published',
      version: 2,
      supplier: 'Mabuhay Supply Co.',
      contract_amount: '1250000.50',
    });
    expect(record.updated > record.created || record.updated === record.created).toBe(true);
    expect(record.history).toEqual([
      {
        version: 2,
        at: record.updated,
        action: 'amended',
        reason: 'Supplier name was mistyped; amount per the signed contract.',
        // The link was sent unchanged, so it is not a change.
        changes: [
          { field: 'supplier', before: 'Bayanihan Builders', after: 'Mabuhay Supply Co.' },
          { field: 'contract_amount', before: '1000000.00', after: '1250000.50' },
        ],
      },
    ]);
    const { db } = testApp.site;
    expect(
      await db
        .selectFrom('notice_of_awards')
        .select('contract_amount')
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ contract_amount: 125000050 });
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'record-amended')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe(EMAIL);
    expect(JSON.parse(audit.detail)).toEqual({
      collection: 'notice_of_awards',
      id,
      version: 2,
      reason: 'Supplier name was mistyped; amount per the signed contract.',
      changes: record.history[0]!.changes,
      role: 'bac',
    });
    const read = (await visitor.request({ url: `/api/records/notice_of_awards/${id}` })).json();
    expect(read).toEqual(record);
  });

  it('clears an optional field with a blank value, and the history shows it as null', async () => {
    const { id } = await newAward({ philgeps_reference: '11250001' });
    const response = await patch(id, {
      fields: { philgeps_reference: '  ' },
      reason: 'Reference belonged to another notice.',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().philgeps_reference).toBeNull();
    expect(response.json().history[0].changes).toEqual([
      { field: 'philgeps_reference', before: '11250001', after: null },
    ]);
  });

  it('answers 409 for a stale version and changes nothing: row, history, audit', async () => {
    const { id } = await newAward();
    expect(
      (await patch(id, { fields: { supplier: 'First' }, reason: 'first fix', version: 1 }))
        .statusCode,
    ).toBe(200);
    const before = await snapshot('notice_of_awards', id);
    const stale = await patch(id, {
      fields: { supplier: 'Second' },
      reason: 'made from an old copy',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CHANGED_MEANWHILE');
    expect(stale.json().message).toMatch(/now version 2/);
    expect(await snapshot('notice_of_awards', id)).toEqual(before);
  });

  it('answers 400 when nothing would change, and writes nothing', async () => {
    const { id, supplier } = await newAward();
    const before = await snapshot('notice_of_awards', id);
    const response = await patch(id, { fields: { supplier }, reason: 'no-op', version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('NOTHING_TO_CHANGE');
    expect(response.json().message).toBe('Nothing to change: every field is as it was.');
    expect(await snapshot('notice_of_awards', id)).toEqual(before);
  });

  it.each([
    ['a missing reason', { fields: { supplier: 'X' }, version: 1 }, 'reason', REASON_REQUIRED],
    [
      'a blank reason',
      { fields: { supplier: 'X' }, reason: '   ', version: 1 },
      'reason',
      REASON_REQUIRED,
    ],
    [
      'an unknown field',
      { fields: { budget: '5' }, reason: 'r', version: 1 },
      'budget',
      /Unknown field "budget"/,
    ],
    [
      'a field of another kind',
      { fields: { abc: '5' }, reason: 'r', version: 1 },
      'abc',
      /Unknown field "abc"/,
    ],
    [
      'a blank required field',
      { fields: { supplier: ' ' }, reason: 'r', version: 1 },
      'supplier',
      'Fill all the Fields',
    ],
    [
      'a negative amount',
      { fields: { contract_amount: '-5' }, reason: 'r', version: 1 },
      'contract_amount',
      'Contract Amount must not be negative.',
    ],
    [
      'an amount with 3 decimals',
      { fields: { contract_amount: '5.125' }, reason: 'r', version: 1 },
      'contract_amount',
      'Contract Amount may have at most 2 decimal places (centavos).',
    ],
    [
      'an amount over ₱100 billion',
      { fields: { contract_amount: '100,000,000,000.01' }, reason: 'r', version: 1 },
      'contract_amount',
      'Contract Amount must be at most ₱100,000,000,000.00.',
    ],
    [
      'bad thousands grouping',
      { fields: { contract_amount: '12,34,567' }, reason: 'r', version: 1 },
      'contract_amount',
      /groups of three digits/,
    ],
    [
      'an amount as a number',
      { fields: { contract_amount: 5 }, reason: 'r', version: 1 },
      'contract_amount',
      /must be text/,
    ],
    [
      'a javascript: link',
      { fields: { link: 'javascript:alert(1)' }, reason: 'r', version: 1 },
      'link',
      /^Link must be/,
    ],
    [
      'a version that is not a number',
      { fields: { supplier: 'X' }, reason: 'r', version: '1' },
      'version',
      /version/,
    ],
  ])(
    'answers 400 for %s, naming the field, and changes nothing',
    async (_what, body, field, message) => {
      const { id } = await newAward();
      const before = await snapshot('notice_of_awards', id);
      const response = await patch(id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual(
        message instanceof RegExp ? expect.stringMatching(message) : message,
      );
      expect(await snapshot('notice_of_awards', id)).toEqual(before);
    },
  );

  it('accepts a hosted document path as the link', async () => {
    const { id } = await newAward();
    const link = `/documents/${'ab'.repeat(32)}/notice-of-award.pdf`;
    const response = await patch(id, {
      fields: { link },
      reason: 'Scanned copy now hosted here.',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().link).toBe(link);
  });

  it('refuses a change without a session (401) or without the CSRF token (403)', async () => {
    const { id } = await newAward();
    const before = await snapshot('notice_of_awards', id);
    const body = { fields: { supplier: 'X' }, reason: 'r', version: 1 };
    const anonymous = await new ApiVisitor(testApp.app).request({
      method: 'PATCH',
      url: `/api/records/notice_of_awards/${id}`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await patch(id, body, {})).statusCode).toBe(403);
    expect((await patch(id, body, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    const withdrawal = await visitor.request({
      method: 'POST',
      url: `/api/records/notice_of_awards/${id}/withdrawal`,
      payload: { reason: 'r' },
    });
    expect(withdrawal.statusCode).toBe(403);
    expect(await snapshot('notice_of_awards', id)).toEqual(before);
  });

  it('answers 404 for an unknown id, an id of another kind, or one that is no number', async () => {
    // An id only the SVP table has: above every notice of award's.
    const otherKind = 900_000 + sequence;
    const { db } = testApp.site;
    await sql`INSERT INTO svp (id, pr_number, project_title, link)
      VALUES (${otherKind}, 'PR-SVP-ONLY', 'Only an SVP', 'https://example.org/svp.pdf')`.execute(
      db,
    );
    const maxAward = Number(await scalar(testApp.site, 'SELECT max(id) FROM notice_of_awards'));
    expect(maxAward).toBeLessThan(otherKind);
    for (const target of [String(maxAward + 1000), String(otherKind), 'abc', '0', '1.5']) {
      const response = await visitor.request({
        method: 'PATCH',
        url: `/api/records/notice_of_awards/${target}`,
        headers: { 'x-csrf-token': await visitor.csrfToken() },
        payload: { fields: { supplier: 'X' }, reason: 'r', version: 1 },
      });
      expect(response.statusCode, target).toBe(404);
    }
  });

  it('withdraws: gone from the list, its count and search; still at its permalink; then 409 for any change', async () => {
    const marker = `Wdr${Date.now()}`;
    const { id } = await newAward({ project_title: `Footbridge ${marker}` });
    const listTotal = async (query = '') =>
      (await visitor.request({ url: `/api/records/notice_of_awards${query}` })).json().total;
    const totalBefore = await listTotal();
    expect(await listTotal(`?q=${marker}`)).toBe(1);

    const response = await withdraw(id, {
      reason: 'Cancelled: the project was merged into another.',
    });
    expect(response.statusCode).toBe(200);
    const record = response.json() as RecordDetail;
    expect(record).toMatchObject({ status: 'withdrawn', version: 2 });
    expect(record.withdrawn).toEqual({
      at: record.updated,
      reason: 'Cancelled: the project was merged into another.',
    });
    expect(record.history.map((entry) => [entry.action, entry.version, entry.changes])).toEqual([
      ['withdrawn', 2, []],
    ]);

    expect(await listTotal()).toBe(totalBefore - 1);
    expect(await listTotal(`?q=${marker}`)).toBe(0);
    expect(await listTotal(`?q=${marker.slice(0, 2)}`)).toBe(0);
    const page = (await visitor.request({ url: '/api/records/notice_of_awards' })).json();
    expect(page.items.map((item: { id: number }) => item.id)).not.toContain(id);

    const permalink = await visitor.request({ url: `/api/records/notice_of_awards/${id}` });
    expect(permalink.statusCode).toBe(200);
    expect(permalink.json()).toEqual(record);

    const before = await snapshot('notice_of_awards', id);
    const amend = await patch(id, { fields: { supplier: 'X' }, reason: 'late fix', version: 2 });
    expect(amend.statusCode).toBe(409);
    expect(amend.json().code).toBe('ALREADY_WITHDRAWN');
    expect(amend.json().message).toMatch(/withdrawn/);
    const again = await withdraw(id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_WITHDRAWN');
    expect(await snapshot('notice_of_awards', id)).toEqual(before);
  });

  it('answers 400 for a withdrawal without a reason', async () => {
    const { id } = await newAward();
    const response = await withdraw(id, { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.reason).toBe(REASON_REQUIRED);
    expect((await withdraw(id, {})).json().errors.reason).toBe(REASON_REQUIRED);
  });

  it('keeps amendment, history and audit in one transaction: a failed audit insert leaves the record as it was', async () => {
    const { id } = await newAward();
    const before = await snapshot('notice_of_awards', id);
    await whileAuditRefuses(testApp.site, ['record-amended', 'record-withdrawn'], async () => {
      const amend = await patch(id, { fields: { supplier: 'Changed' }, reason: 'r', version: 1 });
      expect(amend.statusCode).toBeGreaterThanOrEqual(500);
      expect(amend.body).not.toContain('audit refused');
      const withdrawal = await withdraw(id, { reason: 'r' });
      expect(withdrawal.statusCode).toBeGreaterThanOrEqual(500);
    });
    expect(await snapshot('notice_of_awards', id)).toEqual(before);
    expect(
      (await visitor.request({ url: `/api/records/notice_of_awards/${id}` })).json(),
    ).toMatchObject({
      version: 1,
      status: 'published',
      history: [],
    });
  });

  it('lists recent records for staff only, withdrawn ones marked', async () => {
    const { id } = await newAward();
    await withdraw(id, { reason: 'Posted twice.' });
    const { id: newest } = await newAward();
    const response = await visitor.request({ url: '/api/staff/recent-records?limit=5' });
    expect(response.statusCode).toBe(200);
    const recent = response.json() as { collection: string; id: number; status: string }[];
    expect(recent).toHaveLength(5);
    expect(recent[0]).toMatchObject({
      collection: 'notice_of_awards',
      id: newest,
      status: 'published',
      version: 1,
    });
    expect(
      recent.find((entry) => entry.id === id && entry.collection === 'notice_of_awards'),
    ).toMatchObject({
      status: 'withdrawn',
      version: 2,
    });
    const anonymous = await new ApiVisitor(testApp.app).request({
      url: '/api/staff/recent-records',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
