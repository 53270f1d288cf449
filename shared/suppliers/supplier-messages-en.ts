/**
 * The supplier pages' words in English. A catalogue of their own, imported by those lazily
 * loaded pages only (client/suppliers/), so the home page's first visit does not carry
 * them; `SupplierMessages` makes a missing or extra Filipino key a compile error.
 */
export const supplierEn = {
  'suppliers.title': 'Suppliers',
  'suppliers.description':
    'Every supplier awarded a contract by the municipality, by total awarded value, with each award.',
  'suppliers.lead':
    'Suppliers named on the published notices of award and notices to proceed, highest total awarded value first. A notice to proceed for an award already listed is not counted again. Names spelled differently (case, punctuation, Inc., Corp., Co., Enterprises) count as one supplier.',
  'suppliers.caption': 'Suppliers, page {page}{search}',
  'suppliers.name': 'Supplier',
  'suppliers.awards': 'Awards',
  'suppliers.awardedValue': 'Total awarded value',
  'suppliers.showing': 'Showing {first}–{last} of {total} suppliers{found}.',
  'suppliers.showingOne': 'Showing {first}–{last} of {total} supplier{found}.',
  'suppliers.noMatch': 'No supplier matches “{q}”.',
  'suppliers.empty': 'No award naming a supplier has been published yet.',
  'suppliers.download': 'Download this list as CSV',
  'suppliers.downloadMatching': 'Download the matching suppliers as CSV',
  'supplier.description':
    'Every contract awarded to {name}, its share of the awards by year, and every project it bid on.',
  'supplier.summary': '{awards} awards, {value} in total.',
  'supplier.summaryOne': '1 award, {value} in total.',
  'supplier.spellings': 'Spelled on the notices as: {spellings}.',
  'supplier.awardsHeading': 'Awards won',
  'supplier.awardsCaption': 'Every award to {name}, newest first',
  'supplier.project': 'Project',
  'supplier.amount': 'Contract amount',
  'supplier.mode': 'Mode of procurement',
  'supplier.date': 'Date posted',
  'supplier.notGiven': 'Not given',
  'supplier.untitled': 'Notice {id}',
  'supplier.yearsHeading': 'Share of the municipality’s awards by year',
  'supplier.yearsCaption':
    'Awards to {name} by year, and their share of everything the municipality awarded that year',
  'supplier.year': 'Year',
  'supplier.municipalityValue': 'Awarded by the municipality',
  'supplier.share': 'Share',
  'supplier.bidsHeading': 'Projects bid on',
  'supplier.bidsCaption': 'Every bid by {name} in a project’s abstract of bids, newest first',
  'supplier.bidsNone': 'No bid recorded.',
  'supplier.bidAmount': 'Bid amount',
  'supplier.outcome': 'Outcome',
  'supplier.bidDate': 'Date entered',
  // The outcome codes of shared/procurement-projects/bid.ts, worded as the project page words
  // them, kept here so this page's chunk does not carry the project page's catalogue.
  'supplier.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'supplier.outcome.responsive': 'Responsive',
  'supplier.outcome.failed-eligibility': 'Failed: eligibility',
  'supplier.outcome.failed-preliminary': 'Failed: preliminary examination',
  'supplier.outcome.failed-evaluation': 'Failed: detailed evaluation',
  'supplier.outcome.failed-post-qualification': 'Failed: post-qualification',
  'supplier.outcome.withdrawn': 'Withdrawn',
  'supplier.download': 'Download its awards as CSV',
  'supplier.allSuppliers': 'All suppliers',
} as const;

export type SupplierMessageKey = keyof typeof supplierEn;

/** A supplier catalogue: every key of the English one, each with its text. */
export type SupplierMessages = { readonly [K in SupplierMessageKey]: string };
