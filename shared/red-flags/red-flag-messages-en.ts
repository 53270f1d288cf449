import type { RedFlagIndicator } from './red-flags.ts';

/**
 * The red flags' pages' words in English (/red-flags and its methodology). A catalogue of
 * their own, imported by those lazily loaded pages only, so the home page's first visit
 * does not carry them; `RedFlagMessages` makes a missing Filipino key a compile error.
 * The flags are worded as reasons to look again, never as findings.
 */
export const redFlagEn = {
  'flags.title': 'Red flags: where to look again',
  'flags.description':
    'Procurements of the municipality that deserve a second look, by year and indicator, each with the facts that raised it and the Bids and Awards Committee’s answer.',
  'flags.lead':
    'Each flag is a reason to look again at a procurement, computed by this site from the published notices, bids and contracts. It is not a finding of wrongdoing: many flags have a plain explanation, and the Bids and Awards Committee may answer each one beside it.',
  'flags.methodologyLink': 'How each flag is computed, and why it matters',
  'flags.yearLabel': 'Projects begun in',
  'flags.show': 'Show',
  'flags.summary': '{total} flags on projects begun in {year}.',
  'flags.summaryOne': '1 flag on projects begun in {year}.',
  'flags.empty': 'No project begun in {year} raises any flag this site computes.',
  'flags.chartTitle': 'Projects flagged per indicator, {year}',
  'flags.indicator': 'Indicator',
  'flags.projects': 'Projects flagged',
  'flags.listCaption': 'Projects flagged for “{indicator}” in {year}',
  'flags.project': 'Project',
  'flags.answer': 'The BAC’s answer',
  'flags.answered': 'Answered {date}: {text}',
  'flags.notAnswered': 'Not answered yet',
  'flags.download': 'Download the year’s flags as CSV',
  'flags.api': 'The same as JSON',
  'flags.indicator.single-bidder': 'One bidder, or one responsive bid',
  'flags.indicator.bid-near-abc': 'Winning bid close to the ABC',
  'flags.indicator.short-posting': 'Little time to prepare bids',
  'flags.indicator.split-purchase': 'Purchases that may have been split',
  'flags.indicator.all-but-winner-disqualified': 'Every other bid disqualified',
  'flags.indicator.failed-bidder-negotiated': 'Negotiated with a bidder that had failed',
  'flags.indicator.contract-increase': 'Contract raised by amendments',
  'flags.indicator.supplier-concentration': 'One supplier holding most of a year’s awards',
  'flags.indicator.impossible-dates': 'Dates out of order',
  'flags.rule.single-bidder':
    'In {modes}: only one company bid, or only one bid passed evaluation.',
  'flags.rule.bid-near-abc':
    'The winning bid is {percentOfAbc}% of the Approved Budget for the Contract (ABC) or more.',
  'flags.rule.short-posting':
    'The invitation to bid was posted fewer than {minimumDays} calendar days (Philippine time) before the bids were opened.',
  'flags.rule.split-purchase':
    'One supplier won two or more awards by {modes} within {windowDays} days, each below the {ceiling} ceiling of small value procurement, that together exceed it.',
  'flags.rule.all-but-winner-disqualified':
    'Every bidder but the winner failed, or the lowest bid was disqualified.',
  'flags.rule.failed-bidder-negotiated':
    'After two failed biddings, the contract was awarded by {modes} to a bidder that failed in those biddings.',
  'flags.rule.contract-increase':
    'Contract amendments raised the contract’s value by more than {totalIncreasePercent}% in total, or two amendments came {windowDays} days or fewer apart.',
  'flags.rule.supplier-concentration':
    'One supplier holds more than {sharePercent}% of the value awarded in one mode of procurement in a year.',
  'flags.rule.impossible-dates':
    'An award dated before the bids were opened, a contract before its award, or a completion before the contract began.',
  'methodology.title': 'How the red flags are computed',
  'methodology.description':
    'Each indicator this site computes from the municipality’s published procurement data: when it is raised, its threshold, and the rule or guidance it follows.',
  'methodology.lead':
    'The indicators follow the Open Contracting Partnership’s red flag guide and the rules of RA 12009 (the New Government Procurement Act). Their thresholds are set by the municipality and may change with a new rule; the ones below are those in force on this site now. A flag points at a procurement worth a second look; it never decides anything.',
  'methodology.rule': 'When it is raised',
  'methodology.basis': 'Why it matters',
  'methodology.back': 'Back to the flagged projects',
} as const;

export type RedFlagMessageKey = keyof typeof redFlagEn;
export type RedFlagMessages = Record<RedFlagMessageKey, string>;

/** The key of an indicator's name and of its rule, so every indicator has both. */
export const indicatorNameKey = (indicator: RedFlagIndicator) =>
  `flags.indicator.${indicator}` as const satisfies RedFlagMessageKey;
export const indicatorRuleKey = (indicator: RedFlagIndicator) =>
  `flags.rule.${indicator}` as const satisfies RedFlagMessageKey;
