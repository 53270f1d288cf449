import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordPackage } from '../../server/open-data/ocds-types.ts';
import { loadContent } from '../../server/content/load.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import { EXE, PDF, sha256Of } from '../helpers/document-bytes.ts';
import { multipart, type FormPart } from '../helpers/multipart.ts';
import { followRefusedForm, OVER_LONG_REASON } from '../helpers/refused-form.ts';
import type { ApiVisitor } from '../helpers/staff.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { auditDetails } from '../helpers/audit-details.ts';
import { scalar } from '../helpers/site-scalar.ts';
import { useTestApp } from '../helpers/test-app.ts';

const content = await loadContent(path.resolve('content'));
const PREFIX = content.site.openData.ocidPrefix;

/** The official OCDS 1.1.5 schemas, loaded by their ids so their $refs resolve offline. */
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
for (const name of [
  'release-schema',
  'versioned-release-validation-schema',
  'record-package-schema',
]) {
  const file = path.resolve('server/open-data/schemas/ocds-1.1.5', `${name}.json`);
  ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
}
const recordPackageSchema = ajv.getSchema(
  'https://standard.open-contracting.org/schema/1__1__5/record-package-schema.json',
)!;

describe('a project’s contract after the award: amendments with documents, and completion', () => {
  const testApp = useTestApp({ SITE_URL: 'https://procurement.example.gov.ph' });
  let bac: ApiVisitor;
  let news: ApiVisitor;
  let ocid: string;

  /** A JSON write with the visitor's session and its CSRF token in the header. */
  const post = async (visitor: ApiVisitor, url: string, payload: unknown) =>
    visitor.request({
      method: 'POST',
      url,
      payload,
      headers: { 'x-csrf-token': await visitor.csrfToken() },
    });
  const complete = (visitor: ApiVisitor, payload: unknown, target = ocid) =>
    post(visitor, `/api/procurements/${encodeURIComponent(target)}/completion`, payload);
  const detail = async () =>
    (
      await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
    ).json() as ProcurementProjectDetail;
  const count = async (table: string) =>
    Number(await scalar(testApp.site, `SELECT count(*) FROM ${table}`));

  /** The staff page's form as a browser without JavaScript sends it: token first, file last. */
  async function form(
    visitor: ApiVisitor,
    fields: Record<string, string>,
    file?: { bytes: Buffer; fileName: string; type: string },
    lang = '',
  ) {
    const parts: FormPart[] = [
      { name: '_csrf', value: await visitor.csrfToken() },
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [{ name: 'file', value: file }] : []),
    ];
    const { body, contentType } = await multipart(parts);
    return visitor.request({
      method: 'POST',
      url: `${lang}/staff/procurement/${encodeURIComponent(ocid)}/contract/change`,
      headers: { 'content-type': contentType },
      payload: body,
    });
  }

  beforeAll(async () => {
    const passphrase = 'a long passphrase for completion';
    bac = (await signedInStaff(testApp, 'bac.complete@san-isidro.gov.ph', passphrase)).visitor;
    news = (
      await signedInStaff(testApp, 'info.complete@san-isidro.gov.ph', passphrase, ['information'])
    ).visitor;
    const invitation = await post(bac, '/api/records/public_bidding', {
      bid_number: 'ITB-2026-080',
      project_title: 'Rehabilitation of Barangay Hall',
      abc: '3,000,000.00',
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb-080.pdf',
    });
    expect(invitation.statusCode).toBe(201);
    ocid = `${PREFIX}-public_bidding-${invitation.json().id}`;
    const proceed = await post(bac, '/api/records/notice_to_proceed', {
      pr_number: 'PR-2026-080',
      project_title: 'Rehabilitation of Barangay Hall',
      supplier: 'Matibay Construction',
      mode_of_procurement: 'Public Bidding',
      contract_amount: '2,800,000.00',
      link: 'https://example.org/ntp-080.pdf',
      project: ocid,
    });
    expect(proceed.statusCode).toBe(201);
  });

  it('adds an amendment with its signed variation order through the no-JS form', async () => {
    const page = await bac.request({
      method: 'GET',
      url: `/staff/procurement/${encodeURIComponent(ocid)}/contract`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Add a contract amendment');
    const added = await form(
      bac,
      { intent: 'amend', amount: '2,950,000.00', date: '2026-05-04', reason: 'VO 1: roof' },
      { bytes: PDF, fileName: 'vo-1.pdf', type: 'application/pdf' },
    );
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toContain('outcome=amended');
    const [amendment] = (await detail()).amendments;
    expect(amendment).toMatchObject({
      amount: '2950000.00',
      previousAmount: '2800000.00',
      document: { sha256: sha256Of(PDF), type: 'application/pdf' },
    });
    const hosted = await testApp.app.inject(amendment!.document!.url);
    expect(hosted.statusCode).toBe(200);
    const html = (await testApp.app.inject(`/procurement/${encodeURIComponent(ocid)}`)).body;
    expect(html).toContain('Signed variation order');
    expect(html).toContain(sha256Of(PDF));
    const audit = await auditDetails(testApp.site, 'contract-amended');
    expect(audit.at(-1)).toMatchObject({ document: sha256Of(PDF), role: 'bac' });
  });

  it('refuses bad values, a file not a PDF and staff without the role, storing nothing', async () => {
    const before = [await count('contract_amendments'), await count('documents')];
    const bad = await form(
      bac,
      { intent: 'amend', amount: 'lots', date: '2026-02-30', reason: 'VO 2' },
      { bytes: PDF, fileName: 'vo-2.pdf', type: 'application/pdf' },
      '/fil',
    );
    expect(bad.statusCode).toBe(303);
    const back = new URL(bad.headers.location as string, 'https://x');
    expect(back.pathname).toBe(`/fil/staff/procurement/${encodeURIComponent(ocid)}/contract`);
    expect(back.searchParams.get('outcome')).toBe('invalid');
    expect(back.searchParams.get('problems')).toBe('amount,date');
    // What was typed comes back, marked beside its fields, in Filipino.
    const shown = await bac.request({ method: 'GET', url: bad.headers.location as string });
    expect(shown.body).toContain('value="lots"');
    expect(shown.body).toContain('Ibigay ang tunay na petsa');
    const exe = await form(
      bac,
      { intent: 'amend', amount: '1.00', date: '2026-02-03', reason: 'VO 2' },
      { bytes: EXE, fileName: 'vo-2.pdf', type: 'application/pdf' },
    );
    expect(exe.headers.location).toContain('outcome=unsupported');
    const forbidden = await form(news, {
      intent: 'amend',
      amount: '1',
      date: '2026-02-03',
      reason: 'x',
    });
    expect(forbidden.statusCode).toBe(303);
    expect(forbidden.headers.location).toContain('outcome=forbidden');
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: `/staff/procurement/${encodeURIComponent(ocid)}/contract/change`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/bac-login']);
    expect([await count('contract_amendments'), await count('documents')]).toEqual(before);
  });

  it('sends a refused over-long reason back cut to its longest, so the page still loads', async () => {
    const before = await count('contract_amendments');
    const refused = await form(bac, {
      intent: 'amend',
      amount: '2,900,000.00',
      date: '2026-02-10',
      reason: OVER_LONG_REASON,
    });
    const { query, body } = await followRefusedForm(bac, refused);
    expect(query.get('outcome')).toBe('invalid');
    // The contract form's problem code is the field: its words say how long a reason may be.
    expect(query.get('problems')).toBe('reason');
    expect(body).toContain('Give a reason of at most 1,000 characters.');
    expect(body).toContain('value="2,900,000.00"');
    expect(await count('contract_amendments')).toBe(before);
  });

  it('states the completion by API, refuses a correction without a reason, keeps history', async () => {
    expect((await detail()).status).toBe('awarded');
    const bad = await complete(bac, { date: '2026-13-01' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_INPUT']);
    const forbidden = await complete(news, { date: '2026-08-01' });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await complete(bac, { date: '2026-08-01' }, `${PREFIX}-nowhere`);
    expect(unknown.statusCode).toBe(404);
    const done = await complete(bac, { date: '2026-08-01' });
    expect(done.statusCode).toBe(200);
    const project = done.json() as ProcurementProjectDetail;
    expect(project.status).toBe('completed');
    expect(project.dates.completion).toBe('2026-08-01');
    expect(project.completion).toMatchObject({ date: '2026-08-01', reason: null, earlier: [] });
    const again = await complete(bac, { date: '2026-08-03' });
    expect([again.statusCode, again.json().code]).toEqual([400, 'REASON_REQUIRED']);
    expect(await count('project_completions')).toBe(1);
    const list = (await testApp.app.inject('/api/procurements?status=completed')).json();
    expect(list.items.map((item: { ocid: string }) => item.ocid)).toContain(ocid);
    const audit = await testApp.site.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'project-completed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ date: '2026-08-01', role: 'bac' });
  });

  it('corrects the completion through the form with a reason and its certificate', async () => {
    const noReason = await form(bac, { intent: 'complete', date: '2026-08-05', reason: '' });
    expect(noReason.headers.location).toContain('outcome=reason-required');
    const corrected = await form(
      bac,
      { intent: 'complete', date: '2026-08-05', reason: 'The inspection ended on the 5th' },
      { bytes: PDF, fileName: 'certificate.pdf', type: 'application/pdf' },
    );
    expect(corrected.headers.location).toContain('outcome=completed');
    const project = await detail();
    expect(project.completion).toMatchObject({
      date: '2026-08-05',
      reason: 'The inspection ended on the 5th',
      document: { sha256: sha256Of(PDF) },
      earlier: [{ date: '2026-08-01', reason: null }],
    });
    expect(await count('project_completions')).toBe(2);
    expect(await auditDetails(testApp.site, 'completion-corrected')).toHaveLength(1);
    const page = await testApp.app.inject(`/procurement/${encodeURIComponent(ocid)}`);
    const html = page.body.slice(0, page.body.indexOf('<script'));
    expect(html).toContain('Completion of the contract');
    expect(html).toContain('August 5, 2026');
    expect(html).toContain('The inspection ended on the 5th');
    expect(html).toContain('Completed');
    const filipino = await testApp.app.inject(`/fil/procurement/${encodeURIComponent(ocid)}`);
    expect(filipino.body).toContain('Pagkakatapos ng kontrata');
    // The public page stays cacheable for anonymous visitors.
    expect(page.headers['cache-control']).not.toContain('private');
  });

  it('publishes each amendment and the completion as releases of the contract, schema-valid', async () => {
    const response = await testApp.app.inject(`/ocds/records/${encodeURIComponent(ocid)}.json`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as RecordPackage;
    const valid = recordPackageSchema(body);
    expect(valid ? [] : recordPackageSchema.errors).toEqual([]);
    const [record] = body.records;
    const tags = record!.releases.map((release) => release.tag[0]);
    expect(tags).toContain('contractAmendment');
    expect(tags.filter((tag) => tag === 'contractTermination')).toHaveLength(2);
    const [contract] = record!.compiledRelease.contracts!;
    expect(contract!.value).toEqual({ amount: 2950000, currency: 'PHP' });
    expect(contract!.status).toBe('terminated');
    expect(contract!.period).toEqual({ endDate: '2026-08-05T00:00:00+08:00' });
    expect(contract!.implementation!.documents[0]).toMatchObject({
      documentType: 'completionCertificate',
      url: expect.stringContaining(sha256Of(PDF)),
    });
    expect(contract!.amendments).toContainEqual(
      expect.objectContaining({
        date: '2026-05-04T00:00:00+08:00',
        rationale: 'VO 1: roof',
        description: 'Contract amount changed from PHP 2800000.00 to PHP 2950000.00.',
      }),
    );
  });

  it('describes the completion route and field in /openapi.json', async () => {
    const openapi = (await testApp.app.inject('/openapi.json')).json();
    const route = openapi.paths['/api/procurements/{ocid}/completion'].post;
    expect(route.requestBody.content['application/json'].schema.required).toEqual(['date']);
    const schema =
      openapi.paths['/api/procurements/{ocid}'].get.responses['200'].content['application/json']
        .schema;
    expect(schema.required).toContain('completion');
  });
});
