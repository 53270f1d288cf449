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
  'supplier.description': 'Every contract awarded to {name} and its share of the awards by year.',
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
  'supplier.download': 'Download its awards as CSV',
  'supplier.allSuppliers': 'All suppliers',
} as const;

export type SupplierMessageKey = keyof typeof supplierEn;

/** A supplier catalogue: every key of the English one, each with its text. */
export type SupplierMessages = { readonly [K in SupplierMessageKey]: string };
