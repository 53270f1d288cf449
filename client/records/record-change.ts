import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import { toDateTimeLocal, isTime } from '../../shared/manila-time.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';

export type ChangeMode = 'edit' | 'withdraw';

/** The query string that opens a record's Edit or Withdraw form on /bac-input. */
export function changeSearch(mode: ChangeMode, record: { collection: string; id: number }): string {
  return `?${new URLSearchParams({ collection: record.collection, [mode]: String(record.id) })}`;
}

/** Which record the URL asks to change, if any: `?collection=svp&edit=42` or `&withdraw=42`. */
export function requestedChange(
  params: URLSearchParams,
): { mode: ChangeMode; kind: RecordKind; id: number } | { mode: ChangeMode; missing: true } | null {
  const mode: ChangeMode | null = params.has('edit')
    ? 'edit'
    : params.has('withdraw')
      ? 'withdraw'
      : null;
  if (!mode) return null;
  const kind = kindByCollection(params.get('collection') ?? '');
  const id = Number(params.get(mode));
  if (!kind || !Number.isSafeInteger(id) || id < 1) return { mode, missing: true };
  return { mode, kind, id };
}

/** A record's values as its edit form shows them: Manila date and time for a datetime-local input. */
export function formValues(kind: RecordKind, record: RecordDetail): Record<string, string> {
  return Object.fromEntries(
    kind.fields.map((spec) => {
      const value = record[spec.name] ?? '';
      return [
        spec.name,
        spec.type === 'datetime' && isTime(value) ? toDateTimeLocal(value) : value,
      ];
    }),
  );
}

/** After a change the page says what happened (a staff catalogue key) and links to the record's public page. */
export const CHANGE_DONE: Record<string, StaffMessageKey> = {
  amended: 'staff.change.amended',
  withdrawn: 'staff.change.withdrawn',
};
