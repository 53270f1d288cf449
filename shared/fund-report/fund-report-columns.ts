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

/**
 * The columns holding one peso amount, kept as integer centavos when imported and sent as
 * decimal strings ("5000000.00"). Amount Disbursment is not among them: the report writes
 * each billing there ("1st billing ₱1,191,200.00; Total ₱1,191,200.00"), so it is text.
 */
export const FUND_AMOUNT_COLUMNS = [
  'amountReceive',
  'amountObligation',
] as const satisfies readonly FundColumnKey[];

export type FundAmountKey = (typeof FUND_AMOUNT_COLUMNS)[number];

export function isFundAmountColumn(key: FundColumnKey): key is FundAmountKey {
  return (FUND_AMOUNT_COLUMNS as readonly FundColumnKey[]).includes(key);
}
