/**
 * What a staff account may do. An account holds one or more roles; `admin` manages staff
 * accounts and may do every other role's work. The server checks roles on every write; the
 * browser only uses them to show the links an account can follow.
 */
export const STAFF_ROLES = ['admin', 'bac', 'information', 'transparency'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator (staff accounts)',
  bac: 'BAC (procurement records)',
  information: 'Information (news and advisories)',
  transparency: 'Transparency (Full Disclosure documents)',
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether an account with `roles` may do `role`'s work: its own roles, or any as admin. */
export function holdsRole(roles: readonly StaffRole[], role: StaffRole): boolean {
  return roles.includes(role) || roles.includes('admin');
}

/**
 * The role by which an account that holds `role`'s work (see holdsRole) does it, for the
 * audit log: `role` itself when the account has it, otherwise the administrator's.
 */
export function roleUsed(roles: readonly StaffRole[], role: StaffRole): StaffRole {
  return roles.includes(role) ? role : 'admin';
}
