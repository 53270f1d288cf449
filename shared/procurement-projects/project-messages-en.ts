/**
 * A procurement project's page words in English (its facts, dates, timeline, abstract of bids,
 * amount path and completion), also used by the plan page for the statuses. A catalogue of
 * their own, imported by those lazily loaded pages only, so a first visit to any other page
 * does not carry them; `ProjectMessages` makes a missing or extra Filipino key a compile
 * error. (A record page's "Part of procurement project" stays in the public catalogue.)
 */
export const projectEn = {
  'project.description':
    'Procurement project of the Bids and Awards Committee: {title}, every notice from plan to completion.',
  'project.facts': 'The project at a glance',
  'project.endUserOffice': 'End-user office',
  'project.mode': 'Mode of procurement',
  'project.abc': 'Approved Budget for the Contract (ABC)',
  'project.awardAmount': 'Winning bid (Notice of Award)',
  'project.contractAmount': 'Contract amount (Notice to Proceed)',
  'project.supplier': 'Supplier',
  'project.appCode': 'APP code (PAP)',
  'project.status': 'Status',
  'project.status.planned': 'Planned',
  'project.status.ongoing': 'Ongoing',
  'project.status.awarded': 'Awarded',
  'project.status.completed': 'Completed',
  'project.status.failed': 'Failed bidding',
  'project.dates': 'Dates',
  'project.posted': 'Posted',
  'project.bidOpening': 'Bid opening',
  'project.award': 'Award',
  'project.noticeToProceed': 'Notice to Proceed',
  'project.daysAfter': '{days} days after the previous date',
  'project.notYet': 'Not yet',
  'project.timeline': 'Timeline',
  'project.noNotices': 'No notice of this project is posted yet.',
  'project.viewNotice': 'See the {kind} record',
  'project.noHostedDocument': 'The notice is a link to another site: {link}',
  'project.moved': 'Moved {direction} this project on {date}: {reason}',
  'project.movedIn': 'into',
  'project.movedOut': 'out of',
  'project.openData': 'This project as open data: {api} and the OCDS record {ocds}.',
  'project.amountPath': 'The contract amount and its amendments',
  'project.amountPath.original': 'Original contract amount: {amount}',
  'project.amountPath.originalUnknown':
    'No contract or award amount is posted, so the changes cannot be counted.',
  'project.amountPath.amendment': 'Amendment of {date}',
  'project.amountPath.newAmount': 'New contract amount: {amount}',
  'project.amountPath.change': 'Change: {amount} ({percent})',
  'project.amountPath.reason': 'Reason: {reason}',
  'project.completion': 'Completion',
  'project.completion.timeline': 'Completion of the contract',
  'project.completion.corrected': 'Corrected on {date} (it said {previous}): {reason}',
  'project.amountPath.document': 'Signed variation order',
  'project.bids': 'Abstract of bids',
  'project.bids.count': 'Number of bidders: {count}',
  'project.bids.none': 'No bid of this project is posted yet.',
  'project.bids.caption': 'The bids, lowest amount first',
  'project.bids.scroll': 'Abstract of bids (scrolls sideways)',
  'project.bids.bidder': 'Bidder',
  'project.bids.amount': 'Bid amount',
  'project.bids.outcome': 'Outcome',
  'project.bids.reason': 'Reason',
  'project.bids.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'project.bids.outcome.responsive': 'Responsive',
  'project.bids.outcome.failed-eligibility': 'Failed: eligibility',
  'project.bids.outcome.failed-preliminary': 'Failed: preliminary examination',
  'project.bids.outcome.failed-evaluation': 'Failed: detailed evaluation',
  'project.bids.outcome.failed-post-qualification': 'Failed: post-qualification',
  'project.bids.outcome.withdrawn': 'Withdrawn',
  'project.timeline.plan': 'Annual Procurement Plan {year}',
  'project.timeline.planLine': 'Line {code} of the plan, estimated budget {budget}',
  'project.timeline.seePlan': 'See the {year} plan',
  'project.timeline.seeBids': 'See the bids',
  'project.timeline.amendment': 'Contract amendment (variation order)',
  'project.timeline.amendmentAmount': 'From {date} the contract amount is {amount}',
  'project.timeline.seeAmendments': 'See each amendment with its reason',
  'project.flags': 'Red flags: where to look again',
  'project.flags.intro':
    'This site computes these indicators from the data on this page. Each is a reason to read the documents again, not a finding of wrongdoing.',
  'project.flags.method': 'How each flag is computed',
  'project.flags.all': 'Every flagged project',
  'project.flags.none': 'This project raises none of the indicators this site computes.',
  'project.flag.single-bidder': 'One bidder, or one responsive bid',
  'project.flag.single-bidder.facts':
    'Mode: {mode}. Bidders: {bidders}; responsive bids: {responsive}.',
  'project.flag.bid-near-abc': 'Winning bid close to the ABC',
  'project.flag.bid-near-abc.facts':
    'The winning bid, {winningBid}, is {percent}% of the ABC, {abc} (the flag is raised at {threshold}%).',
  'project.flag.short-posting': 'Little time to prepare bids',
  'project.flag.short-posting.facts':
    'Posted {posted}; bids opened {bidOpening}: {days} calendar days (the minimum is {minimumDays}).',
  'project.flag.all-but-winner-disqualified': 'Every other bid disqualified',
  'project.flag.all-but-winner-disqualified.facts': '{failed} of {bidders} bids failed.',
  'project.flag.all-but-winner-disqualified.lowest': 'The lowest bid was disqualified.',
  'project.flag.contract-increase': 'Contract raised by amendments',
  'project.flag.contract-increase.facts':
    'From {original} to {current}: {percent}% (the flag is raised above {threshold}%), in {amendments} amendments.',
  'project.flag.contract-increase.close':
    'Two amendments {closestDays} days apart (the flag is raised at {windowDays} days or fewer).',
  'project.flag.impossible-dates': 'Dates out of order',
  'project.flag.impossible-dates.award-before-bid-opening':
    'Awarded {earlier}, before the bids were opened ({later}).',
  'project.flag.impossible-dates.contract-before-award':
    'Notice to Proceed {earlier}, before the award ({later}).',
  'project.flag.impossible-dates.completion-before-contract':
    'Completed {earlier}, before the Notice to Proceed ({later}).',
  'project.flag.split-purchase': 'Purchases split under the small value ceiling',
  'project.flag.split-purchase.facts':
    '{count} awards to {supplier} within {days} days (the window is {windowDays} days), each below the ceiling of {ceiling}, together {total}:',
  'project.flag.split-purchase.award': '{project}: {amount}, {date}',
  'project.flag.supplier-concentration': 'One supplier holds most of a year’s awards in one mode',
  'project.flag.supplier-concentration.facts':
    '{supplier} was awarded {value} of the {total} awarded by {mode} in {year}: {percent}% (the flag is raised above {threshold}%).',
  'project.flag.failed-bidder-negotiated': 'Negotiated award to a bidder that failed',
  'project.flag.failed-bidder-negotiated.facts':
    '{supplier} was awarded {amount} by {mode} on {date}, after failing in the biddings before:',
  'project.flag.failed-bidder-negotiated.bid': '{project}: its bid of {amount}, {outcome}',
  'project.flag.failed-bidder-negotiated.notice':
    'Two failed biddings declared on {date}: {project}',
  'project.flags.ofSupplier': 'Red flags on its projects',
  'project.flags.ofSupplier.intro':
    'Indicators this site computes on the projects this supplier was awarded: reasons to read the documents again, not findings of wrongdoing.',
  'project.flags.ofSupplier.none': 'None of its projects raises an indicator this site computes.',
  'project.flags.ofSupplier.indicator': 'Indicator',
  'project.flags.ofSupplier.project': 'Project',
  'project.flags.basis': 'Why it matters: {basis}',
  'project.category': 'Procurement category',
  'project.category.goods': 'Goods',
  'project.category.infrastructure': 'Infrastructure',
  'project.category.consulting': 'Consulting services',
  'project.conference.kind.pre-procurement': 'Pre-procurement conference',
  'project.conference.kind.pre-bid': 'Pre-bid conference',
  'project.conference.kind.bid-opening': 'Bid opening',
  'project.conference.kind.other': 'Other BAC meeting',
  'project.s38': 'Procurement conferences',
  'project.s38.intro':
    'RA 12009 section 38: this project’s ABC is above {threshold}, the threshold for {category}, so its procurement conferences are livestreamed and recorded and observers are invited.',
  'project.s38.unknown':
    'The BAC has not stated whether this project is goods, infrastructure or consulting services, so whether RA 12009 section 38 (livestreamed and recorded conferences, observers) applies is not known. What the BAC has posted is listed below.',
  'project.s38.noAbc':
    'No notice of this project states its ABC yet, so whether RA 12009 section 38 (livestreamed and recorded conferences, observers) applies is not known. What the BAC has posted is listed below.',
  'project.s38.none': 'No procurement conference of this project is posted yet.',
  'project.s38.caption': 'Procurement conferences, by date',
  'project.s38.date': 'Date',
  'project.s38.livestream': 'Livestream',
  'project.s38.recording': 'Recording',
  'project.s38.watch': 'Livestream of the {kind}',
  'project.s38.watchRecording': 'Recording of the {kind}',
  'project.s38.notPosted': 'Not posted',
  'project.s38.corrected': 'Corrected {date}: {reason}',
  'project.s38.observers': 'Observers invited',
  'project.s38.noObservers': 'No observer invited is posted yet.',
  'project.s38.observersCaption': 'Observers invited, by the day invited',
  'project.s38.name': 'Name',
  'project.s38.organisation': 'Organisation',
  'project.s38.invited': 'Date invited',
  // The BAC's answer under a flag (issue 35).
  'project.flag.answer': 'Answer of the Bids and Awards Committee, {date}',
  'project.flag.answer.history': 'Earlier wordings ({count})',
  'project.flag.answer.historyItem': 'Worded {date}',
} as const;

export type ProjectMessageKey = keyof typeof projectEn;

/** The project catalogue: every key of the English one, each with its text. */
export type ProjectMessages = { readonly [K in ProjectMessageKey]: string };
