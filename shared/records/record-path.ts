import type { RecordKind } from '../record-kinds.ts';

/** A record's permanent address: its list's route and its id, e.g. /notice-of-award/42. */
export function recordPath(kind: RecordKind, id: number): string {
  return `${kind.route}/${id}`;
}
