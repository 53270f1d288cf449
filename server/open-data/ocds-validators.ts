import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import recordPackageSchema from './schemas/ocds-1.1.5/record-package-schema.json' with { type: 'json' };
import releasePackageSchema from './schemas/ocds-1.1.5/release-package-schema.json' with { type: 'json' };
import releaseSchema from './schemas/ocds-1.1.5/release-schema.json' with { type: 'json' };
import versionedReleaseSchema from './schemas/ocds-1.1.5/versioned-release-validation-schema.json' with { type: 'json' };
import bidsExtension from './schemas/ocds-bids-extension/release-schema.json' with { type: 'json' };

/**
 * The official OCDS 1.1.5 schemas (schemas/ocds-1.1.5, vendored unmodified), registered by
 * their ids so their $refs resolve offline, as published and with the bids extension
 * (schemas/ocds-bids-extension) merged. Shipped with the server and bundled into it: the
 * quality check (ocds-quality.ts) and the tests judge the site's packages by the same
 * validators.
 */
const SCHEMA_BASE = 'https://standard.open-contracting.org/schema/1__1__5';

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
  ajv.addSchema(
    (releaseSchemaPatch ? mergePatch(releaseSchema, releaseSchemaPatch) : releaseSchema) as object,
  );
  for (const schema of [versionedReleaseSchema, releasePackageSchema, recordPackageSchema]) {
    ajv.addSchema(schema as object);
  }
  return {
    releasePackage: ajv.getSchema(`${SCHEMA_BASE}/release-package-schema.json`)!,
    recordPackage: ajv.getSchema(`${SCHEMA_BASE}/record-package-schema.json`)!,
  };
}

let cached: { plain: OcdsValidators; withBids: OcdsValidators } | undefined;

/**
 * OCDS 1.1.5 as published (`plain`) and with the bids extension merged (`withBids`),
 * compiled on first use: compiling takes a moment the server's start need not wait for.
 */
export function ocdsValidators(): { plain: OcdsValidators; withBids: OcdsValidators } {
  cached ??= { plain: validators(), withBids: validators(bidsExtension) };
  return cached;
}
