import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { ConferenceForm } from '../../shared/procurement-projects/conference-paths.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { sendRefusal } from '../http/refusal-reply.ts';
import { writeSection38AsStaff } from './add-conference.ts';
import {
  categoryBodySchema,
  conferenceBodySchema,
  observerBodySchema,
} from './conference-schemas.ts';
import { procurementProjectDetail, type ProjectDetailOptions } from './project-detail.ts';
import { bacWriteOptions, invalidBody } from './projects-api.ts';
import { projectDetailSchema, projectParamsSchema } from './schemas.ts';

interface Section38Request {
  Params: { ocid: string };
  Body: Record<string, unknown>;
}

const writtenSchema = {
  type: 'object',
  description: 'The entry stored (its number), and the project with its conferences and observers.',
  required: ['id', 'corrected', 'project'],
  properties: {
    id: {
      type: 'integer',
      description: 'The entry’s number: a correction keeps the one it corrects.',
    },
    corrected: {
      type: 'boolean',
      description: 'True when the write corrected an earlier statement.',
    },
    project: projectDetailSchema,
  },
} as const;

const ROUTES: readonly { path: string; form: ConferenceForm; body: object; fields: string }[] = [
  {
    path: 'conferences',
    form: 'conference',
    body: conferenceBodySchema,
    fields: 'kind, date, livestreamUrl, recordingUrl and, to correct, corrects and reason',
  },
  {
    path: 'observers',
    form: 'observer',
    body: observerBodySchema,
    fields: 'name, organisation, invited and, to correct, corrects and reason',
  },
  { path: 'category', form: 'category', body: categoryBodySchema, fields: 'category and reason' },
];

/**
 * RA 12009 section 38 (issue 34): `POST /api/procurements/<ocid>/conferences`, `/observers`
 * and `/category`, for a BAC member. A body with `corrects` corrects that entry and needs a
 * reason; the earlier statement stays as history. Answers 201 for a new entry, 200 for a
 * correction. Refusals carry codes: INVALID_INPUT (with the fields), NO_SUCH_PROJECT,
 * NO_SUCH_ENTRY (`corrects` names no entry of the project), NOT_PERMITTED.
 */
export async function conferencesApiRoutes(
  app: FastifyInstance,
  { database, ...projectSite }: { database: SiteDatabase } & ProjectDetailOptions,
) {
  for (const route of ROUTES) {
    app.post<Section38Request>(
      `/api/procurements/:ocid/${route.path}`,
      bacWriteOptions(app, database, {
        params: projectParamsSchema,
        body: route.body,
        response: { 200: writtenSchema, 201: writtenSchema, ...errorResponses },
      }),
      async (request, reply) => {
        if (request.validationError) {
          return reply.code(400).send(invalidBody(request.validationError, route.fields));
        }
        const ocid = request.params.ocid;
        const written = await writeSection38AsStaff(
          database,
          request,
          await staffWithRole(database, request, 'bac'),
          ocid,
          route.form,
          request.body,
        );
        if (!written.ok) return sendRefusal(reply, written);
        const project = await procurementProjectDetail(database, ocid, projectSite);
        return reply
          .code(written.corrected ? 200 : 201)
          .send({ id: written.id, corrected: written.corrected, project });
      },
    );
  }
}
