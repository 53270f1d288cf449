/**
 * The OCDS prefix the demo content ships with. It is no one's: until a municipality
 * registers its own, its ocids are not unique among publishers, so the server warns at
 * start-up and /open-data says so.
 */
export const PLACEHOLDER_OCID_PREFIX = 'ocds-xxxxxx';

/** Where a publisher registers its prefix with the Open Contracting Partnership. */
export const OCID_PREFIX_REGISTRATION_URL =
  'https://standard.open-contracting.org/latest/en/guidance/build/#register-an-ocid-prefix';
