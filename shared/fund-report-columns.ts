/**
 * The thirteen columns of the fund report, in the original's order, with their headings as
 * the original spells them. Shared by the content schema and the accounting page, so it
 * must stay free of server-only imports.
 */
export const fundReportColumns = [
  ['fundSource', 'Fund Source'],
  ['dateNotice', 'Date of Notice of Authority to Debit (NADAI)'],
  ['typeProgram', 'Type of Program/Project'],
  ['nameTitle', 'Name Title of Program/Project'],
  ['specificLocation', 'Specific Location'],
  ['mechanism', 'Mechanism/Mode of Implementation'],
  ['estimatedNumber', 'Estimated Number of Beneficiaries'],
  ['amountReceive', 'Amount Receive'],
  ['dateOfObligation', 'Date of Obligation'],
  ['amountObligation', 'Amount Obligation'],
  ['amountDisbursment', 'Amount Disbursment'],
  ['estimatedPeriod', 'Estimated Period of Completion (month and year)'],
  ['status', 'Status'],
] as const;

export type FundColumnKey = (typeof fundReportColumns)[number][0];
