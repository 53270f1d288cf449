import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import {
  BID_OUTCOMES,
  MAX_BIDDER_LENGTH,
  type ProjectBid,
} from '../../shared/procurement-projects/bid.ts';
import { describesEvery } from '../http/describes-every.ts';

// The abstract of bids in /api/procurements (issue 34): one bid as the project shows it, and
// the body of POST /api/procurements/<ocid>/bids. Apart from schemas.ts, which only names
// `bidSchema`, so the project detail's schema and the write route share one description.

export const bidSchema = describesEvery<ProjectBid>()({
  type: 'object',
  required: ['bidder', 'amount', 'outcome', 'reason', 'created'],
  properties: {
    bidder: { type: 'string', description: 'The bidder’s name as the committee typed it.' },
    amount: {
      type: 'string',
      description: 'The amount bid in pesos as a decimal string (1234567.89).',
    },
    outcome: {
      type: 'string',
      enum: [...BID_OUTCOMES],
      description:
        'What the BAC found: lcrb (lowest calculated responsive bid, at most one a project), responsive, failed-eligibility, failed-preliminary, failed-evaluation, failed-post-qualification, withdrawn.',
    },
    reason: { type: 'string', description: 'Why, as the committee wrote it; empty when none.' },
    created: { type: 'string', description: 'When it was entered, ISO 8601 UTC.' },
  },
});

export const bidsProperty = {
  type: 'array',
  description: 'The abstract of bids: every bid of the project, lowest amount first.',
  items: bidSchema,
} as const;

export const bidBodySchema = {
  type: 'object',
  description: 'One bid of the abstract of bids.',
  required: ['bidder', 'amount', 'outcome'],
  additionalProperties: false,
  properties: {
    bidder: { type: 'string', maxLength: MAX_BIDDER_LENGTH, description: 'The bidder’s name.' },
    amount: {
      type: 'string',
      maxLength: 40,
      description: 'The amount bid in pesos: 1234567.89 or 1,234,567.89.',
    },
    outcome: { type: 'string', maxLength: 40, description: 'One of the outcome codes.' },
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why; required unless the outcome is lcrb or responsive.',
    },
  },
} as const;
