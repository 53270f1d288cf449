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
  'project.flags.basis': 'Bakit ito mahalaga: {basis}',
};
