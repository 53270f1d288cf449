import { bidsOfProject, type BidRow } from '../../db/procurement-projects/bids.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { BidOutcome } from '../../shared/procurement-projects/bid.ts';
import { foldSupplierName } from '../../shared/suppliers/supplier-name.ts';
import type { Bid, Organization, OrganizationReference, Release } from './ocds-types.ts';

/**
 * The abstract of bids in OCDS (issue 34), by the bids extension: one release per process
 * carrying `bids.details`, `tender.tenderers` and `tender.numberOfTenderers`, and each
 * bidder as a party with the role `tenderer`. The release is built from the project's bids
 * when its record is asked for, like the notices' releases, so it never falls behind.
 */

/**
 * The bids extension as the OCDS extension registry names it (its `master` version: the copy
 * in server/open-data/schemas/ocds-bids-extension, which the releases are validated against, is
 * master's at d62ff4b, newer than the v1.1.5 tag). A package declares it when a release in it
 * carries `bids` (extensionsOf).
 */
export const BIDS_EXTENSION_URL =
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/master/extension.json';

/** The `extensions` of a package holding `releases`: the bids extension when one carries bids. */
export function extensionsOf(releases: Iterable<Release>): { extensions?: string[] } {
  for (const release of releases) {
    if (release.bids) return { extensions: [BIDS_EXTENSION_URL] };
  }
  return {};
}

/** Our outcomes in the extension's closed bidStatus codelist. */
const BID_STATUS: Record<BidOutcome, Bid['status']> = {
  lcrb: 'valid',
  responsive: 'valid',
  'failed-eligibility': 'disqualified',
  'failed-preliminary': 'disqualified',
  'failed-evaluation': 'disqualified',
  'failed-post-qualification': 'disqualified',
  withdrawn: 'withdrawn',
};

/** What the codelist cannot say: the stage a bid failed at, or that it is the LCRB, and why. */
const OUTCOME_WORDS: Record<BidOutcome, string> = {
  lcrb: 'Lowest calculated responsive bid (LCRB)',
  responsive: 'Responsive',
  'failed-eligibility': 'Failed the eligibility check',
  'failed-preliminary': 'Failed the preliminary examination',
  'failed-evaluation': 'Failed the detailed evaluation',
  'failed-post-qualification': 'Failed post-qualification',
  withdrawn: 'Withdrawn by the bidder',
};

/**
 * A bidder's party: the supplier party's rule (ocds-release-builder.ts's `supplier-<slug>`) on
 * the folded name, so one company typed two ways is one tenderer, unless an earlier release
 * names a party whose name folds alike (the award's supplier): then that party's id, so the
 * compiled release holds one party with both roles.
 */
function tendererOf(row: BidRow, known: ReadonlyMap<string, string>): OrganizationReference {
  const folded = foldSupplierName(row.bidder);
  const slug = folded
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { id: known.get(folded) ?? `supplier-${slug || 'unnamed'}`, name: row.bidder };
}

/**
 * The bids release of a project, or undefined when it has no bids. `earlier` are the process's
 * other releases: the tender's id is theirs, so the compiled release keeps one tender, and a
 * tenderer that is also the supplier keeps both roles.
 */
export async function bidsRelease(
  database: SiteDatabase,
  projectId: number,
  earlier: readonly Release[],
): Promise<Release | undefined> {
  const rows = await bidsOfProject(database, projectId);
  const last = rows.reduce<BidRow | undefined>(
    (latest, row) => (!latest || row.created > latest.created ? row : latest),
    undefined,
  );
  const template = earlier.at(-1);
  if (!last || !template) return undefined;
  const tenderId =
    earlier.findLast((release) => release.tender?.id)?.tender?.id ?? `${template.ocid}-tender`;
  const known = new Map(
    earlier
      .flatMap((release) => release.parties)
      .filter((party) => !party.roles.includes('buyer'))
      .map((party) => [foldSupplierName(party.name), party.id] as const),
  );
  const tenderers = new Map<string, OrganizationReference>();
  const details: Bid[] = rows.map((row) => {
    const tenderer = tendererOf(row, known);
    if (!tenderers.has(tenderer.id)) tenderers.set(tenderer.id, tenderer);
    return {
      id: `bid-${row.id}`,
      date: row.created,
      status: BID_STATUS[row.outcome],
      description: row.reason
        ? `${OUTCOME_WORDS[row.outcome]}: ${row.reason}`
        : OUTCOME_WORDS[row.outcome],
      tenderers: [tenderer],
      value: { amount: Number(formatDecimal(row.amount)), currency: 'PHP' },
    };
  });
  const rolesOf = (id: string) =>
    new Set(
      earlier
        .flatMap((release) => release.parties.filter((party) => party.id === id))
        .flatMap((party) => party.roles),
    );
  const parties: Organization[] = [
    ...template.parties.filter((party) => party.roles.includes('buyer')),
    ...[...tenderers.values()].map((tenderer) => ({
      ...tenderer,
      roles: [...new Set([...rolesOf(tenderer.id), 'tenderer'])],
    })),
  ];
  return {
    ocid: template.ocid,
    id: `bids-${projectId}-${rows.length}`,
    date: last.created,
    tag: ['tenderUpdate'],
    initiationType: 'tender',
    language: 'en',
    parties,
    buyer: template.buyer,
    tender: {
      id: tenderId,
      tenderers: [...tenderers.values()],
      numberOfTenderers: tenderers.size,
    },
    bids: { details },
  };
}
