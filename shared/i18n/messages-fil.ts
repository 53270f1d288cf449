import type { Messages } from './messages-en.ts';

/**
 * The interface's words in Filipino, in the terms of Philippine government Filipino
 * (KWF usage on national agency sites). Where a staff-facing or technical term has no
 * settled Filipino word, the English term stays beside it. The glossary behind these
 * choices is in content/README.md, so a municipality's staff can correct them.
 */
export const fil: Messages = {
  'frame.skipToMain': 'Lumaktaw sa pangunahing nilalaman',
  'frame.menu': 'Menu',
  'frame.mainNavigation': 'Pangunahin',
  'frame.pdfDownload': '(i-download ang PDF)',
  'frame.opensInNewTab': '(magbubukas sa bagong tab)',
  'frame.clockLabel': 'Oras sa Pilipinas:',
  'frame.backToTop': 'Bumalik sa itaas',
  'frame.languageSwitch': 'Wika',
  'frame.openData': 'Bukas na datos: mga download, feed at OCDS',
  'frame.governmentLinks': 'Mga Link ng Pamahalaan',
  'frame.publicDomain':
    'Ang lahat ng nilalaman ay nasa pampublikong domain maliban kung may ibang nakasaad. {name}.',
  'frame.demoLabel': 'Datos na pang-demonstrasyon',
  'frame.demoTitle': 'Datos na pang-demonstrasyon.',
  'frame.demoText':
    'Ang mga abiso ng procurement sa site na ito ay mga halimbawang gawa-gawa lamang upang ipakita kung paano ito gumagana, hindi totoong mga abiso. Mawawala ang mga ito kapag inalis na ng IT staff ng site',

  'error.notFoundTitle': 'Hindi makita ang pahina',
  'error.notFoundDescription': 'Walang ganitong pahina.',
  'error.notFoundText':
    'Hindi namin makita ang pahinang hinahanap mo. Maaaring inilipat o inalis na ito.',
  'error.failedTitle': 'May nangyaring mali',
  'error.failedDescription': 'Hindi maipakita ang pahina.',
  'error.failedText':
    'Paumanhin, hindi maipakita ang pahinang ito ngayon. Pakisubukang muli makalipas ang ilang minuto.',
  'error.home': 'Pumunta sa Tahanan',

  'list.description':
    '{title}: mga dokumento ng procurement na inilathala ng Bids and Awards Committee.',
  'list.search': 'Paghahanap sa {title}',
  'list.searchPlaceholder': 'Maghanap...',
  'list.searchButton': 'Paghahanap',
  'list.postedFrom': 'Nai-post mula',
  'list.postedTo': 'hanggang',
  'list.rangeFromTo': ' na nai-post mula {from} hanggang {to}',
  'list.rangeFrom': ' na nai-post mula {from}',
  'list.rangeTo': ' na nai-post hanggang {to}',
  'list.noMatch': 'Walang talaang tumutugma sa “{q}”{range}.',
  'list.noneInRange': 'Walang talaan{range}.',
  'list.empty': 'Wala pang talaan sa listahang ito.',
  'list.pastEnd': 'Lampas na sa dulo ng listahang ito ang pahina {page}.',
  'list.showing': 'Ipinapakita ang {first}–{last} sa {total} na talaan{found}{range}.',
  'list.showingOne': 'Ipinapakita ang {first}–{last} sa {total} talaan{found}{range}.',
  'list.matching': ' na tumutugma sa “{q}”',
  'list.caption': '{title}, pahina {page}{search}{range}',
  'list.captionSearch': ', paghahanap sa “{q}”',
  'list.datePosted': 'Petsa ng Pag-post',
  'list.clickToView': 'I-click para Tingnan',
  'list.recordFallback': 'Talaan {id}',
  'list.viewDocument': 'Tingnan ang dokumento ng {name} (magbubukas sa bagong tab)',
  'list.noValidLink': 'Walang wastong link',
  'list.pages': 'Mga Pahina',
  'list.prev': 'Nakaraan',
  'list.next': 'Susunod',
  'list.page': 'Pahina',
  'list.download': 'I-download ang lahat ng talaan sa listahang ito:',
  'list.downloadMatching': 'I-download ang lahat ng tumutugmang talaan sa listahang ito:',
  'list.follow': 'Subaybayan ang mga pagbabago:',
  'list.atomFeed': 'Atom feed',
  'list.feedTitle': '{title} (Atom feed)',
  'list.badAddress': 'Hindi wasto ang address ng listahang ito.',
  'list.showAll': 'Ipakita ang buong listahan',
  'list.loadFailed': 'Paumanhin, hindi ma-load ang listahan ng {title}.',
  'list.retry': 'Subukang muli',
  'list.errorDescription': '{title}: mga dokumento ng procurement.',

  'record.description': '{label} na inilathala ng Bids and Awards Committee: {title}.',
  'record.withdrawn': 'Binawi',
  'record.amended': 'Binago',
  'record.on': 'noong',
  'record.noLongerListed':
    'Wala na ang talaang ito sa listahan ng {title}; nananatili ito rito gaya nang i-post, kasama ang kasaysayan nito.',
  'record.kind': 'Uri',
  'record.status': 'Katayuan',
  'record.published': 'Nailathala',
  'record.document': 'Dokumento',
  'record.elsewhere':
    'Nasa ibang site ang dokumentong ito (tingnan ang Link sa itaas), kaya hindi ito mapatutunayan ng site na ito.',
  'record.history': 'Kasaysayan',
  'record.neverAmended': 'Hindi pa nababago ang talaang ito mula nang i-post.',
  'record.backToList': 'Bumalik sa listahan ng {title}',
  'record.notGiven': 'Hindi ibinigay',
  'record.file': 'File',
  'record.type': 'Uri',
  'record.size': 'Laki',
  'record.byte': 'byte',
  'record.bytes': 'byte',
  'record.shaHint':
    'Upang suriin ang isang kopya, kalkulahin ang SHA-256 nito (halimbawa sha256sum sa Linux, Get-FileHash sa Windows PowerShell o shasum -a 256 sa Mac): dapat itong kapareho ng halagang ito.',
  'record.pdf': 'PDF',
  'record.jpeg': 'Larawang JPEG',
  'record.png': 'Larawang PNG',

  'history.title': 'Kasaysayan',
  'history.description': 'Kasaysayan ng bayan, kasama ang bisyon, misyon at layunin nito.',
  'officials.title': 'Mga Lokal na Opisyal',
  'officials.description':
    'Ang punong-bayan, pangalawang punong-bayan at mga kasapi ng Sangguniang Bayan.',
  'offices.title': 'Mga Tanggapan ng LGU',
  'offices.description': 'Ang mga tanggapan at departamento ng pamahalaang lokal.',
  'festival.title': 'Pista',
  'festival.description': 'Ang kasaysayan ng {name}, ang taunang pista ng bayan.',
  'tourism.title': 'Mga Pasyalan',
  'tourism.description':
    'Mga lugar na maaaring pasyalan sa bayan, kasama ang mga numero ng telepono.',
  'tourism.contact': 'Makipag-ugnayan:',
  'directory.title': 'Direktoryo',
  'directory.description': 'Mga numero ng telepono at address ng mga tanggapan ng munisipyo.',
  'department.description': 'Bisyon, misyon at layunin ng {name}.',
  'department.unwritten':
    'Hindi pa inilalathala ng tanggapang ito ang bisyon, misyon at layunin nito.',
  'purpose.vision': 'Bisyon',
  'purpose.mission': 'Misyon',
  'purpose.goal': 'Layunin',
  'bids.title': 'Mga Bid at Gawad (Bids and Awards)',
  'bids.description': 'Mga dokumento ng procurement na inilathala ng Bids and Awards Committee.',
  'bids.lists': 'Mga listahan ng procurement',
  'bids.lotsBefore':
    'Ang mga bagay na ipinagbibili sa pampublikong bidding ay ipinapakita ayon sa lote sa pahinang',
  'bids.lotsLink': 'Paanyaya sa Bid (Invitation to Bid)',
  'bids.lotsAfter': '.',
  'invitation.title': 'Paanyaya sa Bid (Invitation to Bid)',
  'invitation.description':
    'Mga larawan ng mga bagay na iniaalok sa pampublikong bidding, ayon sa lote.',
  'invitation.lot': 'Lote {lot}: {name}',
  'home.playSlideshow': 'I-play ang slideshow',
  'home.pauseSlideshow': 'I-pause ang slideshow',
  'home.chooseVideo': 'Pumili ng video',
  'home.captionsLanguage': 'English (Ingles)',
  'gallery.openLarger': 'Buksan nang mas malaki:',
  'gallery.close': 'Isara',
  'staff.loginButton': 'Login ng BAC staff',
  'openData.title': 'Bukas na Datos (Open Data)',
  'openData.description':
    'Mga abiso ng procurement ng {name} bilang CSV, JSON, Atom feed at Open Contracting Data Standard, malayang magagamit muli.',
  'openData.lead':
    'Ang bawat abiso ng procurement sa site na ito ay maaaring i-download, subaybayan at gamitin muli, nang hindi nagsa-sign in. Ang bawat file ay naglalaman ng buong listahan, hindi lamang ng isang pahina nito.',
  'openData.noSiteUrl':
    'Walang nakatakdang pampublikong address (SITE_URL) ang kopyang ito ng site, kaya hindi magagamit dito ang mga Atom feed at datos ng OCDS nito, na nangangailangan ng buong address. Gumagana ang mga download at ang API.',
  'openData.lists': 'Mga listahan ng procurement',
  'openData.listsText':
    'Ang bawat listahan bilang CSV spreadsheet (UTF-8, nabubuksan sa Excel), bilang JSON na kapareho ng hugis ng API, at bilang Atom feed ng mga pinakabagong pagbabago nito. Sinusunod ng download ang paghahanap at mga petsa ng pahina ng listahan, hal. {example}, at naglalaman ng bawat tumutugmang nailathalang abiso.',
  'openData.csv': 'spreadsheet ng {label}',
  'openData.json': 'datos ng {label}',
  'openData.atom': 'feed ng {label}',
  'openData.allKinds': 'Lahat ng uri nang sabay-sabay: {link}.',
  'openData.allFeed': 'ang Atom feed ng bawat abiso ng procurement',
  'openData.ocds': 'Open Contracting Data Standard (OCDS 1.1)',
  'openData.ocdsPackage':
    'Ang {link} ay may isang release para sa bawat abisong nai-post, itinama o binawi, mula sa pinakaluma, isang pahina bawat pagkakataon. Ang {next} ng bawat pahina ang nagbibigay ng susunod.',
  'openData.ocdsPackageLink': 'OCDS release package',
  'openData.ocid':
    'Ang isang proseso ng pagkontrata ay may id na {prefix} na sinusundan ng PhilGEPS reference number ng abiso, kaya iisa ito para sa paanyaya, mga bulletin, gawad at abiso na magpatuloy ng iisang procurement; ang abisong walang reference ay sariling proseso, {own} (hal. {example}). Ang record package nito, kasama ang bawat release at ang kasalukuyang kalagayan, ay nasa {records}.',
  'openData.placeholder':
    'Ang {prefix} ay pansamantalang prefix: hindi pa nakapagpaparehistro ang site na ito ng sarili nitong prefix sa Open Contracting Partnership, kaya hindi natatangi ang mga id nito sa mga tagapaglathala ng OCDS at maaaring magbago kapag nakapagparehistro na. {link}.',
  'openData.placeholderLink': 'Paano magparehistro ng ocid prefix ang isang tagapaglathala',
  'openData.api': 'API',
  'openData.apiText':
    'Inililista ng {link} ang bawat endpoint at ang mga parameter nito, kasama ang API ng listahan na may mga pahina {list} ({size} abiso bawat pahina, pinakabago muna) at ang bawat abiso sa {one} kasama ang kasaysayan nito.',
  'openData.apiLink': 'Paglalarawan ng API (OpenAPI 3)',
  'openData.follow': 'Pagsubaybay sa mga pagbabago',
  'openData.followFeed':
    'Idagdag ang Atom feed ng isang listahan, o ang feed ng bawat abiso, sa isang feed reader: muling lalabas ang itinama o binawing abiso kasama ang bago nitong petsa.',
  'openData.followOcds':
    'Kunin ang OCDS sa pamamagitan ng pagtanda sa {next} ng huling pahina at muling paghingi nito sa ibang pagkakataon: ang bawat release ay dumarating nang eksaktong isang beses. Maaari ring magsimula muli mula sa isang petsa: {since}.',
  'openData.followEtag':
    'May ETag ang mga download at feed: humingi muli gamit ang {header} at ang file na hindi nagbago ay sasagot ng 304 nang walang ida-download.',
  'openData.cadence': 'Gaano kadalas nagbabago ang datos',
  'openData.terms': 'Mga tuntunin sa paggamit',
  'openData.termsText': 'Inilalathala ang datos sa ilalim ng {license}.',
  'seal.title': 'Transparency Seal',
  'seal.description':
    'Ang mga bagay na hinihinging ilathala ng Transparency Seal sa bayan, at kung saan sa site na ito matatagpuan ang bawat isa.',
  'record.xlsx': 'XLSX workbook',
};
