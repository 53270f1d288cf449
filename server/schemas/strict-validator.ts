import Ajv, { type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify's own Ajv coerces types (5 becomes "5", ["x"] becomes "x") and silently drops
 * unknown keys; the write API must refuse both, naming the field. This instance checks
 * the request as sent and reports every problem, so a form shows all its bad fields at
 * once. Only routes that first require a signed-in staff member or a small body use it,
 * which bounds the cost of reporting every error.
 */
const ajv = new Ajv({
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
});

export const strictValidatorCompiler: FastifySchemaCompiler<object> = ({ schema }) =>
  ajv.compile(schema);

export type SchemaError = ErrorObject;

/** The validation errors Fastify attached to a request whose route sets `attachValidation`. */
export function schemaErrorsOf(
  error: (Error & { validation?: unknown }) | undefined,
): SchemaError[] {
  return Array.isArray(error?.validation) ? (error.validation as SchemaError[]) : [];
}
