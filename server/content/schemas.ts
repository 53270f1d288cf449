import { z } from 'zod';
import type { ContentPart } from '../../shared/content-types.ts';
import { contentFiles, departmentSchema, newsItemSchema } from './content-schema.ts';

type JsonSchema = Record<string, unknown>;

/**
 * The content API's bodies are the content files as the server validated them, so their
 * schemas come from the same zod schemas (server/content/content-schema.ts). Markdown is sent as
 * the HTML it was turned into, which zod cannot describe by itself.
 */
function responseSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'transform') {
        jsonSchema.type = 'string';
        jsonSchema.description = 'HTML made from the municipality’s Markdown.';
      }
      // OpenAPI 3.0 writes "above 0" as a boolean exclusiveMinimum, which the JSON Schema
      // draft Fastify's serialiser compiles with refuses; for whole numbers it is "from 1".
      if (jsonSchema.type === 'integer' && jsonSchema.exclusiveMinimum === true) {
        jsonSchema.minimum = Number(jsonSchema.minimum) + 1;
        delete jsonSchema.exclusiveMinimum;
      }
    },
  }) as JsonSchema;
}

const parts = Object.keys(contentFiles) as ContentPart[];

export const siteContentResponseSchema = responseSchemaOf(contentFiles.site.schema);
export const departmentResponseSchema = responseSchemaOf(departmentSchema);
export const newsItemResponseSchema = responseSchemaOf(newsItemSchema);

/**
 * GET /api/content/parts/{part}: the part's own schema, by its name (anyOf, not oneOf: the
 * three articles are all strings).
 */
export const contentPartResponseSchema = {
  description: `The content part, by name: ${parts.join(', ')}. Markdown articles (${parts.filter((part) => contentFiles[part].file.endsWith('.md')).join(', ')}) are one JSON string of HTML.`,
  anyOf: parts.map((part) => ({ title: part, ...responseSchemaOf(contentFiles[part].schema) })),
};
