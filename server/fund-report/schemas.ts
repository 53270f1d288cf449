import {
  fundReportColumns,
  isFundAmountColumn,
} from '../../shared/fund-report/fund-report-columns.ts';

/** GET /api/fund-report: every quarter of the fund report, newest first. */
export const fundReportResponseSchema = {
  description:
    'Every quarter of the fund report (content/accounting.json and those imported with `municipal import fund-report`), newest first.',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['endedOn', 'rows'],
    properties: {
      endedOn: { type: 'string', format: 'date', description: 'The last day of the quarter.' },
      rows: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: fundReportColumns.map(([key]) => key),
          properties: Object.fromEntries(
            fundReportColumns.map(([key, label]) => [
              key,
              isFundAmountColumn(key)
                ? {
                    type: 'string',
                    pattern: '^(\\d+\\.\\d{2})?$',
                    description: `${label}: pesos as a decimal string ("5000000.00"), empty when not given.`,
                  }
                : { type: 'string', description: label },
            ]),
          ),
        },
      },
    },
  },
} as const;
