import type { ValidateFunction } from 'ajv-draft-04';
import { ocdsValidators } from '../../server/open-data/ocds-validators.ts';

/**
 * The official OCDS 1.1.5 schemas the server ships (server/open-data/schemas), as-is and
 * with the bids extension merged: the integration tests, the browser's whole-project test
 * and `municipal ocds check` judge the site's packages by the same validators.
 */
export { mergePatch, type OcdsValidators } from '../../server/open-data/ocds-validators.ts';

/** OCDS 1.1.5 as published. */
export const ocds = ocdsValidators().plain;

/** OCDS 1.1.5 with the bids extension merged. */
export const ocdsWithBids = ocdsValidators().withBids;

/** What the validator found wrong with `data`: an empty list when it is valid. */
export function schemaErrors(validate: ValidateFunction, data: unknown): unknown[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
