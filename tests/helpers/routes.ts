import { recordKinds } from '../../shared/record-kinds.ts';

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

/** Every public route of the seed's route table (news detail with a real id). */
export const publicRoutes = [
  '/',
  '/history',
  '/local-officials',
  '/offices',
  '/festival',
  '/tourist-destination',
  '/directory',
  '/accounting',
  '/news',
  '/view-news/1',
  ...departmentRoutes,
  '/bids-and-awards',
  ...listRoutes,
  '/invitation-to-bid',
  '/bac-login',
];
