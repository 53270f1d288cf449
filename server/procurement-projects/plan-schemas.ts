import {
  PROJECT_STATUSES,
  type ProjectStatus,
} from '../../shared/procurement-projects/procurement-project.ts';
import type {
  PlanLineView,
  ProcurementPlan,
} from '../../shared/procurement-projects/procurement-plan.ts';
import { describesEvery } from '../http/describes-every.ts';

// The schemas of GET /api/procurement-plan and its CSV: Fastify serialises with them, and
// describesEvery makes a property left out a compile error.

export const planQuerystringSchema = {
  type: 'object',
  properties: {
    year: {
      type: 'string',
      description:
        'The plan’s year, four digits; when missing, the current year in Manila if it has a plan, else the latest year that has one.',
    },
  },
} as const;

const lineSchema = describesEvery<PlanLineView>()({
  type: 'object',
  required: [
    'ocid',
    'appCode',
    'title',
    'endUserOffice',
    'mode',
    'sourceOfFunds',
    'budget',
    'awarded',
    'status',
  ],
  properties: {
    ocid: { type: 'string', description: 'The planned project’s OCID: /procurement/{ocid}.' },
    appCode: { type: 'string', description: 'The line’s Code (PAP).' },
    title: { type: 'string', description: 'Procurement Program/Project.' },
    endUserOffice: { type: 'string', nullable: true, description: 'PMO/End-User.' },
    mode: { type: 'string', nullable: true, description: 'Mode of Procurement.' },
    sourceOfFunds: { type: 'string', nullable: true, description: 'Source of Funds.' },
    budget: {
      type: 'string',
      description: 'Estimated Budget (Total), pesos as a decimal string, e.g. "1234567.89".',
    },
    awarded: {
      type: 'string',
      nullable: true,
      description:
        'The amount of its latest published notice of award, pesos as a decimal string; null before one.',
    },
    status: {
      type: 'string',
      enum: [...PROJECT_STATUSES] satisfies ProjectStatus[],
      description: 'Where the project stands, derived from its notices.',
    },
  },
});

/** GET /api/procurement-plan. */
export const planSchema = describesEvery<ProcurementPlan>()({
  type: 'object',
  description: 'A year’s Annual Procurement Plan, its lines in APP code order.',
  required: ['year', 'lines', 'total', 'years'],
  properties: {
    year: { type: 'integer' },
    lines: { type: 'array', items: lineSchema },
    total: {
      type: 'string',
      description: 'The lines’ budgets added up, pesos as a decimal string.',
    },
    years: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Every year with a plan, newest first.',
    },
  },
});
