/**
 * The procurement lists' names in Filipino. Procurement terms of RA 9184 (Notice of Award,
 * Bid Bulletin, Small Value Procurement) are legal names that bidders search for, so the
 * English name stays beside the Filipino one. Keyed by collection; a kind missing here shows
 * its English names, and tests/unit/i18n-catalogues.test.ts fails until it is added.
 */
export const KIND_TEXT_FIL: Readonly<Record<string, { title: string; label: string }>> = {
  notice_of_awards: {
    title: 'Mga Abiso ng Paggawad (Notice of Awards)',
    label: 'Abiso ng Paggawad (Notice of Award)',
  },
  notice_to_proceed: {
    title: 'Abiso na Magpatuloy (Notice to Proceed)',
    label: 'Abiso na Magpatuloy (Notice to Proceed)',
  },
  bid_bulletin: { title: 'Bid Bulletin', label: 'Bid Bulletin' },
  public_bidding: {
    title: 'Pampublikong Bidding (Public Bidding)',
    label: 'Pampublikong Bidding (Public Bidding)',
  },
  svp: {
    title: 'Small Value Procurement (SVP)',
    label: 'Small Value Procurement (SVP)',
  },
  reports: { title: 'Mga Ulat (Reports)', label: 'Mga Ulat (Reports)' },
  two_failed_bidding: {
    title: 'Dalawang Bigong Bidding (Two Failed Bidding)',
    label: 'Dalawang Bigong Bidding (Two Failed Biddings)',
  },
  shopping_bidding: { title: 'Shopping', label: 'Shopping' },
};

/**
 * Field labels in Filipino, keyed by the English label the registry gives (two kinds call
 * the same column Project Title and Project Name). tests/unit/i18n-catalogues.test.ts fails
 * when a label of the registry has no entry here.
 */
export const FIELD_LABELS_FIL: Readonly<Record<string, string>> = {
  'Pr Number': 'Numero ng PR (PR Number)',
  'Project Title': 'Pamagat ng Proyekto',
  Supplier: 'Supplier',
  'Mode of Procurement': 'Paraan ng Procurement',
  'PhilGEPS Reference Number': 'Numero ng Sanggunian sa PhilGEPS',
  'Contract Amount': 'Halaga ng Kontrata',
  Link: 'Link',
  'Pr Number/Bid Number': 'Numero ng PR/Numero ng Bid',
  'Addenddum Number': 'Numero ng Addendum',
  'Closing Date': 'Petsa ng Pagsasara',
  'Bid Number': 'Numero ng Bid',
  'Project Name': 'Pangalan ng Proyekto',
  'Approved Budget for the Contract (ABC)': 'Inaprubahang Badyet para sa Kontrata (ABC)',
  Title: 'Pamagat',
  'Report Description': 'Paglalarawan ng Ulat',
};
