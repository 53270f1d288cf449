/**
 * The staff pages' words in English (sign-in, record input, staff home, accounts, news,
 * advisories, Full Disclosure). A catalogue of its own, apart from the public one in
 * messages-en.ts: the public catalogue travels in every Filipino page's hydration data,
 * while these words travel only in the staff pages' lazily loaded code, so residents'
 * phones never download them. `StaffMessages` makes a missing key in another language a
 * compile error, and tests/unit/i18n-catalogues.test.ts compares the placeholders.
 */
export const staffEn = {
  // The staff frame: navigation and areas (client/components/staff/).
  'staff.nav.home': 'Staff home',
  'staff.nav.signOut': 'Sign out',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Login',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Staff home',

  // News (/staff/news).
  'staff.news.title': 'News',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Advisories',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
} as const;

export type StaffMessageKey = keyof typeof staffEn;

/** A staff catalogue: every key of the English one, each with its text. */
export type StaffMessages = { readonly [K in StaffMessageKey]: string };
