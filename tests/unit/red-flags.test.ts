/**
 * The red flags one project raises (issue 35): for each indicator a project that raises it
 * and one that just misses it — one day short of the window at a Manila date boundary,
 * 97.9% of the ABC, +9.9% — judged with the thresholds content/red-flags.json ships.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redFlagsSchema } from '../../server/content/content-schema.ts';
import { projectFlags, type FlaggedProject } from '../../server/red-flags/process-flags.ts';
import type { ProjectBid } from '../../shared/procurement-projects/bid.ts';
import type { ContractAmendment } from '../../shared/procurement-projects/contract-amendment.ts';
import type { RedFlag } from '../../shared/red-flags/red-flags.ts';

const content = redFlagsSchema.parse(JSON.parse(readFileSync('content/red-flags.json', 'utf8')));

/** A project that raises nothing: two responsive bids, well under the ABC, posted 14 days ahead. */
function project(change: Partial<FlaggedProject> = {}): FlaggedProject {
  return {
    ocid: 'ocds-abcdef-public_bidding-1',
    title: 'Concreting of Purok 3 Road',
    endUserOffice: null,
    mode: 'Public Bidding',
    abc: '1000000.00',
    appCode: null,
    year: 2026,
    status: 'awarded',
    created: '2026-03-01T01:00:00.000Z',
    updated: '2026-03-01T01:00:00.000Z',
    supplier: 'Daan Builders',
    awardAmount: '900000.00',
    contractAmount: '900000.00',
    dates: {
      posted: '2026-03-01T01:00:00.000Z',
      bidOpening: '2026-03-15T02:00:00.000Z',
      award: '2026-03-20T02:00:00.000Z',
      noticeToProceed: '2026-03-25T02:00:00.000Z',
      completion: null,
    },
    plan: null,
    notices: [],
    moves: [],
    amendments: [],
    completion: null,
    bids: [
      bid('Daan Builders', '900000.00', 'lcrb'),
      bid('Ilog Trading', '950000.00', 'responsive'),
    ],
    awards: [],
    contracts: [],
    section38: { applies: 'no', category: null, threshold: null },
    conferences: [],
    observers: [],
    ...change,
  };
}

function bid(bidder: string, amount: string, outcome: ProjectBid['outcome']): ProjectBid {
  return { bidder, amount, outcome, reason: outcome === 'lcrb' ? '' : 'As found', created: '' };
}

function amendment(date: string, previousAmount: string, amount: string): ContractAmendment {
  return {
    date,
    amount,
    previousAmount,
    reason: 'VO',
    created: `${date}T01:00:00.000Z`,
    document: null,
  };
}

const flagsOf = (change: Partial<FlaggedProject>, indicator: RedFlag['indicator']) =>
  projectFlags(project(change), content).filter((flag) => flag.indicator === indicator);

