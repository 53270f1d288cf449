import type { AdvisoryStaffServices } from '../shared/advisories/advisories.ts';
import type { StaffAccountServices } from '../shared/staff-accounts/staff-accounts.ts';
import type { StaffServices } from '../shared/staff-services.ts';
import { lazyServices } from './lazy-services.ts';

/*
 * The browser's staff services, loaded when a staff page (or the sign-in, password or
 * advisory staff code) first calls one: none of them runs on a public page, so they stay out
 * of the first visit's chunk (issue 33, "what a phone runs on a first visit shrinks").
 */

export const lazyStaffServices = lazyServices<StaffServices>(
  () => import('./staff/browser-staff-services.ts').then((m) => m.browserStaffServices),
  {
    staffSession: true,
    signIn: true,
    signOut: true,
    addRecord: true,
    amendRecord: true,
    withdrawRecord: true,
    recentRecords: true,
    staffNews: true,
    addNews: true,
    amendNews: true,
    withdrawNews: true,
    deleteNews: true,
  },
);

export const lazyAccountServices = lazyServices<StaffAccountServices>(
  () =>
    import('./staff-accounts/browser-account-services.ts').then((m) => m.browserAccountServices),
  {
    staffAccounts: true,
    addStaffAccount: true,
    changeStaffAccount: true,
    resetAccountPassword: true,
    passwordLink: true,
    setPasswordWithLink: true,
    requestPasswordReset: true,
  },
);

export const lazyAdvisoryStaffServices = lazyServices<AdvisoryStaffServices>(
  () =>
    import('./advisories/browser-advisory-staff-services.ts').then(
      (m) => m.browserAdvisoryStaffServices,
    ),
  {
    staffAdvisories: true,
    postAdvisory: true,
    amendAdvisory: true,
    endAdvisory: true,
    deleteAdvisory: true,
  },
);
