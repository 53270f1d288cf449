import type { Release } from './ocds-types.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Arrays whose items all carry an `id` are merged item by item (OCDS identifier merge). */
function isIdentified(items: Json[]): items is (JsonObject & { id: Json })[] {
  return items.length > 0 && items.every((item) => isObject(item) && 'id' in item);
}

function mergeValue(earlier: Json | undefined, later: Json): Json {
  if (isObject(later)) return mergeObject(isObject(earlier) ? earlier : {}, later);
  if (Array.isArray(later) && isIdentified(later)) {
    const merged = new Map<string, Json>();
    if (Array.isArray(earlier) && isIdentified(earlier)) {
      for (const item of earlier) merged.set(String(item.id), item);
    }
    for (const item of later) {
      const key = String(item.id);
      merged.set(key, mergeValue(merged.get(key), item));
    }
    return [...merged.values()];
  }
  return later;
}

function mergeObject(earlier: JsonObject, later: JsonObject): JsonObject {
  const merged: JsonObject = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    // An explicit null removes the field, as the merge rules say.
    if (value === null) delete merged[key];
    else merged[key] = mergeValue(merged[key], value);
  }
  return merged;
}

/**
 * The compiled release of one process (OCDS merging, simplest form): releases applied in
 * date order, a later value replacing an earlier one, objects merged field by field and
 * arrays of objects with ids merged by id; tagged "compiled".
 */
export function compileReleases(releases: readonly Release[]): Release {
  const last = releases.at(-1);
  if (!last) throw new RangeError('A compiled release needs at least one release');
  const merged = releases.reduce<JsonObject>(
    (compiled, release) => mergeObject(compiled, release as unknown as JsonObject),
    {},
  ) as unknown as Release;
  return { ...merged, id: `${last.ocid}-${last.date}`, tag: ['compiled'] };
}
