/**
 * The bid-alert e-mails' words in English (server/alerts/alert-mail.ts). A catalogue of its
 * own, beside the public and staff ones: only the server writes e-mails, so these words
 * need not ride in the public catalogue that every Filipino page carries in its hydration
 * data. `AlertMailMessages` makes a missing key in another language a compile error, and
 * tests/unit/i18n-catalogues.test.ts compares the placeholders.
 */
export const alertMailEn = {
  // What happened to a notice: in subjects, headings and the note of a change.
  'mail.event.posted': 'New',
  'mail.event.amended': 'Amended',
  'mail.event.withdrawn': 'Withdrawn',

  // One notice.
  'mail.notice': '{event} in {list}: {title}',
  'mail.noticeSubject': '{event}: {list}: {title}',
  'mail.change': '{event} on {date}: {reason}',
  'mail.recordFallback': 'Record {id}',
  // An amendment's changes, one line each: "Approved budget: ₱1,500,000.00 → ₱1,750,000.00".
  'mail.changed': 'What changed:',
  'mail.changedField': '{field}: {before} → {after}',
  'mail.emptyValue': '(empty)',

  // Several notices: an import or a daily digest.
  'mail.heading.notices': 'Procurement notices',
  'mail.heading.import': 'New procurement notices',
  'mail.heading.digest': 'Daily digest of {date}',
  'mail.count.one': '{heading}: {count} notice',
  'mail.count.other': '{heading}: {count} notices',
  'mail.more': '…and {count} more, on the lists:',

  // The footer of every alert.
  'mail.footer.why': 'You receive this because you subscribed to {lists}{keyword} on {site}.',
  'mail.footer.matching': ' matching “{keyword}”',
  'mail.footer.allLists': 'all procurement lists',
  'mail.footer.manage': 'Change your alerts',
  'mail.footer.unsubscribe': 'Unsubscribe',

  // The confirmation (double opt-in). It goes to an address nobody has confirmed yet, so it
  // says nothing a visitor typed (the keyword): only the lists, in the site's own words.
  'mail.confirm.subject': 'Confirm your bid alerts',
  'mail.confirm.asked': 'Someone, probably you, asked {site} to send this address {what}.',
  'mail.confirm.daily': 'a daily digest (7:00 AM, Manila time) of new notices on {lists}',
  'mail.confirm.immediate': 'an e-mail for each new notice on {lists}',
  'mail.confirm.open': 'To start the alerts, open this link within 48 hours and press Confirm:',
  'mail.confirm.notYou':
    'If it was not you, ignore this message: nothing more will be sent, and the address is deleted after 7 days.',
} as const;

export type AlertMailMessageKey = keyof typeof alertMailEn;

/** An alert e-mail catalogue: every key of the English one, each with its text. */
export type AlertMailMessages = { readonly [K in AlertMailMessageKey]: string };
