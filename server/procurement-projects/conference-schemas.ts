import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import {
  CONFERENCE_KINDS,
  MAX_LINK_LENGTH,
  MAX_OBSERVER_TEXT,
  PROCUREMENT_CATEGORIES,
  type ProjectConference,
  type ProjectObserver,
  type Section38,
} from '../../shared/procurement-projects/conference.ts';
import { describesEvery } from '../http/describes-every.ts';

// RA 12009 section 38 in /api/procurements (issue 34): the project detail's `section38`,
// `conferences` and `observers`, and the bodies of POST /api/procurements/<ocid>/conferences,
// /observers and /category. Apart from schemas.ts, which only names them.

export const section38Schema = describesEvery<Section38>()({
  type: 'object',
  description:
    'Whether RA 12009 section 38 (livestreamed and recorded procurement conferences, observers) applies: the ABC above the threshold of the project’s category, set in content/bids-and-awards.json.',
  required: ['applies', 'category', 'threshold'],
  properties: {
    applies: {
      type: 'string',
      enum: ['yes', 'no', 'unknown'],
      description:
        'yes: the ABC is above its category’s threshold (exactly at it is not above); no: it is not, or the ABC is at most every threshold; unknown: the category (or the ABC) is not stated and the ABC could be above a threshold.',
    },
    category: {
      type: 'string',
      nullable: true,
      enum: [...PROCUREMENT_CATEGORIES, null],
      description: 'The procurement category the BAC stated; null when not stated.',
    },
    threshold: {
      type: 'string',
      nullable: true,
      description: 'The category’s threshold in pesos as a decimal string; null when not known.',
    },
  },
});

const link = (description: string) =>
  ({
    type: 'string',
    nullable: true,
    description: `${description}; null when not posted.`,
  }) as const;

const conferenceFields = {
  kind: {
    type: 'string',
    enum: [...CONFERENCE_KINDS],
    description: 'pre-procurement, pre-bid, bid-opening or other (another BAC meeting).',
  },
  date: { type: 'string', description: 'The day it was held, YYYY-MM-DD (Manila).' },
  livestreamUrl: link('The livestream’s address (https)'),
  recordingUrl: link('The recording’s address (https)'),
  reason: {
    type: 'string',
    nullable: true,
    description: 'Why it was last corrected; null when never corrected.',
  },
  created: { type: 'string', description: 'When it was stated, ISO 8601 UTC.' },
} as const;

const conferenceVersion = {
  type: 'object',
  required: Object.keys(conferenceFields),
  properties: conferenceFields,
} as const;

export const conferenceSchema = describesEvery<ProjectConference>()({
  type: 'object',
  required: ['id', ...Object.keys(conferenceFields), 'history'],
  properties: {
    id: { type: 'integer', description: 'The conference’s number; a correction names it.' },
    ...conferenceFields,
    history: {
      type: 'array',
      description: 'The statements it corrected, oldest first.',
      items: conferenceVersion,
    },
  },
});

const observerFields = {
  name: { type: 'string', description: 'The observer’s name.' },
  organisation: { type: 'string', description: 'The organisation the observer is from.' },
  invited: { type: 'string', description: 'The day invited, YYYY-MM-DD (Manila).' },
  reason: conferenceFields.reason,
  created: conferenceFields.created,
} as const;

export const observerSchema = describesEvery<ProjectObserver>()({
  type: 'object',
  required: ['id', ...Object.keys(observerFields), 'history'],
  properties: {
    id: { type: 'integer', description: 'The observer’s number; a correction names it.' },
    ...observerFields,
    history: {
      type: 'array',
      description: 'The statements it corrected, oldest first.',
      items: { type: 'object', required: Object.keys(observerFields), properties: observerFields },
    },
  },
});

export const conferencesProperty = {
  type: 'array',
  description: 'The procurement conferences (RA 12009 section 38), by date.',
  items: conferenceSchema,
} as const;

export const observersProperty = {
  type: 'array',
  description: 'The observers invited to the procurement conferences, by the day invited.',
  items: observerSchema,
} as const;

const corrects = {
  type: 'integer',
  minimum: 1,
  description: 'To correct an entry: its number (`id`); a reason is then required.',
} as const;
const reason = {
  type: 'string',
  maxLength: MAX_REASON_LENGTH,
  description: 'Why it is corrected; required with `corrects`.',
} as const;
const httpsLink = (what: string) =>
  ({
    type: 'string',
    maxLength: MAX_LINK_LENGTH,
    description: `The ${what}’s address, https only; empty or left out when not posted.`,
  }) as const;

export const conferenceBodySchema = {
  type: 'object',
  description: 'One procurement conference, or a correction of one.',
  required: ['kind', 'date'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', maxLength: 40, description: 'One of the conference kinds.' },
    date: { type: 'string', maxLength: 40, description: 'The day, YYYY-MM-DD.' },
    livestreamUrl: httpsLink('livestream'),
    recordingUrl: httpsLink('recording'),
    corrects,
    reason,
  },
} as const;

export const observerBodySchema = {
  type: 'object',
  description: 'One observer invited, or a correction of one.',
  required: ['name', 'organisation', 'invited'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: MAX_OBSERVER_TEXT, description: 'The observer’s name.' },
    organisation: {
      type: 'string',
      maxLength: MAX_OBSERVER_TEXT,
      description: 'Their organisation.',
    },
    invited: { type: 'string', maxLength: 40, description: 'The day invited, YYYY-MM-DD.' },
    corrects,
    reason,
  },
} as const;

export const categoryBodySchema = {
  type: 'object',
  description: 'The project’s procurement category; a reason when it corrects a stated one.',
  required: ['category'],
  additionalProperties: false,
  properties: {
    category: {
      type: 'string',
      maxLength: 40,
      description: 'goods, infrastructure or consulting.',
    },
    reason,
  },
} as const;
