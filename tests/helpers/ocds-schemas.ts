import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/**
 * The official OCDS 1.1.5 schemas (tests/fixtures/ocds-1.1.5), loaded by their ids so their
 * $refs resolve offline, as-is and with the bids extension merged: the integration tests and
 * the browser's whole-project test judge the site's packages by the same validators.
 */
const SCHEMA_DIR = path.resolve('tests/fixtures/ocds-1.1.5');
const BIDS_EXTENSION = path.resolve('tests/fixtures/ocds-extensions/bids/release-schema.json');
const SCHEMA_BASE = 'https://standard.open-contracting.org/schema/1__1__5';
const SCHEMA_NAMES = [
  'release-schema',
  'versioned-release-validation-schema',
  'release-package-schema',
  'record-package-schema',
] as const;

/**
 * JSON Merge Patch (RFC 7396), as OCDS applies an extension's release-schema.json to the
 * release schema: objects merge key by key, null removes, anything else replaces.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const merged: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = mergePatch(merged[key], value);
  }
  return merged;
}

export interface OcdsValidators {
  releasePackage: ValidateFunction;
  recordPackage: ValidateFunction;
}

function validators(releaseSchemaPatch?: unknown): OcdsValidators {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const name of SCHEMA_NAMES) {
    const schema: unknown = JSON.parse(readFileSync(path.join(SCHEMA_DIR, `${name}.json`), 'utf8'));
    ajv.addSchema(
      name === 'release-schema' && releaseSchemaPatch
        ? (mergePatch(schema, releaseSchemaPatch) as object)
        : (schema as object),
    );
  }
  return {
    releasePackage: ajv.getSchema(`${SCHEMA_BASE}/release-package-schema.json`)!,
    recordPackage: ajv.getSchema(`${SCHEMA_BASE}/record-package-schema.json`)!,
  };
}

/** OCDS 1.1.5 as published. */
export const ocds = validators();

/** OCDS 1.1.5 with the bids extension (tests/fixtures/ocds-extensions/bids) merged. */
export const ocdsWithBids = validators(JSON.parse(readFileSync(BIDS_EXTENSION, 'utf8')));

/** What the validator found wrong with `data`: an empty list when it is valid. */
export function schemaErrors(validate: ValidateFunction, data: unknown): unknown[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
