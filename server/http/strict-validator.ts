import Ajv, { type ErrorObject, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify's own Ajv coerces types (5 becomes "5", ["x"] becomes "x") and silently drops
 * unknown keys; the API must refuse both, naming the field. These instances check the
 * request exactly as sent.
 */
const strict: Options = { coerceTypes: false, removeAdditional: false, useDefaults: false };

/** Stops at the first problem: for requests anyone may send. */
export const strictValidatorCompiler = compilerOf(new Ajv({ ...strict, allErrors: false }));

/**
 * Reports every problem, so a form shows all its bad fields at once. Reporting every
 * error of a large body costs work, so only routes that first require a signed-in staff
 * member use it.
 */
export const allErrorsValidatorCompiler = compilerOf(new Ajv({ ...strict, allErrors: true }));

function compilerOf(ajv: Ajv): FastifySchemaCompiler<object> {
  return ({ schema }) => ajv.compile(schema);
}

export type SchemaError = ErrorObject;

/** The validation errors Fastify attached to a request whose route sets `attachValidation`. */
export function schemaErrorsOf(
  error: (Error & { validation?: unknown }) | undefined,
): SchemaError[] {
  return Array.isArray(error?.validation) ? (error.validation as SchemaError[]) : [];
}
