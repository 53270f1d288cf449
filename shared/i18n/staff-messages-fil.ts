import type { StaffMessages } from './staff-messages-en.ts';

/**
 * The staff pages' words in Filipino. Staff-facing terms without a settled Filipino word
 * keep the English term beside the Filipino one, e.g. "Password", "Upload", "CSV"; the
 * glossary in content/README.md lists the choices so the municipality's staff can correct
 * them.
 */
export const staffFil: StaffMessages = {
  // The staff frame: navigation and areas (client/components/staff/).
  'staff.nav.home': 'Tahanan ng kawani (Staff home)',
  'staff.nav.signOut': 'Mag-sign out',
  'staff.nav.signedInAs': 'Naka-sign in bilang {name} ({email})',
  'staff.nav.areas': 'Mga bahagi para sa kawani',
  'staff.area.records': 'Mga talaan ng procurement',
  'staff.area.recordsDescription':
    'Magdagdag, magtama at bumawi ng mga talaan ng procurement at ng kanilang mga dokumento.',
  'staff.area.news': 'Balita',
  'staff.area.newsDescription': 'Mag-post, mag-edit at bumawi ng mga balita.',
  'staff.area.advisories': 'Mga Abiso',
  'staff.area.advisoriesDescription':
    'Mag-post ng mga agarang abiso na makikita sa bawat pampublikong pahina, at tapusin ang mga ito.',
  'staff.area.fullDisclosure': 'Full Disclosure',
  'staff.area.fullDisclosureDescription': 'Mag-post ng mga dokumento ng Full Disclosure Policy.',
  'staff.area.accounts': 'Mga account ng kawani (Staff accounts)',
  'staff.area.accountsDescription':
    'Magdagdag ng mga account, magpalit ng mga tungkulin (role), mag-disable ng mga account at mag-reset ng mga password.',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Mag-login',
  'staff.login.description': 'Pag-sign in ng mga kawani ng Bids and Awards Committee.',
  'staff.login.username': 'Username',
  'staff.login.usernameHint': 'Ang iyong e-mail address',
  'staff.login.password': 'Password',
  'staff.login.submit': 'Mag-login',
  'staff.login.signedOut': 'Naka-sign out ka na.',
  'staff.login.passwordSet': 'Naitakda na ang iyong password. Mag-sign in gamit ito.',
  'staff.login.successful': 'Matagumpay ang pag-login',
  'staff.login.wrongCredentials': 'Mali ang username o password',
  'staff.login.throttled':
    'Masyadong maraming bigong pagtatangkang mag-sign in. Subukang muli pagkalipas ng {time} (oras sa Pilipinas).',
  'staff.login.throttledSoon':
    'Masyadong maraming bigong pagtatangkang mag-sign in. Subukang muli pagkalipas ng ilang minuto.',
  'staff.login.busy': 'Maraming nagsa-sign in ngayon. Subukang muli pagkalipas ng ilang segundo.',
  'staff.input.title': 'Magdagdag ng talaan ng procurement',
  'staff.input.description': 'Pagpasok ng datos ng mga kawani ng Bids and Awards Committee.',
  'staff.input.addHeading': 'Magdagdag ng talaan',
  'staff.input.type': 'Uri ng talaan',
  'staff.input.chooseType': 'Pumili',
  'staff.input.showFields': 'Ipakita ang mga field',
  'staff.input.uploadStep': '1. I-upload ang dokumento',
  'staff.input.addStep': '2. Idagdag ang talaan',
  'staff.input.add': 'Idagdag (Add)',
  'staff.input.clear': 'Burahin ang form',
  'staff.input.seeList': 'Tingnan ang listahan ng {title}',
  'staff.input.added': 'Matagumpay na naidagdag. Naidagdag: {title} ({link})',
  'staff.input.alreadyAdded':
    'Naipadala na ang form na ito, kaya walang bagong naitala. Naidagdag: {title} ({link})',
  'staff.input.viewIt': 'tingnan ito',
  'staff.input.recent': 'Mga kamakailang talaan',
  'staff.input.noRecords': 'Wala pang naipo-post na talaan.',
  'staff.input.recordMeta': '{kind} · na-post noong {time}',
  'staff.input.withdrawnMark': ' · Binawi',
  'staff.input.amendedMark': ' · Binago',
  'staff.input.publicPage': 'Tingnan ang pampublikong pahina ng talaan',
  'staff.input.saveFailed':
    'Hindi ma-save ang talaan. Pakisubukang muli; nananatili ang iyong tinype.',
  'staff.input.formExpired':
    'Nag-expire na ang form na ito. I-reload ang pahina at subukang muli; nananatili ang iyong tinype.',
  'staff.input.formKeySpent':
    'Nagamit na ang form na ito para sa isang talaang wala na. I-reload ang pahina upang magdagdag ng talaan.',
  'staff.input.noBacRole':
    'Hindi ito magagawa ng iyong account: kailangan nito ang tungkuling BAC (mga talaan ng procurement). Makipag-ugnayan sa isang administrator.',
  'staff.input.noSuchType': 'Walang ganoong uri ng talaan.',
  'staff.input.optional': 'Opsiyonal.',
  'staff.input.moneyHint': 'Sa piso, tulad ng 1,234,567.89.',
  'staff.input.datetimeHint': 'Oras sa Maynila.',
  'staff.input.linkHint':
    'Isang web address na nagsisimula sa https://, o ang link ng dokumentong na-upload dito.',
  'staff.input.chooseOne': 'Pumili ng isa',
  'staff.input.other': 'Iba pa (i-type sa ibaba)',
  'staff.input.otherLabel': 'Kung Iba pa, ang {label}',
  'staff.validation.fillAll': 'Punan ang lahat ng field',
  'staff.validation.fillAllNamed': 'Punan ang lahat ng field: {fields}.',
  'staff.validation.notText': 'Dapat na teksto ang {label}.',
  'staff.validation.tooLong': 'Hanggang {max} na character lamang ang {label}.',
  'staff.validation.link':
    'Ang Link ay dapat buong web address na nagsisimula sa http:// o https://, o ang address ng dokumentong na-upload sa site na ito.',
  'staff.validation.moneyNegative': 'Hindi maaaring negatibo ang {label}.',
  'staff.validation.moneyCommas':
    'Sa {label}, gumamit lamang ng kuwit sa pagitan ng bawat tatlong digit, tulad ng 1,234,567.89.',
  'staff.validation.moneyFormat':
    'Ang {label} ay dapat halaga sa piso, tulad ng 1234567.89 o 1,234,567.89.',
  'staff.validation.moneyDecimals': 'Hanggang 2 decimal place (sentimo) lamang ang {label}.',
  'staff.validation.moneyTooLarge': 'Hindi maaaring lumampas sa {max} ang {label}.',
  'staff.validation.dateTime':
    'Ang {label} ay dapat totoong petsa at oras, tulad ng 2026-02-03T14:00 (oras sa Maynila).',
  'staff.validation.reasonRequired':
    'Ibigay ang dahilan ng pagbabagong ito; makikita ito ng publiko.',
  'staff.validation.reasonTooLong': 'Hanggang {max} na character lamang ang dahilan.',
  'staff.change.edit': 'I-edit',
  'staff.change.withdraw': 'Bawiin',
  'staff.change.editHeading': 'I-edit: {name}',
  'staff.change.withdrawHeading': 'Bawiin: {name}',
  'staff.change.version': '{kind}, bersiyon {version}.',
  'staff.change.editNote':
    'Itinatago ng pampublikong pahina ang mga dating halaga at ipinapakita ang iyong dahilan.',
  'staff.change.withdrawNote':
    'Aalis ang talaan sa pampublikong listahan; mananatili ang pahina nito, may markang Binawi at ang iyong dahilan.',
  'staff.change.reason': 'Dahilan',
  'staff.change.editReasonHint':
    'Kailangan. Kung bakit itinatama ang talaan; makikita ito ng publiko.',
  'staff.change.withdrawReasonHint':
    'Kailangan. Kung bakit binabawi ang talaan; makikita ito ng publiko.',
  'staff.change.save': 'I-save ang mga pagbabago',
  'staff.change.withdrawSubmit': 'Bawiin ang talaan',
  'staff.change.cancel': 'Kanselahin',
  'staff.change.amended':
    'Nabago ang talaan. Ipinapakita ng pampublikong pahina nito ang pagbabago at ang iyong dahilan.',
  'staff.change.withdrawn':
    'Nabawi ang talaan. Mananatili ang pampublikong pahina nito, may markang Binawi at ang iyong dahilan.',
  'staff.change.noSuchRecord': 'Walang ganoong talaan.',
  'staff.change.missing':
    'Walang ganoong talaang mababago. Pumili ng isa sa mga kamakailang talaan sa ibaba.',
  'staff.change.nothingToChange': 'Walang babaguhin: gaya pa rin ng dati ang bawat field.',
  'staff.change.stale':
    'Hindi na-save: Nabago ang talaang ito mula nang buksan mo (bersiyon {version} na ito ngayon). I-reload ito, suriin ang mga pagbabago at gawin muli ang sa iyo. Nananatili sa ibaba ang iyong tinype.',
  'staff.change.alreadyWithdrawn':
    'Hindi na-save: Binawi ang talaang ito noong {date} at hindi na ito mababago. Nananatili sa ibaba ang iyong tinype.',
  'staff.change.failed':
    'Hindi ma-save ang pagbabago. Pakisubukang muli; nananatili ang iyong tinype.',
  'staff.upload.label': 'Dokumento (PDF, JPEG o PNG)',
  'staff.upload.hint': 'Opsiyonal. I-upload muna ang mismong abiso; magli-link dito ang talaan.',
  'staff.upload.submit': 'I-upload ang dokumento (Upload)',
  'staff.upload.done':
    'Na-upload ang dokumento. Nakalagay na sa ibaba ang link nito; kumpletuhin ang talaan at pindutin ang Idagdag.',
  'staff.upload.missing': 'Pumili ng file na ia-upload.',
  'staff.upload.unsupported': 'PDF, JPEG at PNG na file lamang ang maaaring i-upload.',
  'staff.upload.tooLarge': 'Masyadong malaki ang file para i-upload.',
  'staff.upload.forbidden':
    'Hindi makapag-upload ng mga dokumento ng procurement ang iyong account: kailangan nito ang tungkuling BAC. Makipag-ugnayan sa isang administrator.',
  'staff.upload.signedOut':
    'Natapos na ang iyong session. Mag-sign in muli, saka i-upload ang dokumento.',
  'staff.upload.expired': 'Nag-expire na ang form na ito. I-reload ang pahina at subukang muli.',
  'staff.upload.notAccepted': 'Hindi tinanggap ang dokumento.',
  'staff.upload.failed': 'Hindi ma-upload ang dokumento. Pakisubukang muli.',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Tahanan ng kawani (Staff home)',

  // News (/staff/news).
  'staff.news.title': 'Balita',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Mga Abiso',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
};
