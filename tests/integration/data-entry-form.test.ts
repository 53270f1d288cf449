import { beforeAll, describe, expect, it } from 'vitest';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { whileAuditRefuses } from '../helpers/audit-refusal.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'rice terraces at dawn';

/** The form's hidden fields, as a browser without JavaScript would send them back. */
function hiddenFields(html: string): { csrf: string; formKey: string } {
  return {
    csrf: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '',
    formKey: /name="form_key" value="([^"]+)"/.exec(html)?.[1] ?? '',
  };
}

/** The "2. Add the record" part of the page, without React's text separators. */
function addStep(html: string): string {
  const section = /<section aria-labelledby="add-step-heading">[\s\S]*?<\/section>/.exec(html);
  return (section?.[0] ?? '').replaceAll('<!-- -->', '');
}

describe('a data-entry form sent twice stores one record', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let accounts = 0;
  let reportNumber = 0;

  async function signedIn(): Promise<ApiVisitor> {
    const email = `form-key-${++accounts}@san-isidro.gov.ph`;
    const { visitor } = await signedInStaff(testApp, email, PASSWORD);
    return visitor;
  }

  function newReport() {
    const n = ++reportNumber;
    return {
      title: `Procurement Monitoring Report ${n}`,
      report_description: `Semester ${n}`,
      link: `https://example.org/pmr-${n}.pdf`,
    };
  }

  /** Stored reports with this title, and the audit entries that name their addition. */
  async function stored(title: string) {
    const { db } = testApp.site;
    const ids = (
      await db.selectFrom('reports').select('id').where('title', '=', title).orderBy('id').execute()
    ).map((row) => row.id);
    const added = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'record-added')
      .execute();
    const audited = added.filter(
      (row) => (JSON.parse(row.detail) as { fields?: { title?: string } }).fields?.title === title,
    ).length;
    return { ids, audited };
  }

  async function session(visitor: ApiVisitor) {
    return (await visitor.request({ url: '/api/session' })).json() as {
      csrfToken: string;
      formKey: string | null;
    };
  }

  function postJson(visitor: ApiVisitor, csrf: string, key: string | undefined, body: object) {
    return visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': csrf, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  }

  function postForm(visitor: ApiVisitor, fields: Record<string, string>) {
    return visitor.postForm('/bac-input?type=reports', { type: 'reports', ...fields });
  }

  it('titles the page for the change when a record is opened to edit or withdraw', async () => {
    const visitor = await signedIn();
    const { csrfToken, formKey } = await session(visitor);
    const id = (await postJson(visitor, csrfToken, formKey!, newReport())).json().id as number;
    const titleOf = async (url: string) =>
      /<h1[^>]*>([^<]+)<\/h1>/.exec((await visitor.request({ url })).body)?.[1];
    expect(await titleOf('/bac-input?type=reports')).toBe('Add a procurement record');
    expect(await titleOf(`/bac-input?collection=reports&edit=${id}`)).toBe(
      'Edit a procurement record',
    );
    expect(await titleOf(`/bac-input?collection=reports&withdraw=${id}`)).toBe(
      'Withdraw a procurement record',
    );
  });

  it('gives a signed-in session a fresh key with every form, and none to a visitor', async () => {
    expect((await session(new ApiVisitor(testApp.app))).formKey).toBeNull();
    const visitor = await signedIn();
    const first = await session(visitor);
    const second = await session(visitor);
    expect(first.formKey).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(second.formKey).not.toBe(first.formKey);
  });

  it('the JSON API answers a key sent again with the record it stored: 201, then 200', async () => {
    const visitor = await signedIn();
    const { csrfToken, formKey } = await session(visitor);
    const report = newReport();
    const first = await postJson(visitor, csrfToken, formKey!, report);
    expect(first.statusCode).toBe(201);
    const again = await postJson(visitor, csrfToken, formKey!, report);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stored(report.title)).toEqual({ ids: [first.json().id], audited: 1 });
  });

  it('stores one record when the same form is sent twice at once', async () => {
    const visitor = await signedIn();
    const { csrfToken, formKey } = await session(visitor);
    const report = newReport();
    const answers = await Promise.all([
      postJson(visitor, csrfToken, formKey!, report),
      postJson(visitor, csrfToken, formKey!, report),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect((await stored(report.title)).ids).toHaveLength(1);
  });

  it('a spent key answers with its record even when the fields were changed since', async () => {
    const visitor = await signedIn();
    const { csrfToken, formKey } = await session(visitor);
    const report = newReport();
    const first = await postJson(visitor, csrfToken, formKey!, report);
    const changed = { ...report, title: `${report.title} (corrected)` };
    const again = await postJson(visitor, csrfToken, formKey!, changed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, title: report.title });
    expect((await stored(changed.title)).ids).toEqual([]);
  });

  it('refuses a spent key sent for another record type, rather than answer with a record of the first', async () => {
    const visitor = await signedIn();
    const page = await visitor.request({ url: '/bac-input?type=reports' });
    const { csrf, formKey } = hiddenFields(page.body);
    const report = newReport();
    expect(
      (await postForm(visitor, { _csrf: csrf, form_key: formKey, ...report })).statusCode,
    ).toBe(200);
    const award = {
      pr_number: 'PR-2026-KEY',
      project_title: 'Award sent with a spent key',
      supplier: 'Bagong Silang Builders',
      link: 'https://example.org/noa.pdf',
      mode_of_procurement: 'Negotiated Procurement (Emergency Cases)',
    };
    const awardsWithTitle = async () =>
      (
        await testApp.site.db
          .selectFrom('notice_of_awards')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_title', '=', award.project_title)
          .executeTakeFirstOrThrow()
      ).n;

    // The page form with the type changed, in each language: no link to the report under
    // the awards' address.
    const sendAsAward = (page: string) =>
      visitor.postForm(`${page}?type=notice_of_award`, {
        _csrf: csrf,
        form_key: formKey,
        type: 'notice_of_award',
        ...award,
      });
    const asAward = await sendAsAward('/bac-input');
    expect(asAward.statusCode).toBe(409);
    expect(addStep(asAward.body)).toContain('already used to add a record of another type');
    expect(addStep(asAward.body)).not.toContain('view it');
    const asAwardInFilipino = await sendAsAward('/fil/bac-input');
    expect(asAwardInFilipino.statusCode).toBe(409);
    expect(addStep(asAwardInFilipino.body)).toContain('upang magdagdag ng talaan ng ibang uri');

    // The JSON API with the same key: 409 and the same words.
    const { csrfToken } = await session(visitor);
    const api = await visitor.request({
      method: 'POST',
      url: '/api/records/notice_of_awards',
      headers: { 'x-csrf-token': csrfToken, 'idempotency-key': formKey },
      payload: award,
    });
    expect(api.statusCode).toBe(409);
    expect(api.json()).toMatchObject({ code: 'FORM_KEY_SPENT_ON_OTHER_KIND' });
    expect(api.json().message).toContain('already used to add a record of another type');
    expect(Number(await awardsWithTitle())).toBe(0);
    expect((await stored(report.title)).ids).toHaveLength(1);
  });

  it('without a key every send is a new record, as API clients had it', async () => {
    const visitor = await signedIn();
    const { csrfToken } = await session(visitor);
    const report = newReport();
    expect((await postJson(visitor, csrfToken, undefined, report)).statusCode).toBe(201);
    expect((await postJson(visitor, csrfToken, undefined, report)).statusCode).toBe(201);
    expect((await stored(report.title)).ids).toHaveLength(2);
  });

  it('refuses a key issued to another session, or made up, and stores nothing', async () => {
    const owner = await signedIn();
    const { formKey } = await session(owner);
    const other = await signedIn();
    const { csrfToken } = await session(other);
    const report = newReport();
    for (const key of [formKey!, 'made-up', `${formKey!.split('.')[0]}.${'A'.repeat(43)}`]) {
      const response = await postJson(other, csrfToken, key, report);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/expired/);
    }
    expect((await stored(report.title)).ids).toEqual([]);
  });

  it('spends no key when the record is not stored, so the same form can be sent again', async () => {
    const visitor = await signedIn();
    const { csrfToken, formKey } = await session(visitor);
    const report = newReport();
    await whileAuditRefuses(testApp.site, ['record-added'], async () => {
      const refused = await postJson(visitor, csrfToken, formKey!, report);
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    });
    const keys = await testApp.site.db
      .selectFrom('record_form_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('form_key', '=', formKey!)
      .executeTakeFirstOrThrow();
    expect(Number(keys.n)).toBe(0);
    expect((await stored(report.title)).ids).toEqual([]);
    expect((await postJson(visitor, csrfToken, formKey!, report)).statusCode).toBe(201);
    expect(await stored(report.title)).toMatchObject({ audited: 1 });
  });

  it('the page form without JavaScript: Add twice stores once and links to the record', async () => {
    const visitor = await signedIn();
    const page = await visitor.request({ url: '/bac-input?type=reports' });
    const { csrf, formKey } = hiddenFields(page.body);
    expect(formKey).not.toBe('');
    const report = newReport();

    const first = await postForm(visitor, { _csrf: csrf, form_key: formKey, ...report });
    expect(first.statusCode).toBe(200);
    const [id] = (await stored(report.title)).ids;
    expect(addStep(first.body)).toContain(
      `Add Successful. Added: ${report.title} (<a href="/bids-reports/${id}"`,
    );
    expect(addStep(first.body)).toMatch(
      /<a[^>]*href="\/bac-input\?type=reports"[^>]*>Clear the form<\/a>/,
    );
    // The page sent back keeps the key the form was sent with.
    expect(hiddenFields(first.body).formKey).toBe(formKey);

    const again = await postForm(visitor, { _csrf: csrf, form_key: formKey, ...report });
    expect(again.statusCode).toBe(200);
    expect(addStep(again.body)).toContain(
      `already sent, so nothing new was stored. Added: ${report.title} (<a href="/bids-reports/${id}"`,
    );
    expect(await stored(report.title)).toEqual({ ids: [id], audited: 1 });

    // Clear the form: a new page, a new key, a new record.
    const cleared = hiddenFields((await visitor.request({ url: '/bac-input?type=reports' })).body);
    expect(cleared.formKey).not.toBe(formKey);
    const next = await postForm(visitor, { _csrf: csrf, form_key: cleared.formKey, ...report });
    expect(addStep(next.body)).toContain('Add Successful');
    expect((await stored(report.title)).ids).toHaveLength(2);
  });
});

