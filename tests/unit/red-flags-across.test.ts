/**
 * The red flags that compare awards across projects (issue 35): split purchases, a
 * supplier's share of a year's awards in one mode and a failed bidder's negotiated award, each raised and just missed — one day
 * past the window at a Manila midnight, exactly the ceiling, exactly half — with the
 * thresholds content/red-flags.json ships.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redFlagsSchema } from '../../server/content/content-schema.ts';
import {
  failedBidderNegotiated,
  splitPurchases,
  supplierConcentration,
  type AwardFact,
  type BiddingHistory,
} from '../../server/red-flags/year-flags.ts';

const content = redFlagsSchema.parse(JSON.parse(readFileSync('content/red-flags.json', 'utf8')));

let serial = 0;
function award(change: Partial<AwardFact>): AwardFact {
  serial += 1;
  return {
    ocid: `ocds-abcdef-svp-${serial}`,
    notice: `svp-${serial}`,
    supplierId: 'daan-builders',
    supplier: 'Daan Builders',
    mode: 'Small Value Procurement',
    amount: '600000.00',
    date: '2026-03-01T16:30:00.000Z',
    ...change,
  };
}

describe('split-purchase', () => {
  // The first award is 00:30 on March 2 in Manila.
  const first = award({ amount: '600000.00' });

  it('raises two small awards to one supplier within 30 Manila days that exceed the ceiling together', () => {
    // 23:59 on April 1 in Manila: 30 days after March 2.
    const second = award({ amount: '500000.00', date: '2026-04-01T15:59:00.000Z' });
    expect(splitPurchases([second, first], content)).toEqual([
      {
        indicator: 'split-purchase',
        facts: {
          supplierId: 'daan-builders',
          supplier: 'Daan Builders',
          awards: [first, second].map(({ ocid, notice, amount, date }) => ({
            ocid,
            notice,
            amount,
            date,
          })),
          total: '1100000.00',
          ceiling: '1000000.00',
          days: 30,
          windowDays: 30,
        },
      },
    ]);
  });

  it('just misses one Manila day later, at exactly the ceiling, across suppliers or modes, or with an award above the ceiling', () => {
    // 00:00 on April 2 in Manila: 31 days.
    expect(
      splitPurchases(
        [first, award({ amount: '500000.00', date: '2026-04-01T16:00:00.000Z' })],
        content,
      ),
    ).toEqual([]);
    expect(splitPurchases([first, award({ amount: '400000.00' })], content)).toEqual([]);
    expect(
      splitPurchases([first, award({ supplierId: 'ilog-trading', amount: '500000.00' })], content),
    ).toEqual([]);
    expect(
      splitPurchases([first, award({ mode: 'Public Bidding', amount: '500000.00' })], content),
    ).toEqual([]);
    expect(splitPurchases([first, award({ amount: '1000000.00' })], content)).toEqual([]);
  });

  it('flags the longest run once, and counts Shopping as written by staff', () => {
    const run = [
      first,
      award({ amount: '300000.00', date: '2026-03-05T02:00:00.000Z', mode: ' shopping ' }),
      award({ amount: '300000.00', date: '2026-03-09T02:00:00.000Z' }),
    ];
    const flags = splitPurchases(run, content);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.facts.awards.map((each) => each.notice)).toEqual(
      run.map((each) => each.notice),
    );
    expect(flags[0]!.facts.total).toBe('1200000.00');
  });
});

describe('supplier-concentration', () => {
  const shopping = (supplierId: string, amount: string, date = '2026-05-01T02:00:00.000Z') =>
    award({ supplierId, supplier: supplierId, mode: 'Shopping', amount, date });

  it('raises a supplier holding more than half of a year’s awards in one mode', () => {
    expect(
      supplierConcentration([shopping('a', '501000.00'), shopping('b', '499000.00')], content),
    ).toEqual([
      {
        indicator: 'supplier-concentration',
        facts: {
          year: 2026,
          mode: 'Shopping',
          supplierId: 'a',
          supplier: 'a',
          value: '501000.00',
          total: '1000000.00',
          percent: 50.1,
          threshold: 50,
        },
      },
    ]);
  });

  it('just misses at exactly half, and counts each award in its Manila year', () => {
    expect(
      supplierConcentration([shopping('a', '500000.00'), shopping('b', '500000.00')], content),
    ).toEqual([]);
    // 00:30 on January 1, 2027 in Manila: the 2027 market, where "a" is alone.
    const flags = supplierConcentration(
      [
        shopping('a', '500000.00'),
        shopping('b', '500000.00'),
        shopping('a', '100000.00', '2026-12-31T16:30:00.000Z'),
      ],
      content,
    );
    expect(
      flags.map((flag) => [flag.facts.year, flag.facts.supplierId, flag.facts.percent]),
    ).toEqual([[2027, 'a', 100]]);
  });
});

describe('failed-bidder-negotiated', () => {
  const negotiated = (change: Partial<AwardFact> = {}) =>
    award({
      ocid: 'ocds-abcdef-np-1',
      notice: 'notice_of_awards-9',
      supplierId: 'tibay-builders',
      supplier: 'Tibay Builders',
      mode: 'Negotiated Procurement',
      amount: '2950000.00',
      ...change,
    });
  const history = (supplierId: string): BiddingHistory => ({
    failedBids: [
      {
        ocid: 'ocds-abcdef-np-1',
        supplierId,
        bidder: 'TIBAY BUILDERS',
        amount: '2900000.00',
        outcome: 'failed-post-qualification',
      },
    ],
    notices: [
      {
        ocid: 'ocds-abcdef-np-1',
        notice: 'two_failed_bidding-3',
        date: '2026-04-01T02:00:00.000Z',
      },
    ],
  });

  it('raises a negotiated award to a bidder whose bid failed, with its bids and the notice', () => {
    const flags = failedBidderNegotiated([negotiated()], () => history('tibay-builders'), content);
    expect(flags).toEqual([
      {
        indicator: 'failed-bidder-negotiated',
        facts: {
          supplierId: 'tibay-builders',
          supplier: 'Tibay Builders',
          mode: 'Negotiated Procurement',
          award: {
            ocid: 'ocds-abcdef-np-1',
            notice: 'notice_of_awards-9',
            amount: '2950000.00',
            date: '2026-03-01T16:30:00.000Z',
          },
          failedBids: [
            {
              ocid: 'ocds-abcdef-np-1',
              bidder: 'TIBAY BUILDERS',
              amount: '2900000.00',
              outcome: 'failed-post-qualification',
            },
          ],
          notices: [
            {
              ocid: 'ocds-abcdef-np-1',
              notice: 'two_failed_bidding-3',
              date: '2026-04-01T02:00:00.000Z',
            },
          ],
        },
      },
    ]);
  });

  it('just misses when the winner did not fail, or the mode is not negotiated', () => {
    expect(failedBidderNegotiated([negotiated()], () => history('another'), content)).toEqual([]);
    expect(
      failedBidderNegotiated(
        [negotiated({ mode: 'Public Bidding' })],
        () => history('tibay-builders'),
        content,
      ),
    ).toEqual([]);
    expect(
      failedBidderNegotiated(
        [negotiated()],
        () => ({ failedBids: [], notices: history('x').notices }),
        content,
      ),
    ).toEqual([]);
  });
});
