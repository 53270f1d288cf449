/**
 * The Annual Procurement Plan pages' words in English (the public plan page and the BAC's
 * upload page). A catalogue of their own, imported by those lazily loaded pages only, so the
 * home page's first visit does not carry them; `PlanMessages` makes a missing or extra
 * Filipino key a compile error.
 */
export const planEn = {
  'plan.title': 'Annual Procurement Plan',
  'plan.description':
    'Every project the municipality plans to procure in a year, with its budget and where it stands.',
  'plan.lead':
    'The lines of the Annual Procurement Plan (APP) for {year}. Each is a procurement project; its status follows the notices posted for it.',
  'plan.yearLabel': 'Year',
  'plan.show': 'Show',
  'plan.caption': 'Annual Procurement Plan {year}',
  'plan.code': 'Code (PAP)',
  'plan.project': 'Procurement program or project',
  'plan.office': 'End-user office',
  'plan.mode': 'Mode of procurement',
  'plan.funds': 'Source of funds',
  'plan.budget': 'Estimated budget',
  'plan.status': 'Status',
  'plan.chart': 'Planned budget against awarded value by office, {year}',
  'plan.planned': 'Planned budget',
  'plan.awarded': 'Awarded',
  'plan.total': 'Total',
  'plan.count': '{count} lines, {total} in all.',
  'plan.countOne': '1 line, {total} in all.',
  'plan.empty': 'No Annual Procurement Plan for {year} has been posted yet.',
  'plan.download': 'Download this plan as CSV',
  'plan.notGiven': 'Not given',
  'staffPlan.title': 'Upload the Annual Procurement Plan',
  'staffPlan.description': 'The BAC uploads a year’s Annual Procurement Plan as a CSV file.',
  'staffPlan.lead':
    'Save the APP spreadsheet as CSV with the GPPB form’s headings: Code (PAP), Procurement Program/Project, PMO/End-User, Mode of Procurement, Source of Funds and Estimated Budget (Total). Other columns are kept as given. A line whose code the year’s plan already has updates it. One bad row refuses the whole file and nothing of it is stored.',
  'staffPlan.year': 'Year of the plan',
  'staffPlan.file': 'APP file (CSV, at most 2 MB)',
  'staffPlan.submit': 'Upload the plan',
  'staffPlan.seePlan': 'See the {year} plan',
  'staffPlan.outcome.imported':
    'The {year} plan is stored. Planned projects added: {added}; updated: {updated}; blank or total rows skipped: {skipped}.',
  'staffPlan.outcome.forbidden': 'Your account does not have the {role} role needed here.',
  'staffPlan.outcome.file': 'Choose the APP file to upload.',
  'staffPlan.outcome.year': 'Give the plan’s year as four digits, e.g. 2026.',
  'staffPlan.outcome.too-large': 'The file is larger than 2 MB. Nothing was stored.',
  'staffPlan.outcome.not-utf8':
    'The file is not text in UTF-8. Save the spreadsheet as “CSV UTF-8” and upload it again. Nothing was stored.',
  'staffPlan.outcome.not-csv': 'The file is not valid CSV. Nothing was stored.',
  'staffPlan.outcome.empty': 'The file is empty; it needs a header row. Nothing was stored.',
  'staffPlan.outcome.headings':
    'The header row does not have the APP form’s headings. Nothing was stored.',
  'staffPlan.outcome.rows': '{count} values are not right, so nothing was stored:',
  'staffPlan.outcome.no-lines': 'The file has a header but no plan lines. Nothing was stored.',
  'staffPlan.missing': 'Missing: {headings}',
  'staffPlan.twice': 'More than once: {headings}',
  'staffPlan.problem.blank': 'Line {line}, {heading}: blank',
  'staffPlan.problem.repeated': 'Line {line}, {heading}: the same code is on line {other}',
  'staffPlan.problem.money': 'Line {line}, {heading}: not an amount in pesos like 1,234,567.89',
  'staffPlan.more': '… and {count} more.',
  'staffPlan.deskLink': 'Upload the Annual Procurement Plan',
} as const;

export type PlanMessageKey = keyof typeof planEn;
export type PlanMessages = Record<PlanMessageKey, string>;
