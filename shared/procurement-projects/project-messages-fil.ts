import type { ProjectMessages } from './project-messages-en.ts';

/**
 * A procurement project's page words in Filipino, in the public catalogue's terms (content/
 * README.md's glossary); moved here with their English from the public catalogue.
 */
export const projectFil: ProjectMessages = {
  'project.description':
    'Proyekto ng procurement ng Bids and Awards Committee: {title}, bawat abiso mula plano hanggang pagkumpleto.',
  'project.facts': 'Ang proyekto sa isang tingin',
  'project.endUserOffice': 'Tanggapang gagamit (end-user)',
  'project.mode': 'Paraan ng Procurement',
  'project.abc': 'Inaprubahang Badyet para sa Kontrata (ABC)',
  'project.awardAmount': 'Nanalong bid (Notice of Award)',
  'project.contractAmount': 'Halaga ng kontrata (Notice to Proceed)',
  'project.supplier': 'Supplier',
  'project.appCode': 'APP code (PAP)',
  'project.status': 'Katayuan',
  'project.status.planned': 'Nakaplano',
  'project.status.ongoing': 'Kasalukuyan',
  'project.status.awarded': 'Naigawad na',
  'project.status.completed': 'Natapos',
  'project.status.failed': 'Bigong bidding',
  'project.dates': 'Mga petsa',
  'project.posted': 'Naipaskil',
  'project.bidOpening': 'Pagbubukas ng mga bid',
  'project.award': 'Paggawad',
  'project.noticeToProceed': 'Notice to Proceed',
  'project.daysAfter': '{days} araw matapos ang naunang petsa',
  'project.notYet': 'Wala pa',
  'project.timeline': 'Takbo ng mga pangyayari',
  'project.noNotices': 'Wala pang naipaskil na abiso ng proyektong ito.',
  'project.viewNotice': 'Tingnan ang talaan ng {kind}',
  'project.noHostedDocument': 'Ang abiso ay link sa ibang site: {link}',
  'project.moved': 'Inilipat {direction} proyektong ito noong {date}: {reason}',
  'project.movedIn': 'sa',
  'project.movedOut': 'mula sa',
  'project.openData': 'Ang proyektong ito bilang open data: {api} at ang OCDS record na {ocds}.',
  'project.amountPath': 'Ang halaga ng kontrata at ang mga pagbabago nito',
  'project.amountPath.original': 'Orihinal na halaga ng kontrata: {amount}',
  'project.amountPath.originalUnknown':
    'Wala pang nakapaskil na halaga ng kontrata o gawad, kaya hindi mabilang ang mga pagbabago.',
  'project.amountPath.amendment': 'Pagbabago noong {date}',
  'project.amountPath.newAmount': 'Bagong halaga ng kontrata: {amount}',
  'project.amountPath.change': 'Pagbabago: {amount} ({percent})',
  'project.amountPath.reason': 'Dahilan: {reason}',
  'project.completion': 'Pagkakatapos',
  'project.completion.timeline': 'Pagkakatapos ng kontrata',
  'project.completion.corrected': 'Iwinasto noong {date} (dating {previous}): {reason}',
  'project.amountPath.document': 'Nilagdaang variation order',
  'project.bids': 'Abstract of bids (mga bid)',
  'project.bids.count': 'Bilang ng bidder: {count}',
  'project.bids.none': 'Wala pang naka-post na bid para sa proyektong ito.',
  'project.bids.caption': 'Ang mga bid, pinakamababang halaga muna',
  'project.bids.scroll': 'Abstract of bids (nag-i-scroll pakanan)',
  'project.bids.bidder': 'Bidder',
  'project.bids.amount': 'Halaga ng bid',
  'project.bids.outcome': 'Kinalabasan',
  'project.bids.reason': 'Dahilan',
  'project.bids.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'project.bids.outcome.responsive': 'Responsive (pumasa)',
  'project.bids.outcome.failed-eligibility': 'Hindi pumasa: eligibility',
  'project.bids.outcome.failed-preliminary': 'Hindi pumasa: preliminary examination',
  'project.bids.outcome.failed-evaluation': 'Hindi pumasa: detailed evaluation',
  'project.bids.outcome.failed-post-qualification': 'Hindi pumasa: post-qualification',
  'project.bids.outcome.withdrawn': 'Binawi (withdrawn)',
  'project.timeline.plan': 'Taunang Plano ng Procurement (APP) {year}',
  'project.timeline.planLine': 'Linya {code} ng plano, tinantiyang badyet {budget}',
  'project.timeline.seePlan': 'Tingnan ang plano ng {year}',
  'project.timeline.seeBids': 'Tingnan ang mga bid',
  'project.timeline.amendment': 'Pagbabago ng kontrata (variation order)',
  'project.timeline.amendmentAmount': 'Mula {date}, ang halaga ng kontrata ay {amount}',
  'project.timeline.seeAmendments': 'Tingnan ang bawat pagbabago at ang dahilan nito',
  'project.flags': 'Mga red flag: saan dapat tumingin muli',
  'project.flags.intro':
    'Kinukuwenta ng site na ito ang mga indicator na ito mula sa datos sa pahinang ito. Bawat isa ay dahilan para basahin muli ang mga dokumento, hindi patunay ng pagkakamali.',
  'project.flags.none':
    'Walang indicator na kinukuwenta ng site na ito ang itinataas ng proyektong ito.',
  'project.flag.single-bidder': 'Iisang bidder, o iisang responsive na bid',
  'project.flag.single-bidder.facts':
    'Paraan: {mode}. Mga bidder: {bidders}; mga responsive na bid: {responsive}.',
  'project.flag.bid-near-abc': 'Panalong bid na malapit sa ABC',
  'project.flag.bid-near-abc.facts':
    'Ang panalong bid, {winningBid}, ay {percent}% ng ABC, {abc} (itinataas ang flag sa {threshold}%).',
  'project.flag.short-posting': 'Maikling panahon para maghanda ng bid',
  'project.flag.short-posting.facts':
    'Na-post {posted}; binuksan ang mga bid {bidOpening}: {days} araw (ang pinakamababa ay {minimumDays}).',
  'project.flag.all-but-winner-disqualified': 'Na-disqualify ang lahat ng ibang bid',
  'project.flag.all-but-winner-disqualified.facts': '{failed} sa {bidders} na bid ang bumagsak.',
  'project.flag.all-but-winner-disqualified.lowest': 'Na-disqualify ang pinakamababang bid.',
  'project.flag.contract-increase': 'Itinaas ang kontrata ng mga pagbabago',
  'project.flag.contract-increase.facts':
    'Mula {original} hanggang {current}: {percent}% (itinataas ang flag kapag lampas {threshold}%), sa {amendments} pagbabago.',
  'project.flag.contract-increase.close':
    'Dalawang pagbabago na {closestDays} araw ang pagitan (itinataas ang flag sa {windowDays} araw o mas kaunti).',
  'project.flag.impossible-dates': 'Magkasalungat na mga petsa',
  'project.flag.impossible-dates.award-before-bid-opening':
    'Iginawad {earlier}, bago buksan ang mga bid ({later}).',
  'project.flag.impossible-dates.contract-before-award':
    'Notice to Proceed {earlier}, bago ang award ({later}).',
  'project.flag.impossible-dates.completion-before-contract':
    'Natapos {earlier}, bago ang Notice to Proceed ({later}).',
  'project.flag.split-purchase': 'Mga pagbiling hinati sa ilalim ng ceiling ng small value',
  'project.flag.split-purchase.facts':
    '{count} award kay {supplier} sa loob ng {days} araw (ang palugit ay {windowDays} araw), bawat isa ay mas mababa sa ceiling na {ceiling}, kabuuang {total}:',
  'project.flag.split-purchase.award': '{project}: {amount}, {date}',
  'project.flag.supplier-concentration':
    'Iisang supplier ang may hawak ng karamihan ng mga award sa isang taon sa isang paraan',
  'project.flag.supplier-concentration.facts':
    'Iginawad kay {supplier} ang {value} sa {total} na iginawad sa pamamagitan ng {mode} noong {year}: {percent}% (itinataas ang flag kapag lampas {threshold}%).',
  'project.flag.failed-bidder-negotiated': 'Negotiated na award sa bidder na bumagsak',
  'project.flag.failed-bidder-negotiated.facts':
    'Iginawad kay {supplier} ang {amount} sa pamamagitan ng {mode} noong {date}, matapos itong bumagsak sa mga naunang bidding:',
  'project.flag.failed-bidder-negotiated.bid': '{project}: ang bid nitong {amount}, {outcome}',
  'project.flag.failed-bidder-negotiated.notice':
    'Idineklara ang dalawang bigong bidding noong {date}: {project}',
  'project.flags.ofSupplier': 'Mga red flag sa mga proyekto nito',
  'project.flags.ofSupplier.intro':
    'Mga indicator na kinukuwenta ng site na ito sa mga proyektong iginawad sa supplier na ito: dahilan para basahin muli ang mga dokumento, hindi patunay ng pagkakamali.',
  'project.flags.ofSupplier.none':
    'Wala sa mga proyekto nito ang nagtataas ng indicator na kinukuwenta ng site na ito.',
  'project.flags.ofSupplier.indicator': 'Indicator',
  'project.flags.ofSupplier.project': 'Proyekto',
  'project.flags.basis': 'Bakit ito mahalaga: {basis}',
  'project.category': 'Kategorya ng procurement',
  'project.category.goods': 'Mga kalakal (goods)',
  'project.category.infrastructure': 'Imprastruktura',
  'project.category.consulting': 'Serbisyong pagkonsulta (consulting)',
  'project.conference.kind.pre-procurement': 'Pre-procurement conference',
  'project.conference.kind.pre-bid': 'Pre-bid conference',
  'project.conference.kind.bid-opening': 'Pagbubukas ng mga bid',
  'project.conference.kind.other': 'Iba pang pulong ng BAC',
  'project.s38': 'Mga procurement conference',
  'project.s38.intro':
    'RA 12009 seksiyon 38: lampas sa {threshold} ang ABC ng proyektong ito, ang hangganan para sa {category}, kaya naka-livestream at nakarekord ang mga procurement conference nito at may mga inimbitahang tagamasid.',
  'project.s38.unknown':
    'Hindi pa sinasabi ng BAC kung goods, imprastruktura o consulting ang proyektong ito, kaya hindi alam kung saklaw ito ng RA 12009 seksiyon 38 (livestream at rekording ng mga conference, mga tagamasid). Nakalista sa ibaba ang nai-post na ng BAC.',
  'project.s38.noAbc':
    'Wala pang abiso ng proyektong ito na nagsasaad ng ABC nito, kaya hindi alam kung saklaw ito ng RA 12009 seksiyon 38 (livestream at rekording ng mga conference, mga tagamasid). Nakalista sa ibaba ang nai-post na ng BAC.',
  'project.s38.none': 'Wala pang naka-post na procurement conference ng proyektong ito.',
  'project.s38.caption': 'Mga procurement conference, ayon sa petsa',
  'project.s38.date': 'Petsa',
  'project.s38.livestream': 'Livestream',
  'project.s38.recording': 'Rekording',
  'project.s38.watch': 'Livestream ng {kind}',
  'project.s38.watchRecording': 'Rekording ng {kind}',
  'project.s38.notPosted': 'Hindi naka-post',
  'project.s38.corrected': 'Itinama noong {date}: {reason}',
  'project.s38.observers': 'Mga inimbitahang tagamasid',
  'project.s38.noObservers': 'Wala pang naka-post na inimbitahang tagamasid.',
  'project.s38.observersCaption': 'Mga inimbitahang tagamasid, ayon sa araw ng imbitasyon',
  'project.s38.name': 'Pangalan',
  'project.s38.organisation': 'Organisasyon',
  'project.s38.invited': 'Petsa ng imbitasyon',
  // Ang sagot ng BAC sa ilalim ng flag (issue 35).
  'project.flag.answer': 'Sagot ng Bids and Awards Committee, {date}',
  'project.flag.answer.history': 'Mga naunang pananalita ({count})',
  'project.flag.answer.historyItem': 'Isinulat noong {date}',
};
