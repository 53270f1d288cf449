import { describe, expect, it } from 'vitest';
import {
  checkAmounts,
  checkDateOrder,
  checkDocumentUrls,
  checkNoEmpty,
  checkOcdsOutput,
  checkOcidPrefix,
  checkParties,
  checkSchema,
  checkUniqueIds,
  type OcdsOutput,
} from '../../server/open-data/ocds-quality.ts';
import { compileReleases } from '../../server/open-data/ocds-merge.ts';
import type { Release } from '../../server/open-data/ocds-types.ts';

const SITE = 'https://procurement.example.gov.ph';
const PREFIX = 'ocds-abc123';
const OCID = `${PREFIX}-11223344`;
const buyer = { id: 'PH-LGU-san-isidro', name: 'Municipality of San Isidro' };
const supplier = { id: 'supplier-lakas', name: 'Lakas Construction' };

const base = (id: string, date: string): Release => ({
  ocid: OCID,
  id,
  date,
  tag: ['tender'],
  initiationType: 'tender',
  language: 'en',
  parties: [
    { ...buyer, roles: ['buyer', 'procuringEntity'] },
    { ...supplier, roles: ['supplier'] },
  ],
  buyer,
});

/** One process: an invitation closing on 10 February, an award on 2 March, its contract. */
function releases(): Release[] {
  return [
    {
      ...base('public_bidding-1-v1', '2026-01-20T01:00:00.000Z'),
      tender: {
        id: 'ITB-2026-007',
        title: 'Concreting of Sitio Malinis Road',
        procuringEntity: buyer,
        tenderPeriod: { endDate: '2026-02-10T02:00:00.000Z' },
        documents: [{ id: 'doc-1', url: `${SITE}/documents/itb.pdf` }],
      },
    },
    {
      ...base('notice_of_awards-2-v1', '2026-03-02T01:00:00.000Z'),
      tag: ['award'],
      awards: [
        {
          id: 'notice_of_awards-2',
          date: '2026-03-02T01:00:00.000Z',
          value: { amount: 2_000_000, currency: 'PHP' },
          suppliers: [supplier],
        },
      ],
    },
    {
      ...base('notice_to_proceed-3-v1', '2026-03-09T01:00:00.000Z'),
      tag: ['contract'],
      contracts: [
        {
          id: 'notice_to_proceed-3',
          awardID: 'notice_of_awards-2',
          value: { amount: 2_000_000, currency: 'PHP' },
          documents: [{ id: 'doc-2', url: `${SITE}/documents/ntp.pdf` }],
        },
      ],
    },
  ];
}

const metadata = (uri: string) => ({
  uri,
  version: '1.1' as const,
  publishedDate: '2026-11-27T00:00:00.000Z',
  publisher: { name: 'Municipality of San Isidro', uri: SITE },
  license: 'https://creativecommons.org/licenses/by/4.0/',
  publicationPolicy: `${SITE}/open-data`,
});

/** The output of a site with this one process, after `tamper` changed its releases. */
function output(tamper: (all: Release[]) => void = () => {}, prefix = PREFIX): OcdsOutput {
  const all = releases();
  tamper(all);
  return {
    ocidPrefix: prefix,
    releasePackages: [{ ...metadata(`${SITE}/ocds/releases.json`), releases: all }],
    recordPackages: [
      {
        ...metadata(`${SITE}/ocds/records/${OCID}.json`),
        records: [{ ocid: OCID, releases: all, compiledRelease: compileReleases(all) }],
      },
    ],
  };
}

