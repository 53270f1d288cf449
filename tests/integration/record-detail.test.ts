import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import { kindByCollection, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

/** A full record of a kind, optional fields filled, in the form the API sends back. */
function fullValues(kind: RecordKind, link: string): Record<string, string> {
  return Object.fromEntries(
    kind.fields.map((field) => {
      switch (field.type) {
        case 'link':
          return [field.name, link];
        case 'money':
          return [field.name, '1234567.89'];
        case 'datetime':
          return [field.name, '2026-02-03T06:00:00.000Z'];
        case 'text':
          return [field.name, `${inEnglish(field.label)} of ${kind.collection}`];
      }
    }),
  );
}

describe('GET /api/records/:collection/:id', () => {
  const testApp = useTestApp();
  const sha256 = 'c0ffee'.padEnd(64, '0');

  /** One record stored as insertRecord stores it, on the app's database. */
  async function insertRecordOf(kind: RecordKind, values: RecordValues, created?: Date) {
    const [stored] = await insertRecords(testApp.site, kind, [
      created ? { values, created } : { values },
    ]);
    return stored!;
  }

  beforeAll(async () => {
    const { db } = testApp.site;
    // A hosted document row as an upload leaves it (uploaded_by needs a staff account).
    const uploader = await db
      .insertInto('staff_users')
      .values({ email: 'd@x.ph', display_name: 'd', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('documents')
      .values({
        sha256,
        bytes: 4321,
        type: 'application/pdf',
        file_name: 'notice.pdf',
        uploaded_by: uploader.id,
      })
      .execute();
  });

  const get = (url: string) => testApp.app.inject({ url });

  it.each(recordKinds.map((kind) => [kind.collection, kind] as const))(
    '%s: every field, amounts as decimal strings, status, version, empty history',
    async (collection, kind) => {
      const values = fullValues(kind, `https://example.org/${collection}.pdf`);
      const created = new Date(Date.UTC(2026, 2, 4, 16, 30));
      const stored = await insertRecordOf(kind, values, created);
      const response = await get(`/api/records/${collection}/${stored.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: stored.id,
        created: '2026-03-04T16:30:00.000Z',
        ...values,
        collection,
        status: 'published',
        version: 1,
        updated: '2026-03-04T16:30:00.000Z',
        withdrawn: null,
        document: null,
        history: [],
        // Written straight to the table, so attached to no procurement project.
        project: null,
      } satisfies RecordDetail);
    },
  );

  it('shows an old record without the optional fields as null, in the list API too', async () => {
    const svp = kindByCollection('svp')!;
    const { id } = await insertRecordOf(svp, {
      pr_number: 'PR-OLD-1',
      project_title: 'Posted before the new fields',
      link: 'https://example.org/old.pdf',
    });
    const record = (await get(`/api/records/svp/${id}`)).json();
    expect(record).toMatchObject({ philgeps_reference: null, abc: null, closing_date: null });
    const listed = (await get('/api/records/svp?q=PR-OLD-1')).json().items[0];
    expect(listed).toMatchObject({ id, philgeps_reference: null, abc: null, closing_date: null });
  });

  it('describes the hosted document a record links to', async () => {
    const reports = kindByCollection('reports')!;
    const url = `/documents/${sha256}/notice.pdf`;
    const { id } = await insertRecordOf(reports, {
      title: 'Hosted report',
      report_description: 'Its file is on this site',
      link: url,
    });
    expect((await get(`/api/records/reports/${id}`)).json().document).toEqual({
      url,
      sha256,
      bytes: 4321,
      type: 'application/pdf',
    });
  });

  it('answers 404 for an unknown id, an id only another kind has, a malformed id and an unknown kind', async () => {
    const awards = kindByCollection('notice_of_awards')!;
    const { db } = testApp.site;
    const maxAward = Number(await scalar(testApp.site, 'SELECT max(id) FROM notice_of_awards'));
    const otherKind = maxAward + 500;
    await sql`INSERT INTO svp (id, pr_number, project_title, link)
      VALUES (${otherKind}, 'PR-SVP', 'SVP only', 'https://example.org/s.pdf')`.execute(db);
    expect((await get(`/api/records/svp/${otherKind}`)).statusCode).toBe(200);
    for (const url of [
      `/api/records/${awards.collection}/${maxAward + 1}`,
      `/api/records/${awards.collection}/${otherKind}`,
      `/api/records/${awards.collection}/abc`,
      `/api/records/${awards.collection}/0`,
      `/api/records/${awards.collection}/-1`,
      `/api/records/${awards.collection}/1e3`,
      `/api/records/${awards.collection}/99999999999999999999`,
      '/api/records/users/1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toMatch(/^No such record/);
    }
  });
});