describe('the mode of procurement of the data-entry form', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });
  let visitor: ApiVisitor;
  let sent = 0;

  beforeAll(async () => {
    ({ visitor } = await signedInStaff(testApp, 'modes@san-isidro.gov.ph', PASSWORD));
  });

  /** Sends a notice of award without JavaScript; the stored mode, or undefined when none was stored. */
  async function sendAward(mode: Record<string, string>) {
    const page = await visitor.request({ url: '/bac-input?type=notice_of_award' });
    const { csrf, formKey } = hiddenFields(page.body);
    const title = `Road Concreting Lot ${++sent}`;
    const response = await visitor.request({
      method: 'POST',
      url: '/bac-input?type=notice_of_award',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({
        _csrf: csrf,
        form_key: formKey,
        type: 'notice_of_award',
        pr_number: `PR-2026-${sent}`,
        project_title: title,
        supplier: 'Bagong Silang Builders',
        link: 'https://example.org/noa.pdf',
        ...mode,
      }).toString(),
    });
    const row = await testApp.site.db
      .selectFrom('notice_of_awards')
      .select('mode_of_procurement as mode')
      .where('project_title', '=', title)
      .executeTakeFirst();
    return { response, mode: row?.mode };
  }

  it('stores a listed mode as chosen', async () => {
    const { mode } = await sendAward({
      mode_of_procurement: 'Negotiated Procurement (Emergency Cases)',
      mode_of_procurement_other: 'ignored unless Other is chosen',
    });
    expect(mode).toBe('Negotiated Procurement (Emergency Cases)');
  });

  it('stores the text typed after Other', async () => {
    const { mode } = await sendAward({
      mode_of_procurement: 'Other',
      mode_of_procurement_other: '  Pakyaw Contract  ',
    });
    expect(mode).toBe('Pakyaw Contract');
  });

  it('refuses Other with nothing typed, naming the field', async () => {
    const { response, mode } = await sendAward({
      mode_of_procurement: 'Other',
      mode_of_procurement_other: ' ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Fill all the Fields: Mode of Procurement.');
    expect(mode).toBeUndefined();
  });

  it('offers the modes in a list with Other and a text box, and keeps a stored mode not listed', async () => {
    const page = (await visitor.request({ url: '/bac-input?type=notice_of_award' })).body;
    expect(page).toMatch(/<select id="field-mode_of_procurement" name="mode_of_procurement"/);
    expect(page).toContain('<option value="Limited Source Bidding">');
    expect(page).toContain('<option value="Other">Other (type it below)</option>');
    expect(page).toContain('name="mode_of_procurement_other"');
  });
});
