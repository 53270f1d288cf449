import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import { addBidAsStaff } from './add-bid.ts';
import { bidBodySchema } from './bid-schemas.ts';
import { procurementProjectDetail, type ProjectDetailOptions } from './project-detail.ts';
import { bacWriteOptions, invalidBody } from './projects-api.ts';
import { projectDetailSchema, projectParamsSchema } from './schemas.ts';

interface BidRequest {
  Params: { ocid: string };
  Body: { bidder: string; amount: string; outcome: string; reason?: string };
}

const bidCreatedSchema = {
  type: 'object',
  description: 'The bid stored, and the project with its abstract of bids.',
  required: ['id', 'project'],
  properties: {
    id: { type: 'integer', description: 'The bid’s number.' },
    project: projectDetailSchema,
  },
} as const;

/**
 * `POST /api/procurements/<ocid>/bids` (issue 34): a BAC member adds one bid of the abstract
 * of bids. Refusals carry codes: INVALID_INPUT (with the fields), NO_SUCH_PROJECT, LCRB_TAKEN
 * (the project has its lowest calculated responsive bid already), NOT_PERMITTED.
 */
export async function bidsApiRoutes(
  app: FastifyInstance,
  { database, ...projectSite }: { database: SiteDatabase } & ProjectDetailOptions,
) {
  app.post<BidRequest>(
    '/api/procurements/:ocid/bids',
    bacWriteOptions(app, database, {
      params: projectParamsSchema,
      body: bidBodySchema,
      response: { 201: bidCreatedSchema, ...errorResponses },
    }),
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .send(invalidBody(request.validationError, 'bidder, amount, outcome and reason'));
      }
      const ocid = request.params.ocid;
      const added = await addBidAsStaff(
        database,
        request,
        await staffWithRole(database, request, 'bac'),
        ocid,
        request.body,
      );
      if (added.ok) {
        const project = await procurementProjectDetail(database, ocid, projectSite);
        return reply.code(201).send({ id: added.id, project });
      }
      return sendRefusal(reply, added);
    },
  );
}
