import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { currentDataVersion } from '../../db/data-version.ts';
import { manilaIsoExact } from '../../shared/manila-time.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { parseListQuery, type ParameterValue } from '../../shared/records/list-query.ts';
import { SUPPLIERS_PATH, supplierPath } from '../../shared/suppliers/suppliers.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { emptyResponse, mediaResponse } from '../http/media.ts';
import { strictValidatorCompiler } from '../http/strict-validator.ts';
import { csvTable } from '../open-data/csv.ts';
import { publicReadOptions, sendListAnswer } from '../http/public-read.ts';
import { notModified, strongEtag } from '../open-data/etag.ts';
import { permalink } from '../open-data/permalink.ts';
import {
  supplierDetail,
  supplierIndex,
  supplierPage,
  supplierSummaries,
} from './supplier-index.ts';
import { supplierWithBids } from './supplier-detail.ts';
import type { ProjectDetailOptions } from '../procurement-projects/project-detail.ts';
import {
  supplierDetailSchema,
  supplierDownloadQuerystringSchema,
  supplierListQuerystringSchema,
  supplierPageSchema,
  supplierParamsSchema,
} from './schemas.ts';

interface ListRequest {
  Querystring: { q?: ParameterValue; page?: ParameterValue };
}

interface SupplierRequest {
  Params: { id: string };
}

const notFound = { statusCode: 404, error: 'Not Found', message: 'No such supplier' };

const LIST_CSV_COLUMNS = ['id', 'name', 'awards', 'awarded_value', 'url'];
const AWARD_CSV_COLUMNS = [
  'supplier_id',
  'supplier_name',
  'collection',
  'id',
  'project_title',
  'contract_amount',
  'mode_of_procurement',
  'philgeps_reference',
  'date',
  'url',
];

/**
 * Sends a CSV download (404 when there is no table) with a strong ETag over the data
 * version, so a client holding the current file gets 304, and nothing but headers for HEAD.
 * The version is read before the table: a write landing while the table is read then gives
 * the next request another ETag, never this table under the newer version's.
 */
function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    version,
    key,
    fileName,
    table,
  }: {
    version: number;
    key: readonly unknown[];
    fileName: string;
    table: { columns: string[]; rows: string[][] } | undefined;
  },
) {
  if (!table) return reply.code(404).type('text/plain; charset=utf-8').send('No such supplier\n');
  const etag = strongEtag(request, ['suppliers-csv', ...key, version]);
  if (notModified(request, reply, etag)) return reply;
  reply
    .type('text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${fileName}"`);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(csvTable(table.columns, table.rows));
}

/**
 * The suppliers as open data: the list (GET /api/suppliers, searched by name and paged as
 * the record lists are), each supplier with its awards, yearly shares and bids, and the list and awards as CSV
 * at their pages' addresses with .csv (as every list's download is).
 */
export async function supplierApiRoutes(
  app: FastifyInstance,
  {
    database,
    siteUrl,
    ...projectSite
  }: { database: SiteDatabase; siteUrl: string | undefined } & ProjectDetailOptions,
) {
  app.get<ListRequest>(
    '/api/suppliers',
    {
      schema: {
        querystring: supplierListQuerystringSchema,
        response: { 200: supplierPageSchema, ...errorResponses },
      },
      ...publicReadOptions,
    },
    async (request, reply) => {
      return sendListAnswer(
        reply,
        parseListQuery({ q: request.query.q, page: request.query.page }),
        async (query) => supplierPage(await supplierIndex(database), query),
      );
    },
  );

  app.get<SupplierRequest>(
    '/api/suppliers/:id',
    {
      schema: {
        params: supplierParamsSchema,
        response: {
          200: supplierDetailSchema,
          301: emptyResponse('A former id: Location gives the supplier’s current one.'),
          ...errorResponses,
        },
      },
      ...publicReadOptions,
    },
    async (request, reply) => {
      const supplier = request.validationError
        ? undefined
        : await supplierWithBids(database, request.params.id, projectSite);
      if (!supplier) return reply.code(404).send(notFound);
      // A former id: the supplier is now known by another (a merge, a PhilGEPS number).
      if (supplier.id !== request.params.id) {
        return reply.redirect(`/api/suppliers/${encodeURIComponent(supplier.id)}`, 301);
      }
      return reply.header('cache-control', 'no-cache').send(supplier);
    },
  );

  app.get<ListRequest>(
    `${SUPPLIERS_PATH}.csv`,
    {
      schema: {
        querystring: supplierDownloadQuerystringSchema,
        response: {
          200: mediaResponse(
            'Every supplier matching q, highest awarded value first, with a header row: id, name, awards, awarded_value (pesos as a decimal string) and url (its page).',
            ['text/csv'],
          ),
        },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const parsed = parseListQuery({ q: request.query.q });
      if (!parsed.ok) {
        return reply.code(400).type('text/plain; charset=utf-8').send(`${parsed.message}\n`);
      }
      const { q } = parsed.value;
      const version = await currentDataVersion(database);
      return sendCsv(request, reply, {
        version,
        key: ['list', q, siteUrl],
        fileName: q ? 'suppliers-search.csv' : 'suppliers.csv',
        table: {
          columns: LIST_CSV_COLUMNS,
          rows: supplierSummaries(await supplierIndex(database), q).map((supplier) => [
            supplier.id,
            supplier.name,
            String(supplier.awards),
            supplier.awardedValue,
            `${siteUrl ?? ''}${supplierPath(supplier.id)}`,
          ]),
        },
      });
    },
  );

  app.get<SupplierRequest>(
    `${SUPPLIERS_PATH}/:id.csv`,
    {
      schema: {
        params: supplierParamsSchema,
        response: {
          200: mediaResponse(
            'Every award the supplier won, newest first, with a header row: the notice (collection, id, url), its project title, contract amount (pesos as a decimal string), mode of procurement, PhilGEPS reference and date posted (ISO 8601 in Manila time, +08:00).',
            ['text/csv'],
          ),
          301: emptyResponse('A former id: Location gives the CSV at the supplier’s current one.'),
          404: mediaResponse('No published award or bid names this supplier.', ['text/plain']),
        },
      },
      validatorCompiler: strictValidatorCompiler,
      attachValidation: true,
    },
    async (request, reply) => {
      const { id } = request.params;
      const version = await currentDataVersion(database);
      const supplier = request.validationError
        ? undefined
        : supplierDetail(await supplierIndex(database), id);
      if (supplier && supplier.id !== id) {
        return reply.redirect(`${supplierPath(supplier.id)}.csv`, 301);
      }
      return sendCsv(request, reply, {
        version,
        key: ['supplier', id, siteUrl],
        // A header carries ASCII only; an id in another script still names its file.
        fileName: `supplier-${id.replace(/[^a-z0-9-]/g, '') || 'awards'}.csv`,
        table: supplier && {
          columns: AWARD_CSV_COLUMNS,
          rows: supplier.awardsWon.map((award) => [
            supplier.id,
            award.supplierName,
            award.collection,
            String(award.id),
            award.projectTitle ?? '',
            award.amount ?? '',
            award.mode ?? '',
            award.philgepsReference ?? '',
            manilaIsoExact(award.date),
            permalink(kindByCollection(award.collection)!, award.id, siteUrl),
          ]),
        },
      });
    },
  );
}
