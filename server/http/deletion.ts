import type { FastifyInstance } from 'fastify';
import type { SiteDatabase } from '../../db/site-database.ts';
import { DELETION_ROLE, type DeletionOutcome } from '../../shared/deletion.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { requireRole } from '../auth/require-role.ts';
import { privateAnswers } from '../render/cache/plugin.ts';
import { deletionAnswerSchema, deletionBodySchema } from './deletion-schemas.ts';
import { errorResponses } from './error-schemas.ts';
import { allErrorsValidatorCompiler } from './strict-validator.ts';

// Deleting a news item or an advisory posted by mistake (shared/deletion.ts), the same way
// for both: one reason check and one kind of route.

/**
 * Deletes the item `id` names for a reason staff gave: the reason is checked first, as
 * every reason is, and a refusal names it as the field at fault; then `remove` deletes with
 * the checked reason, and its refusal (no such item) names no field.
 */
export async function deleteForReason(
  id: string,
  reason: unknown,
  remove: (reason: string) => Promise<{ ok: true } | { ok: false; message: string }>,
): Promise<DeletionOutcome> {
  const checked = checkReason(reason);
  if (!checked.ok)
    return {
      ok: false,
      status: 400,
      code: 'INVALID_INPUT',
      message: checked.message,
      fieldErrors: { reason: checked.message },
    };
  const outcome = await remove(checked.reason);
  // Deleting reads no version and no picture: the item is there, or it is not.
  if (!outcome.ok)
    return {
      ok: false,
      status: 404,
      code: 'NO_SUCH_ITEM',
      message: outcome.message,
      fieldErrors: {},
    };
  return { ok: true, id };
}

/**
 * The options of a deletion route, POST /api/…/:id/deletion: the administrator's role,
 * then the CSRF token, then the body (`{ reason }`), whose schema failure the handler
 * answers in its API's words (attachValidation); the answer is private.
 */
export function deletionRouteOptions(
  app: FastifyInstance,
  database: SiteDatabase,
  { summary, params }: { summary: string; params: object },
) {
  return {
    onRequest: privateAnswers,
    schema: {
      summary,
      params,
      body: deletionBodySchema,
      response: { 200: deletionAnswerSchema, ...errorResponses },
    },
    validatorCompiler: allErrorsValidatorCompiler,
    attachValidation: true,
    preValidation: [requireRole(database, DELETION_ROLE), app.csrfProtection],
  };
}