describe('the red flags of one project', () => {
  it('raises nothing for an ordinary competitive bidding', () => {
    expect(projectFlags(project(), content)).toEqual([]);
  });

  it('single-bidder: one bidder, or one responsive bid, in competitive bidding only', () => {
    const alone = [bid('Daan Builders', '900000.00', 'lcrb')];
    expect(flagsOf({ bids: alone }, 'single-bidder')).toEqual([
      { indicator: 'single-bidder', facts: { mode: 'Public Bidding', bidders: 1, responsive: 1 } },
    ]);
    const oneLeft = [alone[0]!, bid('Ilog Trading', '950000.00', 'failed-eligibility')];
    expect(flagsOf({ bids: oneLeft }, 'single-bidder')[0]?.facts).toEqual({
      mode: 'Public Bidding',
      bidders: 2,
      responsive: 1,
    });
    // Just misses: two responsive bids; or one bid in a mode that is not competitive.
    expect(flagsOf({}, 'single-bidder')).toEqual([]);
    expect(flagsOf({ bids: alone, mode: 'Small Value Procurement' }, 'single-bidder')).toEqual([]);
    // Written as staff write it: the mode is compared without case or spaces around it.
    expect(flagsOf({ bids: alone, mode: ' public bidding ' }, 'single-bidder')).toHaveLength(1);
  });

  it('bid-near-abc: the winning bid at 98% of the ABC raises it, at 97.9% it does not', () => {
    const winning = (amount: string) => [
      bid('Daan Builders', amount, 'lcrb'),
      bid('Ilog Trading', '999000.00', 'responsive'),
    ];
    expect(flagsOf({ bids: winning('980000.00') }, 'bid-near-abc')).toEqual([
      {
        indicator: 'bid-near-abc',
        facts: { winningBid: '980000.00', abc: '1000000.00', percent: 98, threshold: 98 },
      },
    ]);
    expect(flagsOf({ bids: winning('979000.00') }, 'bid-near-abc')).toEqual([]);
    // Without an abstract of bids, the award's amount is the winning bid.
    expect(flagsOf({ bids: [], awardAmount: '995000.00' }, 'bid-near-abc')).toHaveLength(1);
    expect(flagsOf({ abc: null, bids: winning('999000.00') }, 'bid-near-abc')).toEqual([]);
  });

  it('short-posting: counts Manila calendar days, 6 raises it and 7 does not', () => {
    // Posted 00:30 on March 3 in Manila (16:30 UTC on March 2).
    const posted = '2026-03-02T16:30:00.000Z';
    const dates = (bidOpening: string) => ({ ...project().dates, posted, bidOpening });
    // 23:59 on March 9 in Manila: six days after March 3.
    expect(flagsOf({ dates: dates('2026-03-09T15:59:00.000Z') }, 'short-posting')).toEqual([
      {
        indicator: 'short-posting',
        facts: { posted, bidOpening: '2026-03-09T15:59:00.000Z', days: 6, minimumDays: 7 },
      },
    ]);
    // 00:00 on March 10 in Manila: seven days, one minute later.
    expect(flagsOf({ dates: dates('2026-03-09T16:00:00.000Z') }, 'short-posting')).toEqual([]);
  });

  it('all-but-winner-disqualified: every other bidder failed, or the lowest bid did', () => {
    const bids = [
      bid('Daan Builders', '900000.00', 'lcrb'),
      bid('Ilog Trading', '950000.00', 'failed-eligibility'),
      bid('Batis Corp.', '960000.00', 'failed-post-qualification'),
    ];
    expect(flagsOf({ bids }, 'all-but-winner-disqualified')).toEqual([
      {
        indicator: 'all-but-winner-disqualified',
        facts: { bidders: 3, failed: 2, lowestBidFailed: false },
      },
    ]);
    const lowestFailed = [
      bid('Ilog Trading', '850000.00', 'failed-evaluation'),
      bid('Daan Builders', '900000.00', 'lcrb'),
      bid('Batis Corp.', '960000.00', 'responsive'),
    ];
    expect(flagsOf({ bids: lowestFailed }, 'all-but-winner-disqualified')[0]?.facts).toEqual({
      bidders: 3,
      failed: 1,
      lowestBidFailed: true,
    });
    // Just misses: one other bid stayed responsive and the lowest bid won.
    const oneResponsive = [bids[0]!, bids[1]!, bid('Batis Corp.', '960000.00', 'responsive')];
    expect(flagsOf({ bids: oneResponsive }, 'all-but-winner-disqualified')).toEqual([]);
  });

  it('contract-increase: +10.1% raises it and +9.9% does not; two amendments 90 days apart do, 91 do not', () => {
    expect(
      flagsOf(
        { amendments: [amendment('2026-05-01', '900000.00', '990900.00')] },
        'contract-increase',
      ),
    ).toEqual([
      {
        indicator: 'contract-increase',
        facts: {
          original: '900000.00',
          current: '990900.00',
          percent: 10.1,
          threshold: 10,
          amendments: 1,
          closestDays: null,
          windowDays: 90,
        },
      },
    ]);
    expect(
      flagsOf(
        { amendments: [amendment('2026-05-01', '900000.00', '989100.00')] },
        'contract-increase',
      ),
    ).toEqual([]);
    const twice = (second: string) => [
      amendment('2026-05-01', '900000.00', '920000.00'),
      amendment(second, '920000.00', '930000.00'),
    ];
    expect(
      flagsOf({ amendments: twice('2026-07-30') }, 'contract-increase')[0]?.facts,
    ).toMatchObject({
      amendments: 2,
      closestDays: 90,
    });
    expect(flagsOf({ amendments: twice('2026-07-31') }, 'contract-increase')).toEqual([]);
  });

  it('impossible-dates: an award before the opening, a contract before its award, a completion before the contract', () => {
    const dates = project().dates;
    expect(
      flagsOf({ dates: { ...dates, award: '2026-03-15T01:59:00.000Z' } }, 'impossible-dates'),
    ).toEqual([
      {
        indicator: 'impossible-dates',
        facts: {
          problem: 'award-before-bid-opening',
          earlier: '2026-03-15T01:59:00.000Z',
          later: '2026-03-15T02:00:00.000Z',
        },
      },
    ]);
    expect(
      flagsOf(
        { dates: { ...dates, noticeToProceed: '2026-03-19T02:00:00.000Z' } },
        'impossible-dates',
      )[0]?.facts,
    ).toMatchObject({ problem: 'contract-before-award' });
    // The completion is a Manila day: the day of the NTP itself is not before it.
    expect(
      flagsOf({ dates: { ...dates, completion: '2026-03-24' } }, 'impossible-dates'),
    ).toHaveLength(1);
    expect(flagsOf({ dates: { ...dates, completion: '2026-03-25' } }, 'impossible-dates')).toEqual(
      [],
    );
  });
});
