import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import type { AccessRefusalCode } from '../../shared/refusals.ts';
import { holdsRole, ROLE_LABELS, type StaffRole } from '../../shared/staff-roles.ts';
import { currentStaff } from '../plugins/staff-session.ts';

export const NOT_SIGNED_IN_MESSAGE = 'Sign in to do this.';

export function roleRequiredMessage(role: StaffRole): string {
  return `Your account cannot do this: it needs the ${ROLE_LABELS[role]} role. Ask an administrator.`;
}

/** A staff action refused for who is asking: 401 when nobody is signed in, 403 when the account lacks the role. */
export class StaffRefusal extends Error {
  override name = 'StaffRefusal';
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }

  /** Why, as the code pages word and the API sends. */
  get code(): AccessRefusalCode {
    return this.statusCode === 401 ? 'NOT_SIGNED_IN' : 'NOT_PERMITTED';
  }
}

/**
 * The signed-in account when it holds `role` (or is an administrator). A refusal for a
 * missing role is audited with the role that was needed, so an administrator can see who
 * tried what.
 */
export async function staffWithRole(
  database: AppDatabase,
  request: FastifyRequest,
  role: StaffRole,
): Promise<StaffUser> {
  const user = await currentStaff(request, database);
  if (!user) throw new StaffRefusal(401, NOT_SIGNED_IN_MESSAGE);
  if (!holdsRole(user.roles, role)) {
    await writeAudit(database, {
      action: 'forbidden',
      actor: user.email,
      address: request.ip,
      detail: { needed: role, roles: user.roles, method: request.method, url: request.url },
    });
    throw new StaffRefusal(403, roleRequiredMessage(role));
  }
  return user;
}

/**
 * A preValidation hook for a JSON write route: the route names the role it needs, and a
 * request without it is answered 401 or 403 before its body or CSRF token is looked at.
 */
export function requireRole(database: AppDatabase, role: StaffRole) {
  return async function roleCheck(request: FastifyRequest, reply: FastifyReply) {
    try {
      await staffWithRole(database, request, role);
    } catch (error) {
      if (!(error instanceof StaffRefusal)) throw error;
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        error: error.statusCode === 401 ? 'Unauthorized' : 'Forbidden',
        code: error.code,
        message: error.message,
      });
    }
  };
}
