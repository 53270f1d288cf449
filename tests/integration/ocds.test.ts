import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordDocumentUpload } from '../../db/documents/document-queries.ts';
import { importPlanLines, planProcessKey } from '../../db/procurement-projects/annual-plan.ts';
import { amendRecord, withdrawRecord } from '../../db/records/record-amendments.ts';
import { sql } from 'kysely';
import { insertRecords, type RecordValues } from '../../db/records/record-queries.ts';
import { loadContent } from '../../server/content/load.ts';
import { siteSchema } from '../../server/content/content-schema.ts';
import {
  BIDS_EXTENSION_URL,
  iterateReleases,
  RELEASES_PAGE_SIZE,
} from '../../server/open-data/ocds-releases.ts';
import type { Release, ReleasePackage, RecordPackage } from '../../server/open-data/ocds-types.ts';
import { kindByCollection, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { ocds, ocdsWithBids, schemaErrors } from '../helpers/ocds-schemas.ts';
import { addStaffAccount, signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { cli } from './cli-harness.ts';

const SITE_URL = 'https://procurement.example.gov.ph';
const content = await loadContent(path.resolve('content'));
const PREFIX = content.site.openData.ocidPrefix;

const releasePackageSchema = ocds.releasePackage;
const recordPackageSchema = ocds.recordPackage;
const recordPackageWithBids = ocdsWithBids.recordPackage;
const releasePackageWithBids = ocdsWithBids.releasePackage;

function expectValid(validate: typeof releasePackageSchema, data: unknown, what: string) {
  expect(schemaErrors(validate, data), `${what} against the OCDS schema`).toEqual([]);
}

const kind = (collection: string) => kindByCollection(collection)!;
const author = { actor: 'ocds-test@san-isidro.gov.ph', address: null };

describe('OCDS 1.1 release and record packages', () => {
  const testApp = useTestApp({ SITE_URL, DEMO_RECORDS: 'true' });
  const made: Record<string, number> = {};
  const hostedSha = 'ab'.repeat(32);

  beforeAll(async () => {
    const staff = await addStaffAccount(testApp.config, author.actor, 'a long test passphrase');
    const database = testApp.site;
    await recordDocumentUpload(database, {
      sha256: hostedSha,
      bytes: 48213,
      type: 'application/pdf',
      fileName: 'invitation.pdf',
      uploader: { id: staff.id, email: staff.email },
      address: null,
    });
    const add = async (collection: string, values: RecordValues, created: string) =>
      (
        await insertRecords(database, kind(collection), [{ values, created: new Date(created) }])
      )[0]!.id;
    // One procurement followed from invitation to notice to proceed, tied by its PhilGEPS reference.
    made.bidding = await add(
      'public_bidding',
      {
        bid_number: 'ITB-2026-007',
        project_title: 'Concreting of Sitio Malinis Road',
        philgeps_reference: '11223344',
        abc: '2500000.00',
        closing_date: '2026-02-10T02:00:00.000Z',
        link: `/documents/${hostedSha}/invitation.pdf`,
      },
      '2026-01-20T01:00:00.000Z',
    );
    made.bulletin = await add(
      'bid_bulletin',
      {
        bid_number_or_pr_number: 'ITB-2026-007',
        project_title: 'Concreting of Sitio Malinis Road',
        addenddum_number: '1',
        philgeps_reference: '11223344',
        closing_date: '2026-02-17T02:00:00.000Z',
        link: 'https://example.org/bulletin-1.pdf',
      },
      '2026-01-27T01:00:00.000Z',
    );
    made.award = await add(
      'notice_of_awards',
      {
        pr_number: 'PR-2026-0042',
        project_title: 'Concreting of Sitio Malinis Road',
        supplier: 'Peñafrancia Builders',
        mode_of_procurement: 'Public Bidding',
        philgeps_reference: '11223344',
        contract_amount: '2389000.50',
        link: 'https://example.org/noa.pdf',
      },
      '2026-03-02T01:00:00.000Z',
    );
    made.proceed = await add(
      'notice_to_proceed',
      {
        pr_number: 'PR-2026-0042',
        project_title: 'Concreting of Sitio Malinis Road',
        supplier: 'Peñafrancia Builders',
        mode_of_procurement: 'Public Bidding',
        philgeps_reference: '11223344',
        contract_amount: '2389000.50',
        link: 'https://example.org/ntp.pdf',
      },
      '2026-03-09T01:00:00.000Z',
    );
    // Every kind amended, then withdrawn, on records of their own.
    for (const [index, recordKind] of (recordKinds as readonly RecordKind[]).entries()) {
      const [record] = await insertRecords(database, recordKind, [
        {
          values: Object.fromEntries(
            recordKind.fields
              .filter((spec) => !spec.optional)
              .map((spec) => [
                spec.name,
                spec.type === 'link'
                  ? `https://example.org/${recordKind.collection}.pdf`
                  : `Lifecycle ${index}`,
              ]),
          ),
          created: new Date(`2026-04-0${(index % 8) + 1}T00:00:00.000Z`),
        },
      ]);
      const id = record!.id;
      made[`${recordKind.collection}:changed`] = id;
      const amended = await amendRecord(database, recordKind, id, {
        ...author,
        fields: { [recordKind.nameField]: `Lifecycle ${index}, corrected title` },
        reason: 'The title was misspelt.',
        version: 1,
      });
      expect(amended.ok).toBe(true);
      const withdrawn = await withdrawRecord(database, recordKind, id, {
        ...author,
        reason: 'Posted in error.',
      });
      expect(withdrawn.ok).toBe(true);
    }
  });

  async function get(url: string) {
    return testApp.app.inject({ method: 'GET', url });
  }

  /** Follows links.next from the first page to the last, checking each page against the schema. */
  async function harvest(start = '/ocds/releases.json'): Promise<Release[]> {
    const releases: Release[] = [];
    let url: string | undefined = start;
    while (url) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as ReleasePackage;
      expectValid(releasePackageSchema, body, `release package ${url}`);
      expect(body.releases.length).toBeLessThanOrEqual(RELEASES_PAGE_SIZE);
      releases.push(...body.releases);
      url = body.links?.next.replace(SITE_URL, '');
    }
    return releases;
  }

  async function releaseCount(): Promise<number> {
    let count = 0;
    for (const table of [
      ...recordKinds.map((recordKind) => recordKind.collection),
      'record_history',
    ]) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(testApp.site.db);
      count += Number(rows[0]!.n);
    }
    return count;
  }

  it('the validator is the real one: it refuses a release package the standard refuses', async () => {
    const body = (await get('/ocds/releases.json')).json() as ReleasePackage;
    const broken = structuredClone(body);
    broken.releases[0]!.tag = ['posted' as never];
    expect(releasePackageSchema(broken)).toBe(false);
    expect(releasePackageSchema({ ...body, publishedDate: 'yesterday' })).toBe(false);
  });

  it('pages of the release package validate and give every release of every record exactly once, oldest first', async () => {
    const releases = await harvest();
    const ids = releases.map((release) => release.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await releaseCount());
    const order = releases.map((release) => [release.date, release.id] as const);
    const sorted = [...order].sort((a, b) =>
      a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1,
    );
    expect(order).toEqual(sorted);
    // Posted, amended and withdrawn releases of every kind are among them.
    for (const recordKind of recordKinds) {
      const id = made[`${recordKind.collection}:changed`];
      for (const version of [1, 2, 3]) {
        expect(ids).toContain(`${recordKind.collection}-${id}-v${version}`);
      }
    }
  });

  it('a record package for every process validates, holding exactly the releases of its ocid and a compiled release', async () => {
    const releases = await harvest();
    const byOcid = new Map<string, Release[]>();
    for (const release of releases) {
      byOcid.set(release.ocid, [...(byOcid.get(release.ocid) ?? []), release]);
    }
    expect(byOcid.size).toBeGreaterThan(recordKinds.length * 14);
    for (const [ocid, ofProcess] of byOcid) {
      const response = await get(`/ocds/records/${encodeURIComponent(ocid)}.json`);
      expect(response.statusCode, ocid).toBe(200);
      const body = response.json() as RecordPackage;
      expectValid(recordPackageSchema, body, `record package ${ocid}`);
      expect(body.uri).toBe(`${SITE_URL}/ocds/records/${encodeURIComponent(ocid)}.json`);
      const [record] = body.records;
      expect(record!.ocid).toBe(ocid);
      expect(record!.releases).toEqual(ofProcess);
      expect(record!.compiledRelease.tag).toEqual(['compiled']);
    }
  });

  it('maps one procurement from invitation to notice to proceed onto one process', async () => {
    const ocid = `${PREFIX}-11223344`;
    const body = (await get(`/ocds/records/${ocid}.json`)).json() as RecordPackage;
    const [record] = body.records;
    const releases = record!.releases;
    expect(releases.map((release) => release.tag)).toEqual([
      ['tender'],
      ['tenderAmendment'],
      ['award'],
      ['contract'],
    ]);
    const buyer = { id: releases[0]!.buyer.id, name: content.site.municipality.name };
    for (const release of releases) {
      expect(release.buyer).toEqual(buyer);
      expect(release.parties).toContainEqual({ ...buyer, roles: ['buyer', 'procuringEntity'] });
    }
    const [tender, bulletin, award, contract] = releases;
    expect(tender!.tender).toMatchObject({
      id: 'ITB-2026-007',
      status: 'active',
      procuringEntity: buyer,
      procurementMethod: 'open',
      procurementMethodDetails: expect.stringContaining('Public Bidding'),
      value: { amount: 2500000, currency: 'PHP' },
      tenderPeriod: { endDate: '2026-02-10T02:00:00.000Z' },
    });
    const notice = tender!.tender!.documents!.find(
      (document) => document.documentType === 'tenderNotice',
    );
    expect(notice).toMatchObject({
      url: `${SITE_URL}/documents/${hostedSha}/invitation.pdf`,
      format: 'application/pdf',
      description: expect.stringContaining(`SHA-256 ${hostedSha}`),
    });
    expect(tender!.tender!.documents).toContainEqual(
      expect.objectContaining({ url: `${SITE_URL}/public-bidding/${made.bidding}` }),
    );
    expect(bulletin!.tender!.amendments).toEqual([
      expect.objectContaining({ rationale: 'Bid Bulletin 1' }),
    ]);
    expect(bulletin!.tender!.tenderPeriod).toEqual({ endDate: '2026-02-17T02:00:00.000Z' });
    const supplier = award!.parties.find((party) => party.roles.includes('supplier'))!;
    expect(supplier.name).toBe('Peñafrancia Builders');
    expect(award!.awards).toEqual([
      expect.objectContaining({
        id: `notice_of_awards-${made.award}`,
        status: 'active',
        value: { amount: 2389000.5, currency: 'PHP' },
        suppliers: [{ id: supplier.id, name: supplier.name }],
      }),
    ]);
    // The contract names the process's published award; no award is minted beside it.
    expect(contract!.awards).toBeUndefined();
    expect(contract!.contracts).toEqual([
      expect.objectContaining({
        id: `notice_to_proceed-${made.proceed}`,
        awardID: `notice_of_awards-${made.award}`,
        value: { amount: 2389000.5, currency: 'PHP' },
      }),
    ]);
    const compiled = record!.compiledRelease;
    expect(compiled.tender!.tenderPeriod).toEqual({ endDate: '2026-02-17T02:00:00.000Z' });
    expect(compiled.tender!.value).toEqual({ amount: 2500000, currency: 'PHP' });
    expect(compiled.tender!.documents!.map((document) => document.id)).toEqual(
      expect.arrayContaining([
        `public_bidding-${made.bidding}-notice`,
        `bid_bulletin-${made.bulletin}-notice`,
      ]),
    );
    expect(compiled.awards!.map((item) => item.id)).toEqual([`notice_of_awards-${made.award}`]);
    expect(compiled.contracts!.map((item) => item.awardID)).toEqual([
      `notice_of_awards-${made.award}`,
    ]);
    expect(compiled.parties.map((party) => party.id).sort()).toEqual(
      [buyer.id, supplier.id].sort(),
    );
  });

  it('a notice to proceed without a published award carries the award it implies, and its contract names it', async () => {
    const id = made['notice_to_proceed:changed']!;
    const body = (
      await get(`/ocds/records/${PREFIX}-notice_to_proceed-${id}.json`)
    ).json() as RecordPackage;
    const [posted] = body.records[0]!.releases;
    const minted = `notice_to_proceed-${id}-award`;
    expect(posted!.awards).toEqual([expect.objectContaining({ id: minted, status: 'active' })]);
    expect(posted!.contracts![0]!.awardID).toBe(minted);
  });

  it('an amendment is a new release with the reason and the change; a withdrawal cancels per kind', async () => {
    const expected: Record<
      string,
      { amended: string; withdrawn: string; part: (release: Release) => unknown }
    > = {
      public_bidding: {
        amended: 'tenderAmendment',
        withdrawn: 'tenderCancellation',
        part: (r) => r.tender,
      },
      svp: { amended: 'tenderAmendment', withdrawn: 'tenderCancellation', part: (r) => r.tender },
      shopping_bidding: {
        amended: 'tenderAmendment',
        withdrawn: 'tenderCancellation',
        part: (r) => r.tender,
      },
      two_failed_bidding: {
        amended: 'tenderAmendment',
        withdrawn: 'tenderCancellation',
        part: (r) => r.tender,
      },
      bid_bulletin: {
        amended: 'tenderAmendment',
        withdrawn: 'tenderAmendment',
        part: (r) => r.tender,
      },
      notice_of_awards: {
        amended: 'awardUpdate',
        withdrawn: 'awardCancellation',
        part: (r) => r.awards![0],
      },
      notice_to_proceed: {
        amended: 'contractAmendment',
        withdrawn: 'contractTermination',
        part: (r) => r.contracts![0],
      },
    };
    for (const [collection, tags] of Object.entries(expected)) {
      const id = made[`${collection}:changed`]!;
      const body = (
        await get(`/ocds/records/${PREFIX}-${collection}-${id}.json`)
      ).json() as RecordPackage;
      const [posted, amended, withdrawn] = body.records[0]!.releases;
      expect(amended!.tag, collection).toEqual([tags.amended]);
      expect(withdrawn!.tag, collection).toEqual([tags.withdrawn]);
      const amendedPart = tags.part(amended!) as { amendments: unknown[]; title: string };
      expect(amendedPart.title).toMatch(/corrected title$/);
      expect(amendedPart.amendments, collection).toContainEqual(
        expect.objectContaining({
          id: `${collection}-${id}-v2`,
          rationale: 'The title was misspelt.',
          description: expect.stringMatching(/“Lifecycle \d+” → “Lifecycle \d+, corrected title”/),
          amendsReleaseID: posted!.id,
          releaseID: amended!.id,
        }),
      );
      const withdrawnPart = tags.part(withdrawn!) as { status?: string; amendments: unknown[] };
      if (collection === 'bid_bulletin') {
        expect(withdrawnPart.amendments).toContainEqual(
          expect.objectContaining({ rationale: 'Posted in error.' }),
        );
      } else {
        expect(withdrawnPart.status, collection).toBe('cancelled');
      }
      expect(body.records[0]!.compiledRelease.date).toBe(withdrawn!.date);
    }
  });

  it('two failed biddings are an unsuccessful tender; reports are planning documents, corrected and withdrawn', async () => {
    const failedId = made['two_failed_bidding:changed']!;
    const failed = (
      await get(`/ocds/records/${PREFIX}-two_failed_bidding-${failedId}.json`)
    ).json() as RecordPackage;
    expect(failed.records[0]!.releases[0]!.tender!.status).toBe('unsuccessful');
    const reportId = made['reports:changed']!;
    const report = (
      await get(`/ocds/records/${PREFIX}-reports-${reportId}.json`)
    ).json() as RecordPackage;
    expectValid(recordPackageSchema, report, 'the withdrawn report');
    const [posted, corrected, withdrawn] = report.records[0]!.releases;
    expect(posted!.tag).toEqual(['planning']);
    expect(posted!.planning!.documents).toContainEqual(
      expect.objectContaining({
        url: 'https://example.org/reports.pdf',
        title: expect.stringMatching(/^Lifecycle/),
      }),
    );
    expect(corrected!.tag).toEqual(['planningUpdate']);
    expect(corrected!.planning!.documents[0]!.description).toContain('The title was misspelt.');
    // Planning has no status to cancel, so the withdrawal is an update whose notice says so.
    expect(withdrawn!.tag).toEqual(['planningUpdate']);
    expect(withdrawn!.planning!.documents[0]!.description).toContain('Withdrawn: Posted in error.');
    expect(report.records[0]!.compiledRelease.date).toBe(withdrawn!.date);
  });

  it('since pages through many releases of one time exactly once, and iterateReleases gives the same', async () => {
    const created = new Date('2027-01-01T00:00:00.000Z');
    const batch = 2 * RELEASES_PAGE_SIZE + 37;
    await insertRecords(
      testApp.site,
      kind('svp'),
      Array.from({ length: batch }, (_, index) => ({
        values: {
          pr_number: `PR-TIE-${index}`,
          project_title: `Same-second import ${index}`,
          link: 'https://example.org/tie.pdf',
        },
        created,
      })),
    );
    const releases = await harvest(
      `/ocds/releases.json?since=${encodeURIComponent('2027-01-01T08:00:00+08:00')}`,
    );
    expect(releases).toHaveLength(batch);
    expect(new Set(releases.map((release) => release.id)).size).toBe(batch);
    expect(releases.every((release) => release.date === created.toISOString())).toBe(true);
    const settings = { siteUrl: SITE_URL, site: content.site };
    const iterated = [];
    for await (const release of iterateReleases(
      testApp.site,
      settings,
      { since: created.toISOString() },
      50,
    ))
      iterated.push(release);
    expect(iterated.map((release) => release.id)).toEqual(releases.map((release) => release.id));
    // A later since leaves them all out.
    const after = (
      await get('/ocds/releases.json?since=2027-01-01T00:00:00.001Z')
    ).json() as ReleasePackage;
    expect(after.releases).toEqual([]);
    expect(after.links).toBeUndefined();
  });

  it('sends an ETag with each package and answers If-None-Match with 304 until the data changes', async () => {
    const ocid = `${PREFIX}-11223344`;
    const urls = [
      '/ocds/releases.json',
      '/ocds/releases.json?since=2026-01-25',
      `/ocds/records/${ocid}.json`,
    ];
    const conditional = (url: string, etag: string) =>
      testApp.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    const first = new Map<string, string>();
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      // Weak: publishedDate is the time of each answer, so only the content is the same.
      const etag = response.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      first.set(url, etag);
      const again = await conditional(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect((await conditional(url, `"other", ${etag.slice(2)}`)).statusCode, url).toBe(304);
      expect((await conditional(url, '"other"')).statusCode, url).toBe(200);
    }
    expect(new Set(first.values()).size, 'each URL its own tag').toBe(urls.length);
    // An unknown ocid is not a current representation, whatever the client holds.
    const unknown = await conditional(`/ocds/records/${PREFIX}-99999999999.json`, '*');
    expect(unknown.statusCode).toBe(404);

    const amended = await amendRecord(testApp.site, kind('bid_bulletin'), made.bulletin!, {
      ...author,
      fields: { addenddum_number: '2' },
      reason: 'The addendum number was wrong.',
      version: 1,
    });
    expect(amended.ok).toBe(true);
    for (const url of urls) {
      const changed = await conditional(url, first.get(url)!);
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag, url).not.toBe(first.get(url));
    }
  });

  it('refuses a bad cursor in words, and an unknown ocid with 404', async () => {
    for (const url of [
      '/ocds/releases.json?since=last+week',
      '/ocds/releases.json?since=2026-13-45T00:00:00Z',
      '/ocds/releases.json?after=svp-1-v1',
      '/ocds/releases.json?since=2026-01-01&after=x',
      '/ocds/releases.json?since=2026-01-01&since=2026-02-01',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/since|after/);
    }
    for (const url of [
      `/ocds/records/${PREFIX}-99999999999.json`,
      `/ocds/records/ocds-zzzzzz-11223344.json`,
      `/ocds/records/${PREFIX}-11223344`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('opens a plan line’s record with a planning release carrying its APP budget', async () => {
    const database = testApp.site;
    await importPlanLines(
      database,
      {
        year: 2027,
        lines: [
          {
            appCode: 'OCDS-PLAN-1',
            title: 'Rehabilitation of the public market',
            endUserOffice: 'Municipal Engineering Office',
            mode: 'Public Bidding',
            sourceOfFunds: '20% Development Fund',
            abc: 7_500_000_50,
            columns: {},
          },
        ],
      },
      { ...author, detail: {} },
      new Date('2026-11-02T01:00:00.000Z'),
    );
    const ocid = `${PREFIX}-${planProcessKey(2027, 'OCDS-PLAN-1')}`;
    const response = await get(`/ocds/records/${ocid}.json`);
    expect(response.statusCode).toBe(200);
    const record = response.json() as RecordPackage;
    expectValid(recordPackageSchema, record, 'the plan line’s record');
    const [planning] = record.records[0]!.releases;
    expect(planning!.tag).toEqual(['planning']);
    expect(record.records[0]!.compiledRelease.planning).toMatchObject({
      budget: {
        id: 'OCDS-PLAN-1',
        project: 'Rehabilitation of the public market',
        amount: { amount: 7500000.5, currency: 'PHP' },
      },
    });
  });
});

describe('the abstract of bids in OCDS (bids extension)', () => {
  const testApp = useTestApp({ SITE_URL });

  it('carries bids.details, tender.tenderers and numberOfTenderers, and tenderer parties, valid with the extension merged', async () => {
    const { visitor: bac } = await signedInStaff(
      testApp,
      'bac.ocds-bids@san-isidro.gov.ph',
      'a long bac passphrase',
    );
    const post = async (url: string, payload: unknown) =>
      bac.request({
        method: 'POST',
        url,
        headers: { 'x-csrf-token': await bac.csrfToken() },
        payload,
      });
    const invitation = await post('/api/records/public_bidding', {
      bid_number: 'ITB-2026-090',
      project_title: 'Drainage of Purok 5',
      abc: '1,000,000.00',
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb-090.pdf',
    });
    const ocid = `${PREFIX}-public_bidding-${invitation.json().id}`;
    const award = await post('/api/records/notice_of_awards', {
      pr_number: 'PR-2026-090',
      project_title: 'Drainage of Purok 5',
      supplier: 'Agos Builders Inc.',
      mode_of_procurement: 'Public Bidding',
      contract_amount: '950,000.00',
      link: 'https://example.org/noa-090.pdf',
      project: ocid,
    });
    expect(award.statusCode).toBe(201);
    const bids = `/api/procurements/${encodeURIComponent(ocid)}/bids`;
    for (const payload of [
      { bidder: 'Agos Builders, Inc.', amount: '950000', outcome: 'lcrb' },
      {
        bidder: 'Batis Corp.',
        amount: '940000',
        outcome: 'failed-eligibility',
        reason: 'No PCAB license',
      },
      {
        bidder: 'Ilog Trading',
        amount: '990000',
        outcome: 'withdrawn',
        reason: 'Letter of withdrawal',
      },
    ]) {
      expect((await post(bids, payload)).statusCode).toBe(201);
    }
    const response = await testApp.app.inject(`/ocds/records/${encodeURIComponent(ocid)}.json`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as RecordPackage;
    expect(schemaErrors(recordPackageWithBids, body)).toEqual([]);
    const compiled = body.records[0]!.compiledRelease;
    expect(
      compiled.bids?.details.map((bid) => [bid.tenderers[0]!.name, bid.status, bid.value]),
    ).toEqual([
      ['Batis Corp.', 'disqualified', { amount: 940000, currency: 'PHP' }],
      ['Agos Builders, Inc.', 'valid', { amount: 950000, currency: 'PHP' }],
      ['Ilog Trading', 'withdrawn', { amount: 990000, currency: 'PHP' }],
    ]);
    expect(compiled.tender?.numberOfTenderers).toBe(3);
    expect(compiled.tender?.tenderers?.map((tenderer) => tenderer.name)).toEqual([
      'Batis Corp.',
      'Agos Builders, Inc.',
      'Ilog Trading',
    ]);
    const agos = compiled.parties.find((party) => party.name.startsWith('Agos'))!;
    expect(agos.roles.sort()).toEqual(['supplier', 'tenderer']);
    expect(compiled.parties.filter((party) => party.roles.includes('tenderer'))).toHaveLength(3);
  });
});

describe('the release feed carries every release of the record packages', () => {
  const testApp = useTestApp({ SITE_URL });

  /** Every page of /ocds/releases.json, each checked against 1.1.5 with the bids extension. */
  async function feedPages(): Promise<ReleasePackage[]> {
    const pages: ReleasePackage[] = [];
    let url: string | undefined = '/ocds/releases.json';
    while (url) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      const body = response.json() as ReleasePackage;
      const valid = releasePackageWithBids(body);
      expect(valid ? [] : releasePackageWithBids.errors, url).toEqual([]);
      pages.push(body);
      url = body.links?.next.replace(SITE_URL, '');
    }
    return pages;
  }

  it('holds the planning, bids, contract amendment and completion releases, schema-valid, and declares the bids extension with them', async () => {
    const { visitor: bac } = await signedInStaff(
      testApp,
      'bac.ocds-feed@san-isidro.gov.ph',
      'a long bac passphrase',
    );
    const post = async (url: string, payload: unknown) =>
      bac.request({
        method: 'POST',
        url,
        headers: { 'x-csrf-token': await bac.csrfToken() },
        payload,
      });
    await importPlanLines(
      testApp.site,
      {
        year: 2026,
        lines: [
          {
            appCode: 'FEED-1',
            title: 'Concreting of the Purok 2 road',
            endUserOffice: 'Municipal Engineering Office',
            mode: 'Public Bidding',
            sourceOfFunds: '20% Development Fund',
            abc: 2_000_000_00,
            columns: {},
          },
        ],
      },
      { ...author, detail: {} },
      new Date('2026-01-15T01:00:00.000Z'),
    );
    const ocid = `${PREFIX}-${planProcessKey(2026, 'FEED-1')}`;
    const project = encodeURIComponent(ocid);
    const notices = [
      [
        '/api/records/public_bidding',
        {
          bid_number: 'ITB-2026-FEED',
          project_title: 'Concreting of the Purok 2 road',
          abc: '2,000,000.00',
          closing_date: '2026-03-10T10:00',
          link: 'https://example.org/itb-feed.pdf',
          project: ocid,
        },
      ],
      [
        '/api/records/notice_of_awards',
        {
          pr_number: 'PR-2026-FEED',
          project_title: 'Concreting of the Purok 2 road',
          supplier: 'Daan Builders Inc.',
          mode_of_procurement: 'Public Bidding',
          contract_amount: '1,900,000.00',
          link: 'https://example.org/noa-feed.pdf',
          project: ocid,
        },
      ],
      [
        '/api/records/notice_to_proceed',
        {
          pr_number: 'PR-2026-FEED',
          project_title: 'Concreting of the Purok 2 road',
          supplier: 'Daan Builders Inc.',
          mode_of_procurement: 'Public Bidding',
          contract_amount: '1,900,000.00',
          link: 'https://example.org/ntp-feed.pdf',
          project: ocid,
        },
      ],
    ] as const;
    for (const [url, payload] of notices) {
      expect((await post(url, payload)).statusCode, url).toBe(201);
    }
    for (const payload of [
      { bidder: 'Daan Builders, Inc.', amount: '1900000', outcome: 'lcrb' },
      { bidder: 'Lansangan Corp.', amount: '1950000', outcome: 'responsive' },
    ]) {
      expect((await post(`/api/procurements/${project}/bids`, payload)).statusCode).toBe(201);
    }
    const amended = await post(`/api/procurements/${project}/contract-amendments`, {
      amount: '2,050,000.00',
      date: '2026-06-01',
      reason: 'Variation order 1: longer drainage',
    });
    expect(amended.statusCode).toBe(201);
    const completed = await post(`/api/procurements/${project}/completion`, {
      date: '2026-09-30',
    });
    expect(completed.statusCode).toBe(200);

    const record = (
      await testApp.app.inject(`/ocds/records/${project}.json`)
    ).json() as RecordPackage;
    const valid = recordPackageWithBids(record);
    expect(valid ? [] : recordPackageWithBids.errors).toEqual([]);
    expect(record.extensions).toEqual([BIDS_EXTENSION_URL]);
    const fromRecord = record.records[0]!.releases;
    expect(fromRecord.map((release) => release.tag[0])).toEqual([
      'planning',
      'tender',
      'award',
      'contract',
      // The abstract of bids: one release holding every bid.
      'tenderUpdate',
      'contractAmendment',
      'contractTermination',
    ]);

    const pages = await feedPages();
    const fed = pages.flatMap((page) => page.releases);
    // The same releases, built once: the feed holds the record's exactly, in its order.
    expect(fed.filter((release) => release.ocid === ocid)).toEqual(fromRecord);
    for (const page of pages) {
      const bids = page.releases.some((release) => release.bids);
      expect(page.extensions, page.uri).toEqual(bids ? [BIDS_EXTENSION_URL] : undefined);
    }
    // A harvester's cursor may stop after any of the project's own releases.
    const bidsRelease = fromRecord.find((release) => release.bids)!;
    const after = await testApp.app.inject(
      `/ocds/releases.json?${new URLSearchParams({ since: bidsRelease.date, after: bidsRelease.id })}`,
    );
    expect(after.statusCode).toBe(200);
    const rest = after.json() as ReleasePackage;
    expect(rest.releases.map((release) => release.id)).toEqual(
      fromRecord.slice(fromRecord.indexOf(bidsRelease) + 1).map((release) => release.id),
    );
    // Without bids in it, a package declares no extension.
    expect(rest.releases.some((release) => release.bids)).toBe(false);
    expect(rest.extensions).toBeUndefined();

    // `municipal export all --format ocds` writes the same package body, extension declared,
    // from the database the app serves from.
    const { dataDir, databaseUrl } = testApp.config;
    const exported = await cli(dataDir, ['export', 'all', '--format', 'ocds'], '', {
      SITE_URL,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const file = JSON.parse(exported.stdout) as ReleasePackage;
    const fileValid = releasePackageWithBids(file);
    expect(fileValid ? [] : releasePackageWithBids.errors).toEqual([]);
    expect(file.extensions).toEqual([BIDS_EXTENSION_URL]);
    expect(file.releases).toEqual(fed);
  });
});

describe('the ocid prefix in content', () => {
  it('must be a registered prefix: "ocds-" and six lower-case letters or digits', async () => {
    const raw = JSON.parse(readFileSync(path.resolve('content/site.json'), 'utf8'));
    expect(siteSchema.safeParse(raw).success).toBe(true);
    for (const ocidPrefix of ['ocds-ABC123', 'ocds-abc12', 'xyz-abc123', 'ocds-abc123-']) {
      const parsed = siteSchema.safeParse({ ...raw, openData: { ...raw.openData, ocidPrefix } });
      expect(parsed.success, ocidPrefix).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('OCDS prefix');
    }
  });
});

describe('OCDS without SITE_URL on a public listener', () => {
  const testApp = useTestApp({ HOST: '0.0.0.0' });

  it('answers 404 saying why, since every OCDS URL must be absolute', async () => {
    for (const url of ['/ocds/releases.json', `/ocds/records/${PREFIX}-svp-1.json`]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toContain('SITE_URL');
    }
  });
});
