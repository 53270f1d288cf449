import type { StaffMessages } from './staff-messages-en.ts';

/**
 * The staff pages' words in Filipino. Staff-facing terms without a settled Filipino word
 * keep the English term beside the Filipino one, e.g. "Password", "Upload", "CSV"; the
 * glossary in content/README.md lists the choices so the municipality's staff can correct
 * them.
 */
export const staffFil: StaffMessages = {
  // The staff frame: navigation and areas (client/components/staff/).
  'staff.nav.home': 'Tahanan ng kawani (Staff home)',
  'staff.nav.signOut': 'Mag-sign out',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Mag-login',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Tahanan ng kawani (Staff home)',

  // News (/staff/news).
  'staff.news.title': 'Balita',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Mga Abiso',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
};
