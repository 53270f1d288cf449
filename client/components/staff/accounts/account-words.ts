import {
  ACCOUNT_PROBLEM_KEYS,
  ACCOUNT_REFUSAL_KEYS,
  MAX_DISPLAY_NAME,
  type AccountRefusal,
} from '../../../../shared/staff-accounts.ts';
import type { StaffMessageKey } from '../../../../shared/i18n/staff-messages-en.ts';
import type { StaffRole } from '../../../../shared/staff-roles.ts';
import type { StaffI18n } from '../../../i18n/useStaffI18n.ts';

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

/**
 * A refused account change in the page's language, from the codes the services send:
 * the message, and each field's problem for the add form.
 */
export function refusalWords(
  t: StaffI18n['t'],
  refusal: Pick<AccountRefusal, 'code' | 'problems'>,
  email: string,
): { message: string; fieldErrors: Record<string, string> } {
  const values = { email, max: MAX_DISPLAY_NAME };
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.problems).map(([field, problem]) => [
      field,
      t(ACCOUNT_PROBLEM_KEYS[problem], values),
    ]),
  );
  const message =
    Object.values(fieldErrors).join(' ') || t(ACCOUNT_REFUSAL_KEYS[refusal.code], values);
  return { message, fieldErrors };
}