describe('the OCDS quality checks (issue 35)', () => {
  it('find nothing wrong with a coherent process', async () => {
    const report = await checkOcdsOutput(output(), { now: new Date() });
    expect(report.checks.filter((check) => check.status !== 'passed')).toEqual([
      { id: 'document-urls', status: 'skipped', count: 0, problems: [] },
    ]);
    expect(report).toMatchObject({ ok: true, processes: 1, releases: 3 });
  });

  it('schema: names the release and field the schema refuses', () => {
    expect(checkSchema(output())).toEqual([]);
    const found = checkSchema(
      output((all) => {
        (all[1]!.awards![0] as { date: string }).date = 'the second of March';
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        code: 'schema-invalid',
        ocid: OCID,
        release: 'notice_of_awards-2-v1',
        path: 'awards[0]/date',
      }),
    );
  });

  it('ocid-prefix: the placeholder, an unregistered form, and an ocid under another prefix', () => {
    expect(checkOcidPrefix(output())).toEqual([]);
    expect(checkOcidPrefix(output(() => {}, 'ocds-xxxxxx'))).toContainEqual({
      code: 'prefix-placeholder',
      path: 'openData.ocidPrefix',
      values: { prefix: 'ocds-xxxxxx' },
    });
    expect(checkOcidPrefix(output(() => {}, 'ocds-ABC'))[0]).toMatchObject({
      code: 'prefix-form',
      path: 'openData.ocidPrefix',
    });
    const other = checkOcidPrefix(
      output((all) => {
        all[2]!.ocid = 'ocds-zzz999-11223344';
      }),
    );
    expect(other[0]).toMatchObject({
      code: 'prefix-form',
      release: 'notice_to_proceed-3-v1',
      path: 'releases[2]/ocid',
    });
  });

  it('unique-ids: a release id twice, and one id twice within an array', () => {
    expect(checkUniqueIds(output())).toEqual([]);
    const twice = checkUniqueIds(output((all) => void all.push(structuredClone(all[0]!))));
    expect(twice).toContainEqual({
      code: 'duplicate-release-id',
      ocid: OCID,
      release: 'public_bidding-1-v1',
      path: 'releases[3]/id',
    });
    const documents = checkUniqueIds(
      output((all) => {
        all[0]!.tender!.documents!.push({ id: 'doc-1', url: `${SITE}/other.pdf` });
      }),
    );
    expect(documents[0]).toMatchObject({
      code: 'duplicate-array-id',
      release: 'public_bidding-1-v1',
      path: 'tender/documents[1]/id',
      values: { id: 'doc-1' },
    });
  });

  it('date-order: an award before the tender ends, a contract signed before its award, a period backwards, an amendment before signing', () => {
    expect(checkDateOrder(output())).toEqual([]);
    const early = checkDateOrder(
      output((all) => {
        all[1]!.awards![0]!.date = '2026-02-01T00:00:00.000Z';
      }),
    );
    expect(early).toEqual([
      {
        code: 'date-order',
        ocid: OCID,
        release: 'notice_of_awards-2-v1',
        path: 'compiledRelease/awards[0]/date',
        values: {
          earlier: 'tender/tenderPeriod/endDate',
          earlierDate: '2026-02-10T02:00:00.000Z',
          later: 'awards[0]/date',
          laterDate: '2026-02-01T00:00:00.000Z',
        },
      },
    ]);
    const contract = checkDateOrder(
      output((all) => {
        Object.assign(all[2]!.contracts![0]!, {
          dateSigned: '2026-03-01T00:00:00.000Z',
          period: { startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-03-31T00:00:00.000Z' },
          amendments: [
            {
              id: 'a1',
              date: '2026-02-28T00:00:00.000Z',
              rationale: 'r',
              description: 'd',
              releaseID: 'x',
            },
          ],
        });
      }),
    );
    expect(contract.map((found) => found.path)).toEqual([
      'contracts[0]/period/endDate',
      'contracts[0]/amendments[0]/date',
      'compiledRelease/contracts[0]/dateSigned',
    ]);
  });

  it('amounts: a contract at 150% of its award passes, at 151% it is named', () => {
    const at = (amount: number) =>
      checkAmounts(
        output((all) => {
          all[2]!.contracts![0]!.value!.amount = amount;
        }),
      );
    expect(at(3_000_000)).toEqual([]);
    expect(at(1_000_000)).toEqual([]);
    expect(at(3_020_000)).toEqual([
      {
        code: 'amount-out-of-range',
        ocid: OCID,
        release: 'notice_to_proceed-3-v1',
        path: 'compiledRelease/contracts[0]/value/amount',
        values: {
          amount: 3_020_000,
          award: 'notice_of_awards-2',
          awardAmount: 2_000_000,
          percent: 151,
        },
      },
    ]);
    expect(at(990_000)[0]).toMatchObject({ values: { percent: 49.5 } });
  });

  it('parties: a supplier missing from the parties, a buyer without its role', () => {
    expect(checkParties(output())).toEqual([]);
    const missing = checkParties(
      output((all) => {
        all[1]!.parties = all[1]!.parties.filter((party) => party.id !== supplier.id);
      }),
    );
    expect(missing[0]).toMatchObject({
      code: 'party-missing',
      release: 'notice_of_awards-2-v1',
      path: 'awards[0]/suppliers[0]/id',
      values: { id: supplier.id, role: 'supplier' },
    });
    const role = checkParties(
      output((all) => {
        all[0]!.parties[0]!.roles = ['procuringEntity'];
      }),
    );
    expect(role[0]).toMatchObject({
      code: 'party-role-missing',
      release: 'public_bidding-1-v1',
      path: 'buyer/id',
      values: { id: buyer.id, role: 'buyer' },
    });
  });

  it('no-empty: an empty string, object and array, each by its path', () => {
    expect(checkNoEmpty(output())).toEqual([]);
    const found = checkNoEmpty(
      output((all) => {
        all[0]!.tender!.title = ' ';
        all[1]!.awards![0]!.suppliers = [];
        (all[2] as unknown as { planning: object }).planning = {};
      }),
    );
    expect(found.filter((item) => !item.release?.endsWith('(compiled)'))).toEqual([
      { code: 'empty-value', ocid: OCID, release: 'public_bidding-1-v1', path: 'tender/title' },
      {
        code: 'empty-value',
        ocid: OCID,
        release: 'notice_of_awards-2-v1',
        path: 'awards[0]/suppliers',
      },
      { code: 'empty-value', ocid: OCID, release: 'notice_to_proceed-3-v1', path: 'planning' },
    ]);
  });

  it('document-urls: fetches a sample, naming the one not answering 200', async () => {
    const asked: string[] = [];
    const answer = (url: string) =>
      new Response('', { status: url.endsWith('ntp.pdf') ? 404 : 200 });
    const fetch = (async (url: string) => {
      asked.push(url);
      return answer(url);
    }) as unknown as typeof globalThis.fetch;
    expect(await checkDocumentUrls(output(), { sample: 1, fetch })).toEqual([]);
    expect(asked).toEqual([`${SITE}/documents/itb.pdf`]);
    expect(await checkDocumentUrls(output(), { sample: 5, fetch })).toEqual([
      {
        code: 'url-not-ok',
        ocid: OCID,
        release: 'notice_to_proceed-3-v1',
        path: 'contracts[0]/documents[0]/url',
        values: { url: `${SITE}/documents/ntp.pdf`, status: '404' },
      },
    ]);
    const report = await checkOcdsOutput(output(), { now: new Date(), urls: { fetch } });
    expect(report.ok).toBe(false);
    expect(report.checks.at(-1)).toMatchObject({ id: 'document-urls', status: 'failed', count: 1 });
  });
});
