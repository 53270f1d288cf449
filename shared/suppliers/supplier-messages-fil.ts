import type { SupplierMessages } from './supplier-messages-en.ts';

/**
 * The supplier pages' words in Filipino, in the public catalogue's terms: "supplier" and
 * "procurement" stay as Philippine government Filipino keeps them, an award is a "gawad"
 * (as in "Mga Bid at Gawad") and a notice an "abiso" (content/README.md's glossary).
 */
export const supplierFil: SupplierMessages = {
  'suppliers.title': 'Mga Supplier',
  'suppliers.description':
    'Ang bawat supplier na ginawaran ng kontrata ng munisipyo, ayon sa kabuuang halaga ng gawad, kasama ang bawat gawad, at ang bawat bidder na hindi pa nananalo.',
  'suppliers.lead':
    'Ang mga supplier na nakapangalan sa mga nailathalang abiso ng paggawad (Notice of Award) at abiso na magpatuloy (Notice to Proceed), mula sa pinakamataas na kabuuang halaga ng gawad. Hindi na muling binibilang ang abiso na magpatuloy ng gawad na nakalista na. Kasunod ang mga bidder na nakapangalan sa abstract of bids na wala pang napanalunang gawad, na walang halagang iginawad. Itinuturing na iisang supplier ang mga pangalang iba ang baybay (malaki o maliit na titik, bantas, Inc., Corp., Co., Enterprises).',
  'suppliers.caption': 'Mga supplier, pahina {page}{search}',
  'suppliers.name': 'Supplier',
  'suppliers.awards': 'Mga gawad',
  'suppliers.awardedValue': 'Kabuuang halaga ng gawad',
  'suppliers.showing': 'Ipinapakita ang {first}–{last} sa {total} supplier{found}.',
  'suppliers.showingOne': 'Ipinapakita ang {first}–{last} sa {total} supplier{found}.',
  'suppliers.noMatch': 'Walang supplier na tumutugma sa “{q}”.',
  'suppliers.empty': 'Wala pang nailathalang gawad o bid na may nakapangalang supplier.',
  'suppliers.download': 'I-download ang listahang ito bilang CSV',
  'suppliers.downloadMatching': 'I-download ang mga tumutugmang supplier bilang CSV',
  'supplier.description':
    'Ang bawat kontratang iginawad sa {name}, ang bahagi nito sa mga gawad bawat taon, at ang bawat proyektong pinag-bid-an nito.',
  'supplier.summary': '{awards} gawad, {value} sa kabuuan.',
  'supplier.summaryOne': '1 gawad, {value} sa kabuuan.',
  'supplier.summaryNone': 'Wala pang napanalunang gawad. Nakalista sa ibaba ang mga bid nito.',
  'supplier.registration': 'Numero ng rehistro sa PhilGEPS: {number}.',
  'supplier.alsoWrittenAs':
    'Isinusulat din bilang: {spellings} (kinumpirma ng kawani na ang mga pangalang ito ay ang supplier na ito).',
  'supplier.spellings': 'Baybay sa mga abiso at abstract of bids: {spellings}.',
  'supplier.awardsHeading': 'Mga napanalunang gawad',
  'supplier.awardsCaption': 'Ang bawat gawad sa {name}, pinakabago muna',
  'supplier.project': 'Proyekto',
  'supplier.amount': 'Halaga ng Kontrata',
  'supplier.mode': 'Paraan ng Procurement',
  'supplier.date': 'Petsa ng Pag-post',
  'supplier.notGiven': 'Hindi ibinigay',
  'supplier.untitled': 'Abiso {id}',
  'supplier.yearsChart':
    'Iginawad sa {name} bawat taon, kasama ang bahagi nito sa mga gawad ng munisipyo',
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
  // The staff page of supplier suggestions and PhilGEPS numbers (client/suppliers/StaffSuppliersPage.tsx).
  'suppliers.staff.title': 'Mga supplier: malamang iisang kompanya',
  'suppliers.staff.intro':
    'Iminumungkahi rito bilang posibleng iisang kompanya ang mga pangalang halos pareho kapag pinagtabi. Walang pinagsasama hangga’t hindi mo kinukumpirma: piliin ang pangalang pananatilihin at magbigay ng dahilan, o ibasura ang mungkahi kung dalawang kompanya ang mga ito. Nakatala ang bawat pasya sa kasaysayan ng supplier at sa audit log.',
  'suppliers.staff.rules':
    'Iminumungkahi ang isang pares kapag ang mga pangalan, na inihambing nang hindi pinapansin ang malaki o maliit na titik, bantas at mga salita ng anyo ng kompanya (Inc., Corp., Co., Enterprises), ay pareho maliban sa mga espasyo, kapag ang isa ay ang isa pa na may dagdag na salita, o kapag hanggang dalawang titik lamang ang pagkakaiba.',
  'suppliers.staff.none': 'Walang malamang iisang kompanya na susuriin.',
  'suppliers.staff.suggestion': 'Mungkahi {n}: {rule}',
  'suppliers.staff.rule.spacing': 'parehong pangalan maliban sa mga espasyo',
  'suppliers.staff.rule.contained': 'nasa loob ng isang pangalan ang isa pa',
  'suppliers.staff.rule.spelling': 'halos pareho ang baybay',
  'suppliers.staff.side': '{awards} gawad, {bids} bid; isinulat bilang: {spellings}',
  'suppliers.staff.keep': 'Pangalang pananatilihin',
  'suppliers.staff.reason': 'Dahilan ng pagsasama',
  'suppliers.staff.reasonHint':
    'Kailangan. Sabihin kung paano mo nalamang iisang kompanya ang mga ito, halimbawa parehong rehistro sa PhilGEPS o TIN.',
  'suppliers.staff.merge': 'Isama sa pangalang pananatilihin',
  'suppliers.staff.dismissReason': 'Dahilan ng pagbasura (hindi kailangan)',
  'suppliers.staff.dismiss': 'Ibasura: dalawang kompanya',
  'suppliers.staff.registerHeading': 'Numero ng rehistro sa PhilGEPS',
  'suppliers.staff.registerIntro':
    'Ibigay ang numero ng rehistro sa PhilGEPS ng isang supplier: ito ang magiging id at address ng supplier, at hahantong doon ang dating address.',
  'suppliers.staff.registerSupplier': 'Id ng supplier',
  'suppliers.staff.registerSupplierHint':
    'Gaya ng nasa address nito: nueva-esperanza-builders para sa /suppliers/nueva-esperanza-builders.',
  'suppliers.staff.registerNumber': 'Numero ng rehistro sa PhilGEPS',
  'suppliers.staff.registerNumberHint':
    'Mga numero, na pinagdugtong ng gitling kung ganoon isinulat; 4 hanggang 20 character.',
  'suppliers.staff.register': 'I-save ang numero',
  'suppliers.staff.done.merged':
    'Napagsama na. Nakalista na sa pahina ng supplier na pinanatili ang isa pang pangalan bilang “isinusulat din bilang”.',
  'suppliers.staff.done.dismissed': 'Naibasura. Hindi na muling imumungkahi ang pares na ito.',
  'suppliers.staff.done.registered': 'Na-save ang numero ng rehistro sa PhilGEPS.',
  'suppliers.staff.refused.INVALID_INPUT':
    'Walang binago: hindi napunan ang form gaya ng inaasahan.',
  'suppliers.staff.refused.NOT_PERMITTED': 'Walang binago: kailangan nito ang tungkuling BAC.',
  'suppliers.staff.refused.NO_SUCH_SUPPLIER': 'Walang binago: walang supplier na may ganoong id.',
  'suppliers.staff.refused.SAME_SUPPLIER': 'Walang binago: iisang supplier na ang mga ito.',
  'suppliers.staff.refused.REASON_REQUIRED':
    'Walang pinagsama: ibigay ang dahilan (hanggang 1,000 character).',
  'suppliers.staff.refused.NOT_SUGGESTED':
    'Walang binago: hindi kasalukuyang mungkahi ang mga supplier na ito.',
  'suppliers.staff.refused.MERGED_IS_REGISTERED':
    'Walang pinagsama: may numero ng rehistro sa PhilGEPS ang pangalang isasama; iyon ang panatilihin.',
  'suppliers.staff.refused.INVALID_NUMBER':
    'Walang na-save: ang numero ng rehistro sa PhilGEPS ay 4 hanggang 20 numero, na pinagdugtong ng gitling kung ganoon isinulat.',
  'suppliers.staff.refused.NUMBER_TAKEN':
    'Walang na-save: may ibang supplier na may ganoong numero ng rehistro sa PhilGEPS.',
};
