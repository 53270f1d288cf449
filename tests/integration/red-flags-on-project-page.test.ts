/**
 * Each of the nine red flags (issue 35) raised by projects built through the staff API in a
 * real database, shown on the project page with the facts that raised it, and just missed by
 * a project beside it, whose page shows no such flag; then the year's list and its counts.
 * Awards are spread so that no market (a year's awards in one mode) is held by one supplier
 * unless a test means it to be.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { useTestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { loadContent } from '../../server/content/load.ts';
import { redFlagsOfYear } from '../../server/red-flags/flags-of-year.ts';
import { projectDetailOptions } from '../../server/procurement-projects/project-detail.ts';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import type { RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';
import type { SupplierDetail } from '../../shared/suppliers/suppliers.ts';

const CONTENT = await loadContent(resolve('content'));
const OPTIONS = projectDetailOptions(CONTENT);
const PREFIX = OPTIONS.ocidPrefix;

describe('the nine red flags on the project page', () => {
  const testApp = useTestApp(
    { SITE_URL: 'https://procurement.example.gov.ph' },
    { clock: testClock('2026-11-20T02:00:00.000Z') },
  );
  let bac: ApiVisitor;
  let serial = 0;
  const ocids: Record<string, string> = {};

  const post = async (url: string, payload: unknown) => {
    const response = await bac.request({
      url,
      method: 'POST',
      payload,
      headers: { 'x-csrf-token': await bac.csrfToken() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };
  /** Posts a notice of a kind (its collection), backdated to `created` when given. */
  async function notice(
    collection: string,
    values: Record<string, string>,
    created?: string,
  ): Promise<{ id: number; ocid: string }> {
    serial += 1;
    const { id } = await post(`/api/records/${collection}`, {
      link: `https://example.org/notice-${serial}.pdf`,
      ...values,
    });
    if (created) {
      await sql`UPDATE ${sql.table(collection)} SET created = ${created} WHERE id = ${id}`.execute(
        testApp.site.db,
      );
    }
    return { id, ocid: `${PREFIX}-${collection}-${id}` };
  }
  const invitation = (title: string, values: Record<string, string> = {}, created?: string) =>
    notice(
      'public_bidding',
      { bid_number: `ITB-${serial + 1}`, project_title: title, abc: '1,000,000.00', ...values },
      created,
    );
  const award = (
    values: { supplier: string; mode: string; amount: string; project?: string; title?: string },
    created?: string,
    collection = 'notice_of_awards',
  ) =>
    notice(
      collection,
      {
        pr_number: `PR-${serial + 1}`,
        project_title: values.title ?? `Award ${serial + 1}`,
        supplier: values.supplier,
        mode_of_procurement: values.mode,
        contract_amount: values.amount,
        ...(values.project ? { project: values.project } : {}),
      },
      created,
    );
  const bids = async (ocid: string, list: [string, string, string][]) => {
    for (const [bidder, amount, outcome] of list) {
      await post(`/api/procurements/${encodeURIComponent(ocid)}/bids`, {
        bidder,
        amount,
        outcome,
        ...(outcome.startsWith('failed-') ? { reason: 'Found failed by the BAC' } : {}),
      });
    }
  };
  const page = async (ocid: string, lang = '') => {
    const response = await testApp.app.inject(`${lang}/procurement/${encodeURIComponent(ocid)}`);
    expect(response.statusCode).toBe(200);
    return response.body.slice(0, response.body.indexOf('<script'));
  };
  const detail = async (ocid: string) =>
    (
      await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
    ).json() as ProcurementProjectDetail;
  const indicators = async (ocid: string) =>
    (await detail(ocid)).flags.map((flag) => flag.indicator);
  /** The page's flags section: from its heading to the section's end. */
  const flagsSection = (html: string) => {
    const start = html.indexOf('id="project-flags"');
    return html.slice(start, html.indexOf('</section>', start));
  };

  beforeAll(async () => {
    ({ visitor: bac } = await signedInStaff(
      testApp,
      'bac.flags@san-isidro.gov.ph',
      'a long bac passphrase',
    ));
    const PB = 'Public Bidding';

    // single-bidder: one bid in public bidding; the miss has two responsive bids.
    ocids.single = (await invitation('Single bid project')).ocid;
    await bids(ocids.single!, [['Alpha Builders', '950,000.00', 'lcrb']]);
    await award({
      supplier: 'Alpha Builders',
      mode: PB,
      amount: '950,000',
      project: ocids.single!,
    });
    ocids.singleMiss = (await invitation('Two bids project')).ocid;
    await bids(ocids.singleMiss!, [
      ['Beta Builders', '950,000.00', 'lcrb'],
      ['Other Builders', '960,000.00', 'responsive'],
    ]);
    await award({
      supplier: 'Beta Builders',
      mode: PB,
      amount: '950,000',
      project: ocids.singleMiss!,
    });

    // bid-near-abc: 98.0% of the ABC raises it, 97.9% misses it.
    ocids.near = (await invitation('Near the ABC')).ocid;
    await bids(ocids.near!, [
      ['Near One', '980,000.00', 'lcrb'],
      ['Near Two', '990,000.00', 'responsive'],
    ]);
    ocids.nearMiss = (await invitation('Just under 98%')).ocid;
    await bids(ocids.nearMiss!, [
      ['Near One', '979,000.00', 'lcrb'],
      ['Near Two', '990,000.00', 'responsive'],
    ]);

    // short-posting: 6 days from posting to bid opening raises it, 7 misses it.
    ocids.short = (
      await invitation(
        'Short posting',
        { closing_date: '2026-03-10T10:00' },
        '2026-03-04T01:00:00.000Z',
      )
    ).ocid;
    ocids.shortMiss = (
      await invitation(
        'Long enough posting',
        { closing_date: '2026-03-10T10:00' },
        '2026-03-03T01:00:00.000Z',
      )
    ).ocid;

    // all-but-winner-disqualified: both others failed (the lowest among them); the miss
    // has one failure, not the lowest.
    ocids.allBut = (await invitation('All but the winner')).ocid;
    await bids(ocids.allBut!, [
      ['Winner Corp', '900,000.00', 'lcrb'],
      ['Loser A', '850,000.00', 'failed-eligibility'],
      ['Loser B', '870,000.00', 'failed-evaluation'],
    ]);
    ocids.allButMiss = (await invitation('One failed bid')).ocid;
    await bids(ocids.allButMiss!, [
      ['Winner Corp', '900,000.00', 'lcrb'],
      ['Loser A', '950,000.00', 'responsive'],
      ['Loser B', '990,000.00', 'failed-evaluation'],
    ]);

    // contract-increase: +10.1% raises it, +9.9% misses it.
    for (const [name, supplier, amended] of [
      ['increase', 'Epsilon Works', '1,101,000.00'],
      ['increaseMiss', 'Zeta Works', '1,099,000.00'],
    ] as const) {
      ocids[name] = (await invitation(`Contract ${name}`)).ocid;
      await award(
        { supplier, mode: PB, amount: '1,000,000', project: ocids[name]! },
        undefined,
        'notice_to_proceed',
      );
      await post(`/api/procurements/${encodeURIComponent(ocids[name]!)}/contract-amendments`, {
        amount: amended,
        date: '2026-11-19',
        reason: 'Variation order 1',
      });
    }

    // impossible-dates: an award before the bids were opened; the miss's award after.
    ocids.dates = (await invitation('Award too early', { closing_date: '2027-01-15T10:00' })).ocid;
    await award({ supplier: 'Gamma Trading', mode: PB, amount: '900,000', project: ocids.dates! });
    ocids.datesMiss = (
      await invitation(
        'Award in order',
        { closing_date: '2026-10-20T10:00' },
        '2026-10-01T01:00:00.000Z',
      )
    ).ocid;
    await award({
      supplier: 'Delta Trading',
      mode: PB,
      amount: '900,000',
      project: ocids.datesMiss!,
    });

    // split-purchase: two SVP awards to one supplier 30 Manila days apart, 1.1M together;
    // the miss's are 31 days apart.
    const SVP = 'Small Value Procurement';
    ocids.split1 = (
      await award(
        { supplier: 'Tipid Supplies', mode: SVP, amount: '600,000', title: 'Split one' },
        '2026-06-01T02:00:00.000Z',
      )
    ).ocid;
    ocids.split2 = (
      await award(
        { supplier: 'TIPID SUPPLIES', mode: SVP, amount: '500,000', title: 'Split two' },
        '2026-07-01T02:00:00.000Z',
      )
    ).ocid;
    ocids.splitMiss1 = (
      await award(
        { supplier: 'Sakto Supplies', mode: SVP, amount: '600,000' },
        '2026-06-01T02:00:00.000Z',
      )
    ).ocid;
    ocids.splitMiss2 = (
      await award(
        { supplier: 'Sakto Supplies', mode: SVP, amount: '500,000' },
        '2026-07-02T02:00:00.000Z',
      )
    ).ocid;

    // supplier-concentration: 50.1% of 2026's shopping; 2027's is split exactly in half.
    ocids.share = (
      await award(
        { supplier: 'Bida Trading', mode: 'Shopping', amount: '501,000' },
        '2026-05-01T02:00:00.000Z',
      )
    ).ocid;
    ocids.shareOther = (
      await award(
        { supplier: 'Kapwa Trading', mode: 'Shopping', amount: '499,000' },
        '2026-05-02T02:00:00.000Z',
      )
    ).ocid;
    ocids.shareMiss = (
      await award(
        { supplier: 'Pantay A', mode: 'Shopping', amount: '500,000' },
        '2027-02-01T02:00:00.000Z',
      )
    ).ocid;
    await award(
      { supplier: 'Pantay B', mode: 'Shopping', amount: '500,000' },
      '2027-02-02T02:00:00.000Z',
    );

    // failed-bidder-negotiated: after two failed biddings, negotiated with a bidder that
    // failed in them; the miss negotiated with one that did not bid.
    const NP = 'Negotiated Procurement (Two Failed Biddings)';
    for (const [name, winner] of [
      ['negotiated', 'TIBAY BUILDERS'],
      ['negotiatedMiss', 'Bagong Builders'],
    ] as const) {
      ocids[name] = (await invitation(`Failed twice ${name}`, { abc: '3,000,000.00' })).ocid;
      await bids(ocids[name]!, [
        ['Tibay Builders', '2,900,000.00', 'failed-post-qualification'],
        ['Other Bidder', '2,700,000.00', 'failed-eligibility'],
      ]);
      await notice('two_failed_bidding', {
        pr_number: `PR-F-${name}`,
        project_title: `Failed twice ${name}`,
        project: ocids[name]!,
      });
      await award({ supplier: winner, mode: NP, amount: '2,800,000', project: ocids[name]! });
    }
  });

  it('single-bidder: the bidders and responsive bids; two responsive bids miss it', async () => {
    expect(flagsSection(await page(ocids.single!))).toContain(
      'Mode: Public Bidding. Bidders: 1; responsive bids: 1.',
    );
    expect(await indicators(ocids.singleMiss!)).not.toContain('single-bidder');
  });

  it('bid-near-abc: the winning bid and its share of the ABC; 97.9% misses it', async () => {
    expect(flagsSection(await page(ocids.near!))).toContain(
      'The winning bid, ₱980,000.00, is 98% of the ABC, ₱1,000,000.00',
    );
    expect(await indicators(ocids.nearMiss!)).not.toContain('bid-near-abc');
  });

  it('short-posting: the two dates and the days between; 7 days miss it', async () => {
    expect(flagsSection(await page(ocids.short!))).toContain(
      'Posted March 4, 2026; bids opened March 10, 2026: 6 calendar days (the minimum is 7).',
    );
    expect(await indicators(ocids.shortMiss!)).not.toContain('short-posting');
  });

  it('all-but-winner-disqualified: how many failed, the lowest among them; one failure misses it', async () => {
    const section = flagsSection(await page(ocids.allBut!));
    expect(section).toContain('2 of 3 bids failed.');
    expect(section).toContain('The lowest bid was disqualified.');
    expect(await indicators(ocids.allButMiss!)).not.toContain('all-but-winner-disqualified');
  });

  it('contract-increase: from and to with the percent; +9.9% misses it', async () => {
    expect(flagsSection(await page(ocids.increase!))).toContain(
      'From ₱1,000,000.00 to ₱1,101,000.00: 10.1%',
    );
    expect(await indicators(ocids.increaseMiss!)).not.toContain('contract-increase');
  });

  it('impossible-dates: the award and the later bid opening; an award after misses it', async () => {
    expect(flagsSection(await page(ocids.dates!))).toContain(
      'Awarded November 20, 2026, before the bids were opened (January 15, 2027).',
    );
    expect(await indicators(ocids.datesMiss!)).not.toContain('impossible-dates');
  });

  it('split-purchase: each award with its amount, date and project, their sum and the ceiling, on both projects', async () => {
    for (const ocid of [ocids.split1!, ocids.split2!]) {
      const section = flagsSection(await page(ocid));
      expect(section).toContain('Purchases split under the small value ceiling');
      expect(section).toContain('2 awards to');
      expect(section).toContain('within 30 days (the window is 30 days)');
      expect(section).toContain('each below the ceiling of ₱1,000,000.00, together ₱1,100,000.00');
      expect(section).toContain(`${ocids.split1!}</a>: ₱600,000.00, June 1, 2026`);
      expect(section).toContain(`${ocids.split2!}</a>: ₱500,000.00, July 1, 2026`);
      expect(section).toContain(`href="/procurement/${ocids.split1!}"`);
      expect(section).toContain('href="/suppliers/tipid-supplies"');
    }
    const filipino = flagsSection(await page(ocids.split1!, '/fil'));
    expect(filipino).toContain('kabuuang ₱1,100,000.00');
    expect(await indicators(ocids.splitMiss1!)).not.toContain('split-purchase');
    expect(await indicators(ocids.splitMiss2!)).not.toContain('split-purchase');
  });

  it('supplier-concentration: the supplier linked, its value, the year’s total in the mode and the share; exactly half misses it', async () => {
    const section = flagsSection(await page(ocids.share!));
    expect(section).toContain('href="/suppliers/bida-trading"');
    expect(section).toContain(
      'was awarded ₱501,000.00 of the ₱1,000,000.00 awarded by Shopping in 2026: 50.1% (the flag is raised above 50%).',
    );
    expect(await indicators(ocids.shareOther!)).not.toContain('supplier-concentration');
    expect(await indicators(ocids.shareMiss!)).not.toContain('supplier-concentration');
  });

  it('failed-bidder-negotiated: the supplier, its failed bid and the failed biddings; a winner that did not fail misses it', async () => {
    const section = flagsSection(await page(ocids.negotiated!));
    expect(section).toContain('Negotiated award to a bidder that failed');
    expect(section).toContain(
      'was awarded ₱2,800,000.00 by Negotiated Procurement (Two Failed Biddings) on November 20, 2026',
    );
    expect(section).toContain(': its bid of ₱2,900,000.00, Failed: post-qualification');
    expect(section).toContain('Two failed biddings declared on November 20, 2026');
    expect(section).not.toContain('₱2,700,000.00');
    const flag = (await detail(ocids.negotiated!)).flags.find(
      (each) => each.indicator === 'failed-bidder-negotiated',
    );
    expect(flag?.facts).toMatchObject({
      supplierId: 'tibay-builders',
      failedBids: [
        { bidder: 'Tibay Builders', amount: '2900000.00', outcome: 'failed-post-qualification' },
      ],
    });
    expect(await indicators(ocids.negotiatedMiss!)).not.toContain('failed-bidder-negotiated');
  });

  it('failed-bidder-negotiated reads the failed bids of a project on the same APP line', async () => {
    const failed = (await invitation('Bridge railing, first biddings', { abc: '3,000,000.00' }))
      .ocid;
    await bids(failed, [['Matibay Steel', '2,950,000.00', 'failed-evaluation']]);
    const retried = (
      await award({
        supplier: 'Matibay Steel',
        mode: 'Negotiated Procurement (Two Failed Biddings)',
        amount: '2,900,000',
        title: 'Bridge railing, negotiated',
      })
    ).ocid;
    expect(await indicators(retried)).not.toContain('failed-bidder-negotiated');
    const setCode = async (code: string | null, ocid: string) => {
      await sql`UPDATE procurement_projects SET app_code = ${code}
        WHERE process_key = ${ocid.slice(PREFIX.length + 1)}`.execute(testApp.site.db);
    };
    for (const ocid of [failed, retried]) await setCode('APP-2026-077', ocid);
    const section = flagsSection(await page(retried));
    expect(section).toContain(
      `${failed}</a>: its bid of ₱2,950,000.00, Failed: detailed evaluation`,
    );
    // Not counted in the year's list below: it is removed again.
    for (const ocid of [failed, retried]) await setCode(null, ocid);
    await sql`DELETE FROM project_bids WHERE bidder = 'Matibay Steel'`.execute(testApp.site.db);
    await sql`UPDATE notice_of_awards SET withdrawn_at = ${'2026-11-20T02:00:00.000Z'}
      WHERE supplier = 'Matibay Steel'`.execute(testApp.site.db);
  });

  it('lists the year’s flags with a count of projects per indicator, and a supplier’s page its projects’ flags', async () => {
    const year = await redFlagsOfYear(testApp.site, 2026, OPTIONS);
    expect(year.years).toEqual([2026]);
    const expected: Record<RedFlagIndicator, number> = {
      'single-bidder': 1,
      'bid-near-abc': 1,
      'short-posting': 1,
      'split-purchase': 2,
      'all-but-winner-disqualified': 1,
      'failed-bidder-negotiated': 1,
      'contract-increase': 1,
      'supplier-concentration': 1,
      'impossible-dates': 1,
    };
    expect(year.counts).toEqual(expected);
    expect(year.total).toBe(10);
    expect(year.items.map((item) => [item.indicator, item.ocid])).toEqual([
      ['single-bidder', ocids.single!],
      ['bid-near-abc', ocids.near!],
      ['short-posting', ocids.short!],
      ...[ocids.split1!, ocids.split2!].sort().map((ocid) => ['split-purchase', ocid]),
      ['all-but-winner-disqualified', ocids.allBut!],
      ['failed-bidder-negotiated', ocids.negotiated!],
      ['contract-increase', ocids.increase!],
      ['supplier-concentration', ocids.share!],
      ['impossible-dates', ocids.dates!],
    ]);
    const split = year.items.filter((item) => item.indicator === 'split-purchase');
    expect(split[0]!.facts).toEqual(split[1]!.facts);
    expect(split.map((item) => item.answer)).toEqual([null, null]);
    expect(await redFlagsOfYear(testApp.site, 2025, OPTIONS)).toMatchObject({
      total: 0,
      items: [],
    });

    const supplier = (
      await testApp.app.inject('/api/suppliers/tipid-supplies')
    ).json() as SupplierDetail;
    expect(supplier.flags).toEqual(
      [ocids.split1!, ocids.split2!].sort().map((ocid) => ({
        indicator: 'split-purchase',
        ocid,
        projectTitle: ocid === ocids.split1! ? 'Split one' : 'Split two',
      })),
    );
    const html = (await testApp.app.inject('/suppliers/tipid-supplies')).body;
    expect(html).toContain('Red flags on its projects');
    expect(html).toContain(`href="/procurement/${ocids.split1!}"`);
    expect(html).toContain('Purchases split under the small value ceiling');
    const filipino = (await testApp.app.inject('/fil/suppliers/tipid-supplies')).body;
    expect(filipino).toContain('Mga red flag sa mga proyekto nito');
  });
});
