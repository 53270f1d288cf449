import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { holdsRole, type StaffRole } from '../../shared/staff-roles.ts';
import { STAFF_PAGES } from './staff-pages.ts';

/** A part of the staff site and the role that opens it; its name and description are staff catalogue keys. */
export interface StaffArea {
  role: StaffRole;
  labelKey: StaffMessageKey;
  path: string;
  descriptionKey: StaffMessageKey;
}

/**
 * The staff site's areas in the order the staff home and the staff navigation list them.
 * The server checks the role again on every write; this only decides which links to show.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  {
    role: 'bac',
    labelKey: 'staff.area.records',
    path: STAFF_PAGES.input,
    descriptionKey: 'staff.area.recordsDescription',
  },
  {
    role: 'information',
    labelKey: 'staff.area.news',
    path: STAFF_PAGES.news,
    descriptionKey: 'staff.area.newsDescription',
  },
  {
    role: 'information',
    labelKey: 'staff.area.advisories',
    path: STAFF_PAGES.advisories,
    descriptionKey: 'staff.area.advisoriesDescription',
  },
  {
    role: 'transparency',
    labelKey: 'staff.area.fullDisclosure',
    path: STAFF_PAGES.fullDisclosure,
    descriptionKey: 'staff.area.fullDisclosureDescription',
  },
  {
    role: 'admin',
    labelKey: 'staff.area.accounts',
    path: STAFF_PAGES.accounts,
    descriptionKey: 'staff.area.accountsDescription',
  },
];

export function areasFor(roles: readonly StaffRole[]): StaffArea[] {
  return STAFF_AREAS.filter((area) => holdsRole(roles, area.role));
}

/**
 * Where sign-in leads: straight to the one area an account works in (a BAC secretariat
 * account to data entry, as before), otherwise the staff home that lists its areas. An
 * English path; the sign-in page puts it in its own language.
 */
export function landingFor(roles: readonly StaffRole[]): string {
  const areas = areasFor(roles);
  return areas.length === 1 ? areas[0]!.path : STAFF_PAGES.home;
}
