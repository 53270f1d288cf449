import type { StaffMessages } from './staff-messages-en.ts';

/**
 * The staff pages' words in Filipino. Staff-facing terms without a settled Filipino word
 * keep the English term beside the Filipino one, e.g. "Password", "Upload", "CSV"; the
 * glossary in content/README.md lists the choices so the municipality's staff can correct
 * them.
 */
export const staffFil: StaffMessages = {
  // The staff frame: navigation and areas (client/staff/).
  'staff.nav.home': 'Tahanan ng kawani (Staff home)',
  'staff.nav.signOut': 'Mag-sign out',
  'staff.nav.signedInAs': 'Naka-sign in bilang {name} ({email})',
  'staff.nav.areas': 'Mga bahagi para sa kawani',
  'staff.area.records': 'Mga talaan ng procurement',
  'staff.area.recordsDescription':
    'Magdagdag, magtama at magbawi ng mga talaan ng procurement at ng mga dokumento nito.',
  'staff.area.news': 'Balita',
  'staff.area.newsDescription': 'Mag-post, mag-edit at magbawi ng mga balita.',
  'staff.area.advisories': 'Mga Paalala',
  'staff.area.advisoriesDescription':
    'Mag-post ng mga agarang paalala na makikita sa bawat pampublikong pahina, at tapusin ang mga ito.',
  'staff.area.fullDisclosure': 'Full Disclosure',
  'staff.area.fullDisclosureDescription': 'Mag-post ng mga dokumento ng Full Disclosure Policy.',
  'staff.area.accounts': 'Mga account ng kawani',
  'staff.area.accountsDescription':
    'Magdagdag ng account, magpalit ng tungkulin (role), mag-disable ng account at mag-reset ng password.',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Pag-sign in ng kawani',
  'staff.login.description': 'Pag-sign in ng mga kawani ng Bids and Awards Committee.',
  'staff.login.username': 'Username',
  'staff.login.usernameHint': 'Ang iyong e-mail address',
  'staff.login.password': 'Password',
  'staff.login.submit': 'Mag-login',
  'staff.login.signedOut': 'Naka-sign out ka na.',
  'staff.login.passwordSet': 'Naitakda na ang iyong password. Mag-sign in gamit ito.',
  'staff.login.successful': 'Matagumpay ang pag-login',
  'staff.login.wrongCredentials': 'Mali ang username o password',
  'staff.login.fillIn': 'Punan ang iyong {fields}.',
  'staff.login.and': ' at ',
  'staff.login.throttled':
    'Masyadong maraming bigong pagtatangkang mag-sign in. Subukang muli pagkalipas ng {time}.',
  'staff.login.throttledSoon':
    'Masyadong maraming bigong pagtatangkang mag-sign in. Subukang muli pagkalipas ng ilang minuto.',
  'staff.login.busy': 'Maraming nagsa-sign in ngayon. Subukang muli pagkalipas ng ilang segundo.',
  'staff.login.forgot': 'Nakalimutan ang iyong password?',
  'staff.input.title': 'Magdagdag ng talaan ng procurement',
  'staff.input.titleEdit': 'Baguhin ang talaan ng procurement',
  'staff.input.titleWithdraw': 'Bawiin ang talaan ng procurement',
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
  'staff.input.planLink': 'I-upload ang Taunang Plano ng Procurement (APP) ng taon',
  'staff.input.projectsLink':
    'Mga proyekto ng procurement: abstract of bids, kontrata at pagkakatapos',
  // Ang listahan ng BAC ng mga proyekto ng procurement (issue 34).
  'staff.projects.title': 'Mga proyekto ng procurement',
  'staff.projects.description':
    'Bawat proyekto ng procurement, may link sa pampublikong pahina nito, sa abstract of bids nito at sa kontrata at pagkakatapos nito.',
  'staff.projects.search':
    'Maghanap ng proyekto ayon sa pamagat, OCID, numero ng PR o reference ng PhilGEPS',
  'staff.projects.find': 'Hanapin',
  'staff.projects.showing': 'Mga proyekto {first} hanggang {last} ng {total}',
  'staff.projects.empty':
    'Wala pang proyekto ng procurement. I-upload ang APP o magdagdag ng abiso upang magsimula ng isa.',
  'staff.projects.noMatch': 'Walang proyektong tugma sa “{q}”.',
  'staff.projects.caption': 'Mga proyekto ng procurement, pahina {page}',
  'staff.projects.project': 'Proyekto',
  'staff.projects.year': 'Taon',
  'staff.projects.status': 'Katayuan',
  'staff.projects.pages': 'Mga pahina ng kawani',
  'staff.projects.bids': 'Abstract of bids',
  'staff.projects.contract': 'Kontrata at pagkakatapos',
  'staff.projects.forbidden':
    'Hindi ito mabubuksan ng iyong account: kailangan nito ang tungkuling BAC (mga talaan ng procurement). Makipag-ugnayan sa isang tagapangasiwa.',
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
  'staff.input.formKeySpentOnOtherKind':
    'Nagamit na ang form na ito upang magdagdag ng talaan ng ibang uri, kaya walang naitala. Piliin ang “Burahin ang form” upang idagdag ang talaang ito.',
  'staff.input.noBacRole':
    'Hindi ito magagawa ng iyong account: kailangan nito ang tungkuling BAC (mga talaan ng procurement). Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.input.noSuchType': 'Walang ganoong uri ng talaan.',
  // Ang abstract of bids (issue 34).
  'staff.bid.title': 'Abstract of bids: {title}',
  'staff.bid.intro':
    'Idagdag ang bawat bidder ng proyektong ito, ang halagang inalok nito at ang natuklasan ng komite. Ipinapakita sa publiko ng pahina ng proyekto ang abstract.',
  'staff.bid.bidder': 'Bidder',
  'staff.bid.bidderHint': 'Ang pangalan ng bidder gaya ng nasa bid nito.',
  'staff.bid.amount': 'Halaga ng bid (₱)',
  'staff.bid.amountHint': 'Sa piso, gaya ng 1234567.89 o 1,234,567.89.',
  'staff.bid.outcome': 'Kinalabasan',
  'staff.bid.chooseOutcome': 'Pumili ng kinalabasan',
  'staff.bid.reason': 'Dahilan',
  'staff.bid.reasonHint': 'Kailangan maliban kung pumasa ang bid. Mababasa ito ng publiko.',
  'staff.bid.submit': 'Idagdag ang bid',
  'staff.bid.added': 'Naidagdag ang bid. Ipinapakita ito ng pahina ng proyekto.',
  'staff.bid.stored': 'Mga bid na naitala na: {count}',
  'staff.bid.viewProject': 'Tingnan ang pahina ng proyekto',
  'staff.bid.reviewSuppliers':
    'Suriin ang mga bidder at supplier na mukhang iisang kompanya ang pangalan',
  'staff.bid.invalid': 'Hindi naitala ang bid. Itama ang mga minarkahang field at subukang muli.',
  'staff.bid.lcrbTaken':
    'Hindi naitala ang bid: may lowest calculated responsive bid (LCRB) na ang proyektong ito. Iisa lamang ito bawat proyekto.',
  'staff.bid.problem.required': 'Punan ito.',
  'staff.bid.problem.tooLong': 'Masyadong mahaba ito.',
  'staff.bid.problem.negative': 'Hindi dapat negatibo ang halaga.',
  'staff.bid.problem.commas':
    'Gumamit lamang ng kuwit sa pagitan ng tig-tatlong digit, gaya ng 1,234,567.89.',
  'staff.bid.problem.format': 'Magbigay ng halaga sa piso, gaya ng 1234567.89 o 1,234,567.89.',
  'staff.bid.problem.decimals': 'Hanggang 2 decimal place (sentimo) lamang ang halaga.',
  'staff.bid.problem.tooLarge': 'Masyadong malaki ang halaga.',
  'staff.bid.problem.unknownOutcome': 'Pumili ng isa sa mga nakalistang kinalabasan.',
  'staff.bid.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'staff.bid.outcome.responsive': 'Responsive (pumasa)',
  'staff.bid.outcome.failed-eligibility': 'Hindi pumasa: eligibility',
  'staff.bid.outcome.failed-preliminary': 'Hindi pumasa: preliminary examination',
  'staff.bid.outcome.failed-evaluation': 'Hindi pumasa: detailed evaluation',
  'staff.bid.outcome.failed-post-qualification': 'Hindi pumasa: post-qualification',
  'staff.bid.outcome.withdrawn': 'Binawi (withdrawn)',
  // RA 12009 seksiyon 38: mga procurement conference, tagamasid at kategorya (issue 34).
  'staff.conference.title': 'Mga procurement conference: {title}',
  'staff.conference.intro':
    'I-post ang bawat procurement conference ng proyektong ito kasama ang link ng livestream at ng rekording, ang mga inimbitahang tagamasid, at ang kategorya ng procurement ng proyekto, na nagpapasya kung saklaw ito ng RA 12009 seksiyon 38. Ipinapakita ang mga ito ng pahina ng proyekto.',
  'staff.conference.viewProject': 'Tingnan ang pahina ng proyekto',
  'staff.conference.applies.yes':
    'Saklaw ng seksiyon 38: lampas ang ABC sa hangganan ng kategoryang ito.',
  'staff.conference.applies.no':
    'Hindi saklaw ng seksiyon 38: hindi lampas ang ABC sa hangganan. Walang ipinapakita rito ang pahina ng proyekto.',
  'staff.conference.applies.unknown':
    'Hindi pa nakasaad ang kategorya, kaya sinasabi ng pahina ng proyekto na hindi alam kung saklaw ito ng seksiyon 38. Isaad ito sa ibaba.',
  'staff.conference.categoryHeading': 'Kategorya ng procurement',
  'staff.conference.category': 'Kategorya',
  'staff.conference.chooseCategory': 'Pumili ng kategorya',
  'staff.conference.categorySubmit': 'I-save ang kategorya',
  'staff.conference.conferenceHeading': 'Magdagdag o magtama ng conference',
  'staff.conference.kind': 'Conference',
  'staff.conference.chooseKind': 'Pumili ng conference',
  'staff.conference.date': 'Petsa',
  'staff.conference.dateHint': 'Ang araw, isinulat na YYYY-MM-DD, gaya ng 2026-03-05.',
  'staff.conference.livestream': 'Link ng livestream',
  'staff.conference.recording': 'Link ng rekording',
  'staff.conference.linkHint':
    'Isang address na nagsisimula sa https://. Iwanang blangko kung hindi naka-post.',
  'staff.conference.conferenceSubmit': 'I-save ang conference',
  'staff.conference.observerHeading': 'Magdagdag o magtama ng tagamasid',
  'staff.conference.name': 'Pangalan',
  'staff.conference.organisation': 'Organisasyon',
  'staff.conference.invited': 'Petsa ng imbitasyon',
  'staff.conference.observerSubmit': 'I-save ang tagamasid',
  'staff.conference.corrects': 'Itama ang isang entry',
  'staff.conference.new': 'Wala: magdagdag ng bago',
  'staff.conference.reason': 'Dahilan ng pagtatama',
  'staff.conference.reasonHint':
    'Kailangan kapag nagtatama ng entry o ng nakasaad na kategorya. Mananatili sa kasaysayan ang naunang pahayag.',
  'staff.conference.added': 'Nai-save. Ipinapakita ito ng pahina ng proyekto.',
  'staff.conference.corrected': 'Naitama. Mananatili sa kasaysayan ang naunang pahayag.',
  'staff.conference.invalid': 'Walang naitala. Itama ang mga minarkahang field at subukang muli.',
  'staff.conference.noSuchEntry': 'Walang ganoong entry ang proyektong ito na maitatama.',
  'staff.conference.problem.required': 'Punan ito.',
  'staff.conference.problem.tooLong': 'Masyadong mahaba ito.',
  'staff.conference.problem.unknown': 'Pumili ng isa sa mga nakalista.',
  'staff.conference.problem.date':
    'Magbigay ng totoong petsa na isinulat na YYYY-MM-DD, gaya ng 2026-03-05.',
  'staff.conference.problem.notHttps': 'Dapat magsimula ang link sa https:// (ligtas na address).',
  'staff.conference.problem.link':
    'Magbigay ng buong web address, gaya ng https://www.facebook.com/….',
  'staff.project.heading': 'Proyekto ng procurement',
  'staff.project.hint':
    'Ang proseso ng pagkontrata na kinabibilangan ng abisong ito. Ang abisong may PhilGEPS reference number ng isang proyekto ay kusang napapasama rito.',
  'staff.project.search':
    'Maghanap ng proyekto ayon sa PR number, PhilGEPS reference, APP code o pamagat',
  'staff.project.find': 'Hanapin',
  'staff.project.new': 'Magsimula ng bagong proyekto (mula sa abisong ito)',
  'staff.project.noMatch': 'Walang proyektong tumutugma sa “{q}”.',
  'staff.project.noSuchProject':
    'Wala na ang napiling proyekto ng procurement. Hanapin itong muli, o magsimula ng bago.',
  'staff.project.alreadyInProject': 'Kabilang na ang abiso sa proyektong iyon.',
  'staff.project.moveFailed': 'Hindi nailipat ang abiso. Magbigay ng dahilan at subukang muli.',
  'staff.amendment.invalid':
    'Hindi naitala ang pagbabago ng kontrata. Ibigay ang bagong kabuuang halaga, ang petsa nito (YYYY-MM-DD) at ang dahilan.',
  'staff.completion.invalid':
    'Hindi naitala ang pagkakatapos. Ibigay ang petsa ng pagkakatapos (YYYY-MM-DD).',
  'staff.completion.reasonRequired':
    'May naitalang pagkakatapos na ang proyekto: ibigay ang dahilan ng pagwawasto nito.',
  'staff.contract.title': 'Mga pagbabago ng kontrata at pagkakatapos',
  'staff.contract.description':
    'Magdagdag ng pagbabago ng kontrata (variation order) o itala ang pagkakatapos ng isang proyekto ng procurement.',
  'staff.contract.project': 'Proyekto: {title}',
  'staff.contract.publicPage': 'Tingnan ang pampublikong pahina ng proyekto',
  'staff.contract.amendHeading': 'Magdagdag ng pagbabago ng kontrata',
  'staff.contract.amount': 'Bagong kabuuang halaga ng kontrata',
  'staff.contract.amendDate': 'Petsa ng pagbabago (YYYY-MM-DD)',
  'staff.contract.reason': 'Dahilan',
  'staff.contract.variationOrder': 'Nilagdaang variation order (PDF, opsiyonal)',
  'staff.contract.amendSubmit': 'Idagdag ang pagbabago',
  'staff.contract.completeHeading': 'Pagkakatapos',
  'staff.contract.completedOn':
    'Naitalang pagkakatapos: {date}. Ang muling pagtatala ay nagwawasto nito.',
  'staff.contract.completionDate': 'Petsa ng pagkakatapos (YYYY-MM-DD)',
  'staff.contract.correctionReason': 'Dahilan ng pagwawasto',
  'staff.contract.correctionHint':
    'Kailangan lamang kapag iwinawasto ang naitala nang pagkakatapos.',
  'staff.contract.certificate': 'Katibayan ng pagkakatapos o pagtanggap (PDF, opsiyonal)',
  'staff.contract.completeSubmit': 'Itala ang pagkakatapos',
  'staff.contract.outcome.amended': 'Naidagdag ang pagbabago ng kontrata.',
  'staff.contract.outcome.completed': 'Naitala ang pagkakatapos.',
  'staff.contract.problem.amount':
    'Ibigay ang bagong kabuuang halaga sa piso, tulad ng 1,234,567.89.',
  'staff.contract.problem.date': 'Ibigay ang tunay na petsa sa anyong YYYY-MM-DD.',
  'staff.contract.problem.reason': 'Magbigay ng dahilang hindi hihigit sa 1,000 titik.',
  'staff.contract.problem.tooLarge': 'Masyadong malaki ang file. Walang naitala.',
  'staff.contract.problem.unsupported': 'Dapat PDF ang dokumento. Walang naitala.',
  'staff.contract.notStored': 'Walang naitala; iwasto ang may marka at ipadala muli.',
  'staff.input.optional': 'Opsiyonal.',
  'staff.input.required': 'Kailangan.',
  'staff.input.chooseTypeFirst': 'Piliin muna ang uri ng talaan; saka lalabas ang mga field nito.',
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
  'staff.validation.tooLong': 'Hanggang {max} na titik lamang ang {label}.',
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
  'staff.validation.reasonTooLong': 'Hanggang {max} na titik lamang ang dahilan.',
  'staff.change.edit': 'Baguhin',
  'staff.change.withdraw': 'Bawiin',
  'staff.change.editHeading': 'Baguhin: {name}',
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
    'Hindi makapag-upload ng mga dokumento ng procurement ang iyong account: kailangan nito ang tungkuling BAC. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.upload.signedOut':
    'Natapos na ang iyong session. Mag-sign in muli, saka i-upload ang dokumento.',
  'staff.upload.expired': 'Nag-expire na ang form na ito. I-reload ang pahina at subukang muli.',
  'staff.upload.notAccepted': 'Hindi tinanggap ang dokumento.',
  'staff.upload.failed': 'Hindi ma-upload ang dokumento. Pakisubukang muli.',

  // Staff home and accounts (/staff, /staff/accounts, /staff/set-password).
  'staff.home.title': 'Bahagi ng Kawani (Staff area)',
  'staff.home.description': 'Ang mga bahagi ng website na mababago ng iyong account.',
  'staff.home.areasHeading': 'Ang magagawa ng iyong account',
  'staff.role.admin': 'Tagapangasiwa (Admin: mga account ng kawani)',
  'staff.role.bac': 'BAC (mga talaan ng procurement)',
  'staff.role.information': 'Impormasyon (Information: balita at mga paalala)',
  'staff.role.transparency': 'Katapatan (Transparency: mga dokumento ng Full Disclosure)',
  'staff.role.short.admin': 'Tagapangasiwa (admin)',
  'staff.role.short.bac': 'BAC',
  'staff.role.short.information': 'Impormasyon (information)',
  'staff.role.short.transparency': 'Katapatan (transparency)',
  'staff.accounts.title': 'Mga account ng kawani',
  'staff.accounts.description': 'Ang mga account ng kawani at ang maaaring gawin ng bawat isa.',
  'staff.accounts.notAdmin':
    'Hindi makapamamahala ng mga account ng kawani ang iyong account: kailangan nito ang tungkuling Tagapangasiwa (Admin). Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.accounts.listHeading': 'Mga account',
  'staff.accounts.field.email': 'E-mail address',
  'staff.accounts.field.displayName': 'Pangalan',
  'staff.accounts.field.roles': 'Mga tungkulin (Roles)',
  'staff.accounts.field.setPassword': 'Unang password',
  'staff.accounts.choice.link':
    'Isang set-password link para sa may-ari nito (gumagana nang isang beses, sa loob ng 24 na oras)',
  'staff.accounts.choice.generated': 'Isang malakas na password na ginawa ng system',
  'staff.accounts.addHeading': 'Magdagdag ng account',
  'staff.accounts.addButton': 'Idagdag ang account',
  'staff.accounts.notAdded': 'Hindi naidagdag ang account:',
  'staff.accounts.status': 'Katayuan',
  'staff.accounts.lastSignIn': 'Huling pag-sign in',
  'staff.accounts.never': 'Hindi pa kailanman',
  'staff.accounts.active': 'Aktibo',
  'staff.accounts.awaiting': 'Aktibo; hinihintay pang magtakda ng password ang may-ari nito',
  'staff.accounts.disabled': 'Naka-disable',
  'staff.accounts.needsLink':
    'Aktibo, pero wala pang password at hindi na gumagana ang set-password link nito: i-reset ang password para makapagbigay ng bago',
  'staff.accounts.of': ' ni {name}',
  'staff.accounts.changeRoles': 'Palitan ang mga tungkulin (roles)',
  'staff.accounts.rolesOf': 'Mga tungkulin ni {name}',
  'staff.accounts.saveRoles': 'I-save ang mga tungkulin',
  'staff.accounts.resetPassword': 'I-reset ang password',
  'staff.accounts.resetHint':
    'Hihinto sa paggana ang lumang password at matatapos ang mga bukas na session ng account. Isang beses lang ipapakita sa iyo ang bagong password.',
  'staff.accounts.newPasswordFor': 'Bagong password para kay {name}',
  'staff.accounts.disable': 'I-disable',
  'staff.accounts.enable': 'I-enable',
  'staff.accounts.issuedPassword': 'Ang bagong password para sa {email}',
  'staff.accounts.issuedLink': 'Ang set-password link para sa {email}',
  'staff.accounts.issuedOnce':
    'Ngayon lang ito ipapakita at hindi ito itinatago nang nababasa: kopyahin ito ngayon at ibigay sa may-ari sa ligtas na paraan (nang personal, sa telepono o sa mensaheng hiwalay sa e-mail address).',
  'staff.accounts.issuedLinkWorks':
    'Gumagana ang link nang isang beses, hanggang {time}; dito pipili ng password ang may-ari nito.',
  'staff.accounts.issuedKeep': 'Dapat itong itago ng may-ari sa isang password manager.',
  'staff.accounts.added': 'Naidagdag ang {email} na may mga tungkulin: {roles}.',
  'staff.accounts.rolesChanged': 'Ang mga tungkulin na ngayon ng {email}: {roles}.',
  'staff.accounts.enabled': 'Na-enable ang {email}.',
  'staff.accounts.disabledDone':
    'Na-disable ang {email}; natapos na ang mga bukas na session nito.',
  'staff.accounts.reset':
    'Bagong password para sa {email}: natapos na ang mga bukas na session nito at hindi na gumagana ang lumang password.',
  'staff.accounts.unknownIntent': 'Walang binago: walang kilalang aksiyon na ipinadala ang form.',
  'staff.accounts.refused.invalid': 'Walang binago: suriin ang form.',
  'staff.accounts.refused.notAdmin':
    'Walang binago: kailangan ng iyong account ang tungkuling Tagapangasiwa (Admin) para dito.',
  'staff.accounts.refused.noAccount': 'Walang account ng kawani na {email}.',
  'staff.accounts.refused.emailTaken': 'Mayroon nang account para sa {email}.',
  'staff.accounts.refused.lastAdmin':
    'Ito ang huling aktibong tagapangasiwa (admin): ibigay muna sa ibang account ang tungkuling admin.',
  'staff.accounts.refused.noRole':
    'Kailangan ng isang account ang kahit isang tungkulin; i-disable na lang ito.',
  'staff.accounts.problem.emailFormat':
    'E-mail address: maglagay ng address gaya ng name@example.gov.ph.',
  'staff.accounts.problem.emailTaken': 'Mayroon nang account para sa {email}.',
  'staff.accounts.problem.nameLength':
    'Pangalan: ilagay ang pangalan ng tao (hanggang {max} na titik).',
  'staff.accounts.problem.rolesNone': 'Mga tungkulin: pumili ng kahit isang tungkulin.',
  'staff.accounts.problem.rolesUnknown':
    'Mga tungkulin: piliin lamang ang mga nakalistang tungkulin.',
  'staff.accounts.problem.passwordChoice':
    'Unang password: pumili ng set-password link o ng password na ginawa ng system.',
  'staff.setPassword.title': 'Itakda ang iyong password',
  'staff.setPassword.description': 'Itakda ang password ng isang account ng kawani.',
  'staff.setPassword.intro':
    'Piliin ang password para sa {email}. Gumagana ang link na ito nang isang beses, hanggang {time}.',
  'staff.setPassword.password': 'Bagong password',
  'staff.setPassword.passwordHint':
    'Hindi bababa sa {min} na titik; mas mabuti ang {recommended} o higit pa, at madaling tandaan ang ilang salitang hindi magkakaugnay. Hindi isang karaniwang password, at hindi ang iyong e-mail address.',
  'staff.setPassword.confirm': 'Ulitin ang bagong password',
  'staff.setPassword.submit': 'Itakda ang password',
  'staff.setPassword.differ':
    'Magkaiba ang dalawang password: i-type ang parehong password sa dalawang kahon.',
  'staff.setPassword.refused': 'Hindi tinanggap ang password: {problem}.',
  'staff.setPassword.problem.tooShort':
    'masyado itong maikli: gumamit ng hindi bababa sa {min} na titik (mas mabuti ang {recommended} o higit pa)',
  'staff.setPassword.problem.tooLong':
    'masyado itong mahaba: gumamit ng hanggang {max} na titik lamang',
  'staff.setPassword.problem.common': 'isa ito sa mga pinakakaraniwang password',
  'staff.setPassword.problem.containsEmail': 'naglalaman ito ng e-mail address',
  'staff.setPassword.problem.oneCharacter': 'inuulit lang nito ang iisang titik',
  'staff.setPassword.link.unknown':
    'Hindi wasto ang set-password link na ito. Tiyaking nakopya ang buong link, o humingi ng bago sa isang tagapangasiwa.',
  'staff.setPassword.link.expired':
    'Paso na ang set-password link na ito (gumagana ang mga link sa loob ng {hours} na oras). Humingi ng bago sa isang tagapangasiwa.',
  'staff.setPassword.link.used':
    'Nagamit na ang set-password link na ito. Mag-sign in gamit ang password na itinakda mo, o humingi ng bagong link sa isang tagapangasiwa.',
  'staff.setPassword.link.replaced':
    'Napalitan na ang set-password link na ito ng mas bagong link o password. Gamitin ang pinakabagong link, o humingi ng bago sa isang tagapangasiwa.',
  'staff.setPassword.link.revoked':
    'Kinansela ang set-password link na ito nang i-disable ang account. Humingi ng bago sa isang tagapangasiwa.',
  'staff.setPassword.link.disabled':
    'Naka-disable ang account na ito. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.setPassword.toSignIn': 'Pumunta sa pag-sign in ng kawani',

  // Nakalimutang password (/staff/forgot-password): set-password link sa e-mail.
  'staff.forgot.title': 'Nakalimutan ang password',
  'staff.forgot.description':
    'Magpadala ng link sa iyong e-mail para magtakda ng bagong password ng kawani.',
  'staff.forgot.intro':
    'I-type ang e-mail address na ginagamit mo sa pag-sign in. Kung may account ng kawani na gumagamit nito, padadalhan ito ng link para magtakda ng bagong password; gumagana ito nang isang beses, sa loob ng {hours} na oras. Hangga’t hindi mo ito ginagamit, gumagana pa rin ang kasalukuyan mong password.',
  'staff.forgot.email': 'E-mail address',
  'staff.forgot.submit': 'Ipadala ang link',
  'staff.forgot.sent':
    'Kung may account na gumagamit ng address na iyon, naipadala na ang link para magtakda ng bagong password. Tingnan ang iyong e-mail, pati ang spam folder.',
  'staff.forgot.noMail':
    'Hindi nagpapadala ng e-mail ang site na ito, kaya hindi rito mare-reset ang nakalimutang password. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.forgot.problem.missing': 'Ilagay ang iyong e-mail address.',
  'staff.forgot.problem.format': 'Maglagay ng e-mail address na tulad ng pangalan@example.gov.ph.',
  // Ang e-mail na may dalang link (server/staff-accounts/password-reset-mail.ts).
  'staff.resetMail.subject': 'Link para magtakda ng bagong password',
  'staff.resetMail.asked':
    'May humiling ng bagong password para sa account ng kawani na {email} sa {site}.',
  'staff.resetMail.open':
    'Para pumili ng bagong password, buksan ang link na ito. Gumagana ito nang isang beses, hanggang {time}:',
  'staff.resetMail.notYou':
    'Kung hindi ikaw ang humiling, huwag pansinin ang mensaheng ito: hindi nagbabago ang iyong password, at kusang titigil sa paggana ang link.',

  // News (/staff/news).
  'staff.news.title': 'Balita',
  'staff.news.description': 'Paglalathala ng balita para sa tanggapan ng impormasyon ng bayan.',
  'staff.news.forbidden':
    'Hindi ito magagawa ng iyong account: kailangan nito ang tungkuling Impormasyon (Information: balita at mga paalala). Makipag-ugnayan sa isang tagapangasiwa.',
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
  'staff.news.upload.tooManyPixels':
    'Masyadong marami ang pixel ng larawan: hanggang 64 megapixel lamang (gaya ng 8000 × 8000) ang maaaring i-upload. Paliitin ito at i-upload muli.',
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
  'staff.news.hint.date': 'Ang araw ng balita, ayon sa ipinapakita ng date picker.',
  'staff.news.hint.text':
    'Markdown: isang blangkong linya sa pagitan ng mga talata, *italic*, **bold**, [mga salita](https://address) para sa link (http, https, mailto, tel o isang pahina ng site na ito), mga linyang nagsisimula sa "- " o "1. " para sa listahan, "## " para sa heading. Ipinapakita bilang teksto ang HTML.',
  'staff.news.hint.summary':
    'Opsiyonal: isa o dalawang pangungusap para sa mga card ng balita. Kapag walang laman, ang simula ng teksto ang gagamitin.',
  'staff.news.hint.picture':
    'I-upload ang larawan sa form sa itaas; dito ilalagay ang numerong matatanggap nito.',
  'staff.news.hint.alt': 'Kung ano ang makikita sa larawan, para sa mga hindi ito nakikita.',
  // The input checks' words (shared/news/news.ts); the API answers them in English.
  'staff.news.error.required': 'Kailangan ang {label}.',
  'staff.news.error.tooLong': 'Hanggang {max} titik lamang ang {label}.',
  'staff.news.error.tooDeep':
    'Hanggang {max} antas lamang ng sipi o listahan sa loob ng isa’t isa ang teksto; bawasan ang mga antas.',
  'staff.news.error.label.title': 'pamagat',
  'staff.news.error.label.summary': 'buod',
  'staff.news.error.label.text': 'teksto',
  'staff.news.error.label.alt': 'paglalarawan ng larawan (alt text)',
  'staff.news.error.date':
    'Ang petsa ay dapat totoong petsa na nakasulat bilang YYYY-MM-DD, gaya ng 2026-03-05.',
  'staff.news.error.pictureMissing': 'Mag-upload muna ng larawan; may larawan ang bawat balita.',
  'staff.news.error.pictureId': 'Ang larawan ay dapat ang numerong ibinigay ng pag-upload.',
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
  'staff.advisories.title': 'Mga Paalala',
  'staff.advisories.pageTitle': 'Mga Paalala (kawani)',
  'staff.advisories.description': 'Mag-post, magtama at magtapos ng mga paalala.',
  'staff.advisories.noRole':
    'Walang tungkuling Impormasyon (Information) ang iyong account, na kailangan sa pag-post ng mga paalala. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.advisories.done.posted': 'Nai-post na ang paalala.',
  'staff.advisories.done.amended': 'Naitama na ang paalala.',
  'staff.advisories.done.ended': 'Tinapos na ang paalala: wala na ang banner nito.',
  'staff.advisories.state.upcoming': 'Nakatakda',
  'staff.advisories.state.active': 'Ipinapakita ngayon',
  'staff.advisories.state.past': 'Tapos na',
  'staff.advisories.stateLine': '{state} · bersiyon {version}',
  'staff.advisories.post.heading': 'Mag-post ng paalala',
  'staff.advisories.post.explain':
    'Lumalabas ito bilang banner sa itaas ng bawat pampublikong pahina mula sa simula hanggang sa wakas nito, at sa {link}.',
  'staff.advisories.post.link': 'pahina ng mga paalala',
  'staff.advisories.post.button': 'I-post ang paalala',
  'staff.advisories.all.heading': 'Lahat ng paalala',
  'staff.advisories.all.none': 'Wala pang paalalang nai-post.',
  'staff.advisories.all.correctOrEnd': 'Itama o tapusin',
  'staff.advisories.hint.severity':
    'Panganib para sa banta sa buhay, gaya ng babala ng bagyo (typhoon signal).',
  'staff.advisories.hint.text': 'Payak na teksto, hanggang {max} titik.',
  'staff.advisories.hint.time': 'Oras sa Maynila.',
  'staff.advisories.reason.label': 'Dahilan',
  'staff.advisories.reason.hint': 'Makikita ng publiko sa pahina ng mga paalala.',
  'staff.advisories.correct.heading': 'Itama ang “{title}”',
  'staff.advisories.correct.button': 'I-save ang pagtatama',
  'staff.advisories.end.heading': 'Tapusin ngayon ang “{title}”',
  'staff.advisories.end.button': 'Tapusin ngayon',
  'staff.advisories.close': 'Isara',
  // The input checks' words (shared/advisories/advisories.ts); the API answers them in English.
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
    'Lumipas na ang wakas: hindi kailanman maipapakita ang paalalang ito.',
  'staff.advisories.error.version':
    'Ipadala ang bersiyon ng paalalang binabago mo, isang buong bilang mula 1.',
  // Refusals of a write; in English the page shows the service's own words, with their details.
  'staff.advisories.refused.notSaved':
    'Hindi na-save: {message} Nasa ibaba pa rin ang iyong isinulat.',
  'staff.advisories.refused.changed':
    'Nabago na ang paalalang ito mula nang buksan mo ito, o tapos na ito. I-reload ang pahina, tingnan ito at gawin muli ang iyong pagbabago.',
  'staff.advisories.refused.noItem': 'Walang ganitong paalala.',
  'staff.advisories.refused.unchanged': 'Walang babaguhin: pareho pa rin ang bawat field.',
  'staff.advisories.refused.formExpired':
    'Nag-expire na ang form na ito. I-reload ang pahina at subukang muli; nasa ibaba pa rin ang iyong isinulat.',
  'staff.advisories.refused.failed':
    'Hindi na-save ang paalala. Pakisubukang muli; nasa ibaba pa rin ang iyong isinulat.',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Mag-post ng mga dokumento ng Full Disclosure',
  'staff.fullDisclosure.description':
    'Dito nagpo-post ang mga kawani ng Katapatan (Transparency) ng mga dokumento ng Full Disclosure Policy ng DILG.',
  'staff.fullDisclosure.outcome.posted': 'Nai-post na.',
  'staff.fullDisclosure.outcome.corrected':
    'Nai-post ang pagtatama; nananatili sa kasaysayan ang naunang file.',
  'staff.fullDisclosure.outcome.forbidden':
    'Hindi makapagpo-post ng mga dokumento ng Full Disclosure ang iyong account: kailangan nito ang tungkuling {role}. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.fullDisclosure.outcome.type': 'Pumili ng uri ng dokumento.',
  'staff.fullDisclosure.outcome.year': 'Ilagay ang taong piskal, isinulat gaya ng 2025.',
  'staff.fullDisclosure.outcome.quarter':
    'Ilagay ang quarter (1 hanggang 4) para sa dokumentong bawat quarter, at wala para sa taunang dokumento.',
  'staff.fullDisclosure.outcome.reason':
    'May file na ang panahong ito: ang bago ay isang pagtatama at kailangan ng dahilan (hanggang 1,000 titik).',
  'staff.fullDisclosure.outcome.file': 'Pumili ng PDF o XLSX na file na ipo-post.',
  'staff.fullDisclosure.outcome.tooLarge': 'Masyadong malaki ang file para i-post.',
  'staff.fullDisclosure.outcome.unsupported': 'PDF at XLSX na file lamang ang maaaring i-post.',
  'staff.fullDisclosure.outcome.sameFile':
    'Ang mismong file na ito na ang nai-post para sa panahong iyon: walang nagbago.',
  'staff.fullDisclosure.seePosting': 'Tingnan ang nai-post at ang kasaysayan nito',
  'staff.fullDisclosure.document': 'Dokumento',
  'staff.fullDisclosure.selectDocument': 'Pumili ng dokumento',
  'staff.fullDisclosure.annual': 'Taunan',
  'staff.fullDisclosure.quarterly': 'Bawat quarter',
  'staff.fullDisclosure.fiscalYear': 'Taong piskal',
  'staff.fullDisclosure.quarter': 'Quarter',
  'staff.fullDisclosure.noQuarter': 'Wala (taunang dokumento)',
  'staff.fullDisclosure.quarterOption': 'Q{quarter}',
  'staff.fullDisclosure.reason': 'Dahilan ng pagtatama',
  'staff.fullDisclosure.reasonHint':
    'Kapag may file na ang panahon: sabihin kung bakit ito papalitan ng bagong file. Mananatiling pampubliko ang naunang file sa kasaysayan.',
  'staff.fullDisclosure.file': 'File (PDF o XLSX)',
  'staff.fullDisclosure.submit': 'I-post ang dokumento',
  'staff.fullDisclosure.gridHeading': 'Ang mga nai-post',
  // Pagbura ng balita o paalalang nai-post nang mali (shared/deletion.ts), sa dalawang pahina.
  'staff.delete.link': 'Burahin',
  'staff.delete.heading': 'Burahin ang “{title}”',
  'staff.delete.explain':
    'Para lamang sa nai-post nang mali: mawawala ito sa bawat pahina at feed kasama ang kasaysayan nito, at hindi na maibabalik. Upang alisin ang totoo noong nai-post, bawiin o tapusin ito sa halip, na nananatiling pampubliko kasama ang iyong dahilan. Itinatala ng audit log kung sino ang nagbura, kailan at bakit.',
  'staff.delete.reason.label': 'Dahilan',
  'staff.delete.reason.hint': 'Itinatago sa audit log, hindi ipinapakita sa publiko.',
  'staff.delete.button': 'Burahin nang tuluyan',
  'staff.delete.done': 'Nabura na. Itinatala ng audit log kung sino ang nagbura, kailan at bakit.',
  'staff.delete.refused.noItem': 'Walang mabubura: nabura na ito.',
  'staff.delete.refused.noRole':
    'Ang tagapangasiwa lamang ang makapagbubura. Makipag-ugnayan sa isang tagapangasiwa.',
  'staff.delete.refused.failed': 'Walang nabura: hindi ito nagawa ng server. Subukang muli.',
  // Ang mga sagot ng BAC sa mga red flag (issue 35).
  'staff.projects.flags': 'Mga sagot sa red flag',
  'staff.flagAnswer.title': 'Mga sagot sa red flag: {title}',
  'staff.flagAnswer.intro':
    'Bawat red flag na itinataas ng proyektong ito ngayon, kasama ang mga datos na nagtaas nito. Ipapakita ang inyong sagot sa ilalim ng flag sa pahina ng proyekto kasama ang petsa nito; sa pagtatama, mananatiling pampubliko ang naunang pananalita sa kasaysayan.',
  'staff.flagAnswer.viewProject': 'Tingnan ang pahina ng proyekto',
  'staff.flagAnswer.formHeading': 'Sagot: {flag}',
  'staff.flagAnswer.text': 'Sagot ng Bids and Awards Committee',
  'staff.flagAnswer.textHint':
    'Ipinapakita sa publiko sa ilalim ng flag, kasama ang petsa nito. Hanggang 2,000 character.',
  'staff.flagAnswer.reason': 'Dahilan ng pagtatama',
  'staff.flagAnswer.reasonHint':
    'Kailangan sa pagtatama ng sagot; itinatago sa audit log. Mananatiling pampubliko ang naunang pananalita sa kasaysayan.',
  'staff.flagAnswer.submit': 'I-publish ang sagot',
  'staff.flagAnswer.correct': 'I-publish ang pagtatama',
  'staff.flagAnswer.answered':
    'Nasagot na. Ipinapakita ito ng pahina ng proyekto sa ilalim ng flag.',
  'staff.flagAnswer.corrected': 'Naitama. Mananatili sa kasaysayan ang naunang pananalita.',
  'staff.flagAnswer.invalid':
    'Walang na-publish. Itama ang mga minarkahang field at subukang muli.',
  'staff.flagAnswer.unknownIndicator': 'Walang ganitong red flag. Pumili sa mga flag na nakalista.',
  'staff.flagAnswer.notRaised':
    'Hindi itinataas ng proyektong ito ang flag na iyon ngayon, kaya walang masasagot. Nakalista sa pahina ang mga flag na itinataas nito.',
  'staff.flagAnswer.problem.required': 'Punan ito.',
  'staff.flagAnswer.problem.tooLong': 'Masyadong mahaba ito.',
};
