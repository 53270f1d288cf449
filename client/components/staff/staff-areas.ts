import { holdsRole, type StaffRole } from '../../../shared/staff-roles.ts';
import { STAFF_PAGES } from '../../staff/staff-pages.ts';

/** A part of the staff site and the role that opens it. */
export interface StaffArea {
  role: StaffRole;
  label: string;
  path: string;
  description: string;
}

/**
 * The staff site's areas in the order the staff home and the staff navigation list them.
 * The server checks the role again on every write; this only decides which links to show.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  {
    role: 'bac',
    label: 'Procurement records',
    path: STAFF_PAGES.input,
    description: 'Add, correct and withdraw procurement records and their documents.',
  },
  {
    role: 'information',
    label: 'News',
    path: STAFF_PAGES.news,
    description: 'Post, edit and withdraw news items.',
  },
  {
    role: 'information',
    label: 'Advisories',
    path: STAFF_PAGES.advisories,
    description: 'Post urgent notices shown on every public page, and end them.',
  },
  {
    role: 'transparency',
    label: 'Full Disclosure',
    path: STAFF_PAGES.fullDisclosure,
    description: 'Post the Full Disclosure Policy documents.',
  },
  {
    role: 'admin',
    label: 'Staff accounts',
    path: STAFF_PAGES.accounts,
    description: 'Add accounts, change roles, disable accounts and reset passwords.',
  },
];

export function areasFor(roles: readonly StaffRole[]): StaffArea[] {
  return STAFF_AREAS.filter((area) => holdsRole(roles, area.role));
}

/**
 * Where sign-in leads: straight to the one area an account works in (a BAC secretariat
 * account to data entry, as before), otherwise the staff home that lists its areas.
 */
export function landingFor(roles: readonly StaffRole[]): string {
  const areas = areasFor(roles);
  return areas.length === 1 ? areas[0]!.path : STAFF_PAGES.home;
}
