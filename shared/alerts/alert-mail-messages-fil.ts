import type { AlertMailMessages } from './alert-mail-messages-en.ts';

/**
 * The bid-alert e-mails' words in Filipino, for subscribers who subscribed from a Filipino
 * page. The terms follow the public pages' (messages-fil.ts): Bago, Binago, Binawi; "alerto
 * sa bid" for a bid alert and "abiso" for the notice it tells of; "pang-araw-araw na buod"
 * for the daily digest. The glossary is in
 * content/README.md.
 */
export const alertMailFil: AlertMailMessages = {
  // What happened to a notice: in subjects, headings and the note of a change.
  'mail.event.posted': 'Bago',
  'mail.event.amended': 'Binago',
  'mail.event.withdrawn': 'Binawi',

  // One notice.
  'mail.notice': '{event} sa {list}: {title}',
  'mail.noticeSubject': '{event}: {list}: {title}',
  'mail.change': '{event} noong {date}: {reason}',
  'mail.recordFallback': 'Talaan {id}',
  'mail.changed': 'Ano ang nagbago:',
  'mail.changedField': '{field}: {before} → {after}',
  'mail.emptyValue': '(walang laman)',

  // Several notices: an import or a daily digest.
  'mail.heading.notices': 'Mga abiso ng procurement',
  'mail.heading.import': 'Mga bagong abiso ng procurement',
  'mail.heading.digest': 'Pang-araw-araw na buod ng {date}',
  'mail.count.one': '{heading}: {count} abiso',
  'mail.count.other': '{heading}: {count} na abiso',
  'mail.more': '…at {count} pa, nasa mga listahan:',

  // The footer of every alert.
  'mail.footer.why': 'Natatanggap mo ito dahil nag-subscribe ka sa {lists}{keyword} sa {site}.',
  'mail.footer.matching': ' na tumutugma sa “{keyword}”',
  'mail.footer.allLists': 'lahat ng listahan ng procurement',
  'mail.footer.manage': 'Baguhin ang iyong mga alerto',
  'mail.footer.unsubscribe': 'Mag-unsubscribe',

  // The confirmation (double opt-in): the lists only, never the keyword a visitor typed.
  'mail.confirm.subject': 'Kumpirmahin ang iyong mga alerto sa bid',
  'mail.confirm.asked':
    'May humiling, malamang ikaw, sa {site} na padalhan ang address na ito ng {what}.',
  'mail.confirm.daily':
    'pang-araw-araw na buod (7:00 AM, oras sa Maynila) ng mga bagong abiso sa {lists}',
  'mail.confirm.immediate': 'isang e-mail sa bawat bagong abiso sa {lists}',
  'mail.confirm.open':
    'Upang simulan ang mga alerto, buksan ang link na ito sa loob ng 48 oras at pindutin ang Kumpirmahin:',
  'mail.confirm.notYou':
    'Kung hindi ikaw ito, huwag pansinin ang mensaheng ito: wala nang ipapadala, at buburahin ang address pagkalipas ng 7 araw.',
};
