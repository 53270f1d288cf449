import type { AlertSubscriptionView } from '../../shared/alerts/alert-subscription.ts';
import { LANGUAGES } from '../../shared/i18n/languages.ts';
import { describesEvery } from '../http/describes-every.ts';
import { errorResponses } from '../http/error-schemas.ts';

export const alertTokenParams = {
  type: 'object',
  required: ['token'],
  properties: {
    token: {
      type: 'string',
      maxLength: 200,
      description: 'The signed link token from an alert e-mail.',
    },
  },
} as const;

/** GET /api/alerts/subscriptions/:token: the subscription a manage link names. */
export const alertSubscriptionSchema = describesEvery<AlertSubscriptionView>()({
  type: 'object',
  required: ['email', 'lists', 'keyword', 'frequency', 'lang', 'confirmed'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', description: 'The subscribed address.' },
    lists: {
      type: 'array',
      items: { type: 'string' },
      description: 'Collections alerted, or ["all"].',
    },
    keyword: { type: 'string', nullable: true, description: 'Only notices matching it.' },
    frequency: { type: 'string', enum: ['immediate', 'daily'] },
    lang: {
      type: 'string',
      enum: [...LANGUAGES],
      description: 'The language the e-mails are written in: that of the page subscribed from.',
    },
    confirmed: { type: 'boolean', description: 'Whether the address was confirmed.' },
  },
});

export const alertSubscriptionResponses = {
  200: alertSubscriptionSchema,
  ...errorResponses,
} as const;
