/**
 * The supplier pages' words in English. A catalogue of their own, imported by those lazily
 * loaded pages only (client/suppliers/), so the home page's first visit does not carry
 * them; `SupplierMessages` makes a missing or extra Filipino key a compile error.
 */
export const supplierEn = {
  'suppliers.title': 'Suppliers',
  'suppliers.description':
    'Every supplier awarded a contract by the municipality, by total awarded value, with each award, and every bidder that has not won yet.',
  'suppliers.lead':
    'Suppliers named on the published notices of award and notices to proceed, highest total awarded value first. A notice to proceed for an award already listed is not counted again. Bidders named in an abstract of bids that have won no award follow, with nothing awarded. Names spelled differently (case, punctuation, Inc., Corp., Co., Enterprises) count as one supplier.',
  'suppliers.caption': 'Suppliers, page {page}{search}',
  'suppliers.name': 'Supplier',
  'suppliers.awards': 'Awards',
  'suppliers.awardedValue': 'Total awarded value',
  'suppliers.showing': 'Showing {first}–{last} of {total} suppliers{found}.',
  'suppliers.showingOne': 'Showing {first}–{last} of {total} supplier{found}.',
  'suppliers.noMatch': 'No supplier matches “{q}”.',
  'suppliers.empty': 'No award or bid naming a supplier has been published yet.',
  'suppliers.download': 'Download this list as CSV',
  'suppliers.downloadMatching': 'Download the matching suppliers as CSV',
  'supplier.description':
    'Every contract awarded to {name}, its share of the awards by year, and every project it bid on.',
  'supplier.summary': '{awards} awards, {value} in total.',
  'supplier.summaryOne': '1 award, {value} in total.',
  'supplier.summaryNone': 'No award won yet. Its bids are listed below.',
  'supplier.registration': 'PhilGEPS registration number: {number}.',
  'supplier.alsoWrittenAs':
    'Also written as: {spellings} (staff confirmed these names are this supplier).',
  'supplier.spellings': 'Spelled on the notices and abstracts of bids as: {spellings}.',
  'supplier.awardsHeading': 'Awards won',
  'supplier.awardsCaption': 'Every award to {name}, newest first',
  'supplier.project': 'Project',
  'supplier.amount': 'Contract amount',
  'supplier.mode': 'Mode of procurement',
  'supplier.date': 'Date posted',
  'supplier.notGiven': 'Not given',
  'supplier.untitled': 'Notice {id}',
  'supplier.yearsChart': 'Awarded to {name} by year, with its share of the municipality’s awards',
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
  // The staff page of supplier suggestions and PhilGEPS numbers (client/suppliers/StaffSuppliersPage.tsx).
  'suppliers.staff.title': 'Suppliers: likely same company',
  'suppliers.staff.intro':
    'Names that fold to nearly the same name are suggested here as possibly one company. Nothing is merged until you confirm it: choose the name to keep and give a reason, or dismiss the suggestion when they are two companies. Each decision is kept in the supplier history and the audit log.',
  'suppliers.staff.rules':
    'A pair is suggested when the names, compared without case, punctuation and company-form words (Inc., Corp., Co., Enterprises), are the same apart from spaces, when one is the other with words added, or when they differ by at most two letters.',
  'suppliers.staff.none': 'No likely same company to review.',
  'suppliers.staff.suggestion': 'Suggestion {n}: {rule}',
  'suppliers.staff.rule.spacing': 'same name apart from spaces',
  'suppliers.staff.rule.contained': 'one name holds the other',
  'suppliers.staff.rule.spelling': 'spelled almost alike',
  'suppliers.staff.side': '{awards} awards, {bids} bids; written as: {spellings}',
  'suppliers.staff.keep': 'Name to keep',
  'suppliers.staff.reason': 'Reason for merging',
  'suppliers.staff.reasonHint':
    'Required. Say how you know they are one company, for example the same PhilGEPS registration or TIN.',
  'suppliers.staff.merge': 'Merge into the kept name',
  'suppliers.staff.dismissReason': 'Reason for dismissing (optional)',
  'suppliers.staff.dismiss': 'Dismiss: two companies',
  'suppliers.staff.registerHeading': 'PhilGEPS registration number',
  'suppliers.staff.registerIntro':
    'Give a supplier its PhilGEPS registration number: it becomes the supplier’s id and address, and the former address leads there.',
  'suppliers.staff.registerSupplier': 'Supplier id',
  'suppliers.staff.registerSupplierHint':
    'As in its address: nueva-esperanza-builders for /suppliers/nueva-esperanza-builders.',
  'suppliers.staff.registerNumber': 'PhilGEPS registration number',
  'suppliers.staff.registerNumberHint':
    'Digits, in groups joined by hyphens if written so; 4 to 20 characters.',
  'suppliers.staff.register': 'Save the number',
  'suppliers.staff.done.merged':
    'Merged. The kept supplier’s page now lists the other name as “also written as”.',
  'suppliers.staff.done.dismissed': 'Dismissed. This pair will not be suggested again.',
  'suppliers.staff.done.registered': 'PhilGEPS registration number saved.',
  'suppliers.staff.refused.INVALID_INPUT':
    'Nothing was changed: the form was not filled in as expected.',
  'suppliers.staff.refused.NOT_PERMITTED': 'Nothing was changed: this needs the BAC role.',
  'suppliers.staff.refused.NO_SUCH_SUPPLIER': 'Nothing was changed: no supplier has that id.',
  'suppliers.staff.refused.SAME_SUPPLIER': 'Nothing was changed: these are already one supplier.',
  'suppliers.staff.refused.REASON_REQUIRED':
    'Nothing was merged: give the reason (up to 1,000 characters).',
  'suppliers.staff.refused.NOT_SUGGESTED':
    'Nothing was changed: these suppliers are not a current suggestion.',
  'suppliers.staff.refused.MERGED_IS_REGISTERED':
    'Nothing was merged: the name to merge has a PhilGEPS registration number; keep that one instead.',
  'suppliers.staff.refused.INVALID_NUMBER':
    'Nothing was saved: a PhilGEPS registration number is 4 to 20 digits, in groups joined by hyphens if written so.',
  'suppliers.staff.refused.NUMBER_TAKEN':
    'Nothing was saved: another supplier has that PhilGEPS registration number.',
} as const;

export type SupplierMessageKey = keyof typeof supplierEn;

/** A supplier catalogue: every key of the English one, each with its text. */
export type SupplierMessages = { readonly [K in SupplierMessageKey]: string };
