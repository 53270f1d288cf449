import { INFO_PAGE_PATHS } from '../../shared/info-pages.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { SUPPLIERS_PATH } from '../../shared/suppliers/suppliers.ts';
import { PLAN_PATH } from '../../shared/procurement-projects/procurement-plan.ts';
import { RED_FLAGS_METHODOLOGY_PATH, RED_FLAGS_PATH } from '../../shared/red-flags/red-flags.ts';

export const departmentRoutes = [
  '/assesor-office',
  '/budget-office',
  '/treasury-office',
  '/health-office',
  '/agriculture-office',
  '/registrar-office',
  '/development-office',
  '/hr-office',
  '/mswd-office',
  '/bplo-office',
];

export const listRoutes = recordKinds.map((kind) => kind.route);

/** Every public route of the seed's route table (news detail with a real id), and the staff sign-in. */
export const publicRoutes = [
  ...INFO_PAGE_PATHS,
  '/view-news/1',
  ...departmentRoutes,
  ...listRoutes,
  SUPPLIERS_PATH,
  PLAN_PATH,
  RED_FLAGS_PATH,
  RED_FLAGS_METHODOLOGY_PATH,
  '/bac-login',
];
