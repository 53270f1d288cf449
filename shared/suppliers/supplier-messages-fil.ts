import type { SupplierMessages } from './supplier-messages-en.ts';

/**
 * The supplier pages' words in Filipino, in the public catalogue's terms: "supplier" and
 * "procurement" stay as Philippine government Filipino keeps them, an award is a "gawad"
 * (as in "Mga Bid at Gawad") and a notice an "abiso" (content/README.md's glossary).
 */
export const supplierFil: SupplierMessages = {
  'suppliers.title': 'Mga Supplier',
  'suppliers.description':
    'Ang bawat supplier na ginawaran ng kontrata ng munisipyo, ayon sa kabuuang halaga ng gawad, kasama ang bawat gawad.',
  'suppliers.lead':
    'Ang mga supplier na nakapangalan sa mga nailathalang abiso ng paggawad (Notice of Award) at abiso na magpatuloy (Notice to Proceed), mula sa pinakamataas na kabuuang halaga ng gawad. Hindi na muling binibilang ang abiso na magpatuloy ng gawad na nakalista na. Itinuturing na iisang supplier ang mga pangalang iba ang baybay (malaki o maliit na titik, bantas, Inc., Corp., Co., Enterprises).',
  'suppliers.caption': 'Mga supplier, pahina {page}{search}',
  'suppliers.name': 'Supplier',
  'suppliers.awards': 'Mga gawad',
  'suppliers.awardedValue': 'Kabuuang halaga ng gawad',
  'suppliers.showing': 'Ipinapakita ang {first}–{last} sa {total} supplier{found}.',
  'suppliers.showingOne': 'Ipinapakita ang {first}–{last} sa {total} supplier{found}.',
  'suppliers.noMatch': 'Walang supplier na tumutugma sa “{q}”.',
  'suppliers.empty': 'Wala pang nailathalang gawad na may nakapangalang supplier.',
  'suppliers.download': 'I-download ang listahang ito bilang CSV',
  'suppliers.downloadMatching': 'I-download ang mga tumutugmang supplier bilang CSV',
  'supplier.description':
    'Ang bawat kontratang iginawad sa {name}, ang bahagi nito sa mga gawad bawat taon, at ang bawat proyektong pinag-bid-an nito.',
  'supplier.summary': '{awards} gawad, {value} sa kabuuan.',
  'supplier.summaryOne': '1 gawad, {value} sa kabuuan.',
  'supplier.spellings': 'Baybay sa mga abiso: {spellings}.',
  'supplier.awardsHeading': 'Mga napanalunang gawad',
  'supplier.awardsCaption': 'Ang bawat gawad sa {name}, pinakabago muna',
  'supplier.project': 'Proyekto',
  'supplier.amount': 'Halaga ng Kontrata',
  'supplier.mode': 'Paraan ng Procurement',
  'supplier.date': 'Petsa ng Pag-post',
  'supplier.notGiven': 'Hindi ibinigay',
  'supplier.untitled': 'Abiso {id}',
  'supplier.yearsHeading': 'Bahagi sa mga gawad ng munisipyo bawat taon',
  'supplier.yearsCaption':
    'Mga gawad sa {name} bawat taon, at ang bahagi nito sa lahat ng iginawad ng munisipyo nang taong iyon',
  'supplier.year': 'Taon',
  'supplier.municipalityValue': 'Iginawad ng munisipyo',
  'supplier.share': 'Bahagi',
  'supplier.bidsHeading': 'Mga proyektong pinag-bid-an',
  'supplier.bidsCaption':
    'Ang bawat bid ng {name} sa abstract of bids ng isang proyekto, pinakabago muna',
  'supplier.bidsNone': 'Walang naitalang bid.',
  'supplier.bidAmount': 'Halaga ng bid',
  'supplier.outcome': 'Kinalabasan',
  'supplier.bidDate': 'Petsa ng pagtala',
  'supplier.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'supplier.outcome.responsive': 'Responsive (pumasa)',
  'supplier.outcome.failed-eligibility': 'Hindi pumasa: eligibility',
  'supplier.outcome.failed-preliminary': 'Hindi pumasa: preliminary examination',
  'supplier.outcome.failed-evaluation': 'Hindi pumasa: detailed evaluation',
  'supplier.outcome.failed-post-qualification': 'Hindi pumasa: post-qualification',
  'supplier.outcome.withdrawn': 'Binawi (withdrawn)',
  'supplier.download': 'I-download ang mga gawad nito bilang CSV',
  'supplier.allSuppliers': 'Lahat ng supplier',
};
