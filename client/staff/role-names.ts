import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import type { StaffI18n } from '../i18n/useStaffI18n.ts';

/** Each role's name on the staff pages (shared/staff-roles.ts ROLE_LABELS is the CLI's English). */
export const ROLE_KEYS: Record<StaffRole, StaffMessageKey> = {
  admin: 'staff.role.admin',
  bac: 'staff.role.bac',
  information: 'staff.role.information',
  transparency: 'staff.role.transparency',
};

/** Roles by their full names in the page's language, as a list. */
export function roleNames(t: StaffI18n['t'], roles: readonly StaffRole[]): string {
  return roles.map((role) => t(ROLE_KEYS[role])).join('; ');
}

/** Each role's short name, for the sentences that report a change. */
const SHORT_ROLE_KEYS: Record<StaffRole, StaffMessageKey> = {
  admin: 'staff.role.short.admin',
  bac: 'staff.role.short.bac',
  information: 'staff.role.short.information',
  transparency: 'staff.role.short.transparency',
};

/** Roles named shortly in the page's language, as a list. */
export function shortRoleNames(t: StaffI18n['t'], roles: readonly StaffRole[]): string {
  return roles.map((role) => t(SHORT_ROLE_KEYS[role])).join(', ');
}
