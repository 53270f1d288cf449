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

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Mag-login',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Tahanan ng kawani (Staff home)',

  // News (/staff/news).
  'staff.news.title': 'Balita',
  'staff.news.description': 'Paglalathala ng balita para sa tanggapan ng impormasyon ng bayan.',
  'staff.news.forbidden':
    'Hindi ito magagawa ng iyong account: kailangan nito ang role na Information (news and advisories). Lumapit sa isang administrator.',
  'staff.news.done.added': 'Nailathala na ang balita.',
  'staff.news.done.amended': 'Nai-save na ang pagtatama.',
  'staff.news.done.withdrawn': 'Binawi na ang balita.',
  'staff.news.publicPage': 'Tingnan ang pampublikong pahina ng balita',
  'staff.news.withdraw.heading': 'Bawiin ang “{title}”',
  'staff.news.withdraw.explain':
    'Aalisin ito sa listahan ng balita, sa Tahanan at sa feed; mananatili ang pahina nito, may markang binawi at ang iyong dahilan.',
  'staff.news.withdraw.button': 'Bawiin',
  'staff.news.cancel': 'Kanselahin',
  'staff.news.reason.label': 'Dahilan',
  'staff.news.reason.hint': 'Makikita ng publiko sa kasaysayan ng balita.',
  'staff.news.picture.heading': '1. I-upload ang larawan (Upload)',
  'staff.news.picture.uploaded':
    'Na-upload na ang larawan bilang {number} at nakalagay na ito sa ibaba.',
  'staff.news.picture.file': 'Larawan (JPEG, PNG o WebP)',
  'staff.news.picture.button': 'I-upload ang larawan (Upload)',
  'staff.news.upload.missing': 'Pumili ng larawang ia-upload.',
  'staff.news.upload.unsupported': 'JPEG, PNG at WebP na larawan lamang ang maaaring i-upload.',
  'staff.news.upload.tooLarge': 'Masyadong malaki ang larawan para i-upload.',
  'staff.news.item.write': '2. Isulat ang balita',
  'staff.news.item.correct': '2. Itama ang “{title}”',
  'staff.news.item.publish': 'Ilathala (Publish)',
  'staff.news.item.saveCorrection': 'I-save ang pagtatama',
  'staff.news.list.heading': 'Mga balita',
  'staff.news.list.line': '({date}, bersiyon {version})',
  'staff.news.list.lineWithdrawn': '({date}, bersiyon {version}, binawi)',
  'staff.news.list.edit': 'Baguhin',
  'staff.news.list.withdraw': 'Bawiin',
  'staff.news.field.title': 'Pamagat',
  'staff.news.field.date': 'Petsa',
  'staff.news.field.text': 'Teksto',
  'staff.news.field.summary': 'Buod',
  'staff.news.field.picture': 'Numero ng larawan',
  'staff.news.field.alt': 'Paglalarawan ng larawan (alt text)',
  'staff.news.hint.date': 'Ang araw ng balita, oras sa Maynila (YYYY-MM-DD).',
  'staff.news.hint.text':
    'Markdown: isang blangkong linya sa pagitan ng mga talata, *italic*, **bold**, [mga salita](https://address) para sa link (http, https, mailto o isang pahina ng site na ito), mga linyang nagsisimula sa "- " o "1. " para sa listahan, "## " para sa heading. Ipinapakita bilang teksto ang HTML.',
  'staff.news.hint.summary':
    'Opsiyonal: isa o dalawang pangungusap para sa mga card ng balita. Kapag walang laman, ang simula ng teksto ang gagamitin.',
  'staff.news.hint.picture':
    'I-upload ang larawan sa form sa itaas; dito ilalagay ang numerong matatanggap nito.',
  'staff.news.hint.alt': 'Kung ano ang makikita sa larawan, para sa mga hindi ito nakikita.',
  // The input checks' words (shared/news.ts); the API answers them in English.
  'staff.news.error.required': 'Kailangan ang {label}.',
  'staff.news.error.tooLong': 'Hanggang {max} titik lamang ang {label}.',
  'staff.news.error.label.title': 'pamagat',
  'staff.news.error.label.summary': 'buod',
  'staff.news.error.label.text': 'teksto',
  'staff.news.error.label.alt': 'paglalarawan ng larawan (alt text)',
  'staff.news.error.date':
    'Ang petsa ay dapat totoong petsa na nakasulat bilang YYYY-MM-DD, gaya ng 2026-03-05.',
  'staff.news.error.pictureMissing': 'Mag-upload muna ng larawan; may larawan ang bawat balita.',
  'staff.news.error.pictureId': 'Ang larawan ay dapat ang numerong ibinigay ng pag-upload.',
  'staff.news.error.reasonRequired':
    'Ibigay ang dahilan ng pagbabagong ito; makikita ito ng publiko.',
  'staff.news.error.reasonTooLong': 'Hanggang {max} titik lamang ang dahilan.',
  // Refusals of a write; in English the page shows the service's own words, with their details.
  'staff.news.refused.notSaved': 'Hindi na-save: {message} Nasa ibaba pa rin ang iyong isinulat.',
  'staff.news.refused.changed':
    'Nabago na ang balitang ito mula nang buksan mo ito, o binawi na ito. I-reload ito, tingnan ang mga pagbabago at gawin muli ang sa iyo.',
  'staff.news.refused.noItem': 'Walang ganitong balita.',
  'staff.news.refused.noPicture':
    'Walang larawang {number}. I-upload muna ang larawan at gamitin ang numerong ibinigay nito.',
  'staff.news.refused.unchanged': 'Walang babaguhin: pareho pa rin ang bawat field.',
  'staff.news.refused.failed':
    'Hindi na-save ang balita. Pakisubukang muli; nasa ibaba pa rin ang iyong isinulat.',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Mga Abiso',
  'staff.advisories.pageTitle': 'Mga Abiso (kawani)',
  'staff.advisories.description': 'Mag-post, magtama at magtapos ng mga abiso.',
  'staff.advisories.noRole':
    'Walang role na Information ang iyong account, na kailangan sa pag-post ng mga abiso. Hilingin sa isang administrator na idagdag ito.',
  'staff.advisories.done.posted': 'Nai-post na ang abiso.',
  'staff.advisories.done.amended': 'Naitama na ang abiso.',
  'staff.advisories.done.ended': 'Tinapos na ang abiso: wala na ang banner nito.',
  'staff.advisories.state.upcoming': 'Nakatakda',
  'staff.advisories.state.active': 'Ipinapakita ngayon',
  'staff.advisories.state.past': 'Tapos na',
  'staff.advisories.stateLine': '{state} · bersiyon {version}',
  'staff.advisories.post.heading': 'Mag-post ng abiso',
  'staff.advisories.post.explain':
    'Lumalabas ito bilang banner sa itaas ng bawat pampublikong pahina mula sa simula hanggang sa wakas nito, at sa {link}.',
  'staff.advisories.post.link': 'pahina ng mga abiso',
  'staff.advisories.post.button': 'I-post ang abiso',
  'staff.advisories.all.heading': 'Lahat ng abiso',
  'staff.advisories.all.none': 'Wala pang abisong nai-post.',
  'staff.advisories.all.correctOrEnd': 'Itama o tapusin',
  'staff.advisories.hint.severity':
    'Panganib para sa banta sa buhay, gaya ng babala ng bagyo (typhoon signal).',
  'staff.advisories.hint.text': 'Payak na teksto, hanggang {max} titik.',
  'staff.advisories.hint.time': 'Oras sa Maynila.',
  'staff.advisories.reason.label': 'Dahilan',
  'staff.advisories.reason.hint': 'Makikita ng publiko sa pahina ng mga abiso.',
  'staff.advisories.correct.heading': 'Itama ang “{title}”',
  'staff.advisories.correct.button': 'I-save ang pagtatama',
  'staff.advisories.end.heading': 'Tapusin ngayon ang “{title}”',
  'staff.advisories.end.button': 'Tapusin ngayon',
  'staff.advisories.close': 'Isara',
  // The input checks' words (shared/advisories.ts); the API answers them in English.
  'staff.advisories.error.severity': 'Ang antas ay dapat isa sa {severities}.',
  'staff.advisories.error.required': 'Kailangan ang {label}.',
  'staff.advisories.error.tooLong': 'Hanggang {max} titik lamang ang {label}.',
  'staff.advisories.error.label.title': 'pamagat',
  'staff.advisories.error.label.text': 'teksto',
  'staff.advisories.error.label.starts': 'simula',
  'staff.advisories.error.label.ends': 'wakas',
  'staff.advisories.error.time':
    'Ang {label} ay dapat totoong petsa at oras, gaya ng 2026-01-31T08:00:00Z o 2026-01-31T16:00 (oras sa Maynila), o totoong araw, gaya ng 2026-01-31 (mula hatinggabi sa Maynila).',
  'staff.advisories.error.endBeforeStart': 'Ang wakas ay dapat pagkatapos ng simula.',
  'staff.advisories.error.endsPassed':
    'Lumipas na ang wakas: hindi kailanman maipapakita ang abisong ito.',
  'staff.advisories.error.reasonRequired':
    'Ibigay ang dahilan ng pagbabagong ito; makikita ito ng publiko.',
  'staff.advisories.error.reasonTooLong': 'Hanggang {max} titik lamang ang dahilan.',
  'staff.advisories.error.version':
    'Ipadala ang bersiyon ng abisong binabago mo, isang buong bilang mula 1.',
  // Refusals of a write; in English the page shows the service's own words, with their details.
  'staff.advisories.refused.notSaved':
    'Hindi na-save: {message} Nasa ibaba pa rin ang iyong isinulat.',
  'staff.advisories.refused.changed':
    'Nabago na ang abisong ito mula nang buksan mo ito, o tapos na ito. I-reload ang pahina, tingnan ito at gawin muli ang iyong pagbabago.',
  'staff.advisories.refused.noItem': 'Walang ganitong abiso.',
  'staff.advisories.refused.unchanged': 'Walang babaguhin: pareho pa rin ang bawat field.',
  'staff.advisories.refused.formExpired':
    'Nag-expire na ang form na ito. I-reload ang pahina at subukang muli; nasa ibaba pa rin ang iyong isinulat.',
  'staff.advisories.refused.failed':
    'Hindi na-save ang abiso. Pakisubukang muli; nasa ibaba pa rin ang iyong isinulat.',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
};
