import type { FastifyRequest } from 'fastify';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { roleUsed } from '../../shared/staff-roles.ts';

/**
 * Who writes a project's data from the web, as its audit entry records them: the BAC member,
 * their address, and the role that allowed it.
 */
export function bacAuthor(request: FastifyRequest, user: StaffUser) {
  return { actor: user.email, address: request.ip, detail: { role: roleUsed(user.roles, 'bac') } };
}
