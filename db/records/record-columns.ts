import { formatDecimal, parseMoney } from '../../shared/money.ts';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { FieldSpec, RecordKind } from '../../shared/record-kinds.ts';

// Values cross the database boundary here: above it amounts are decimal strings
// ("1234567.89") as the API sends them; in the tables they are integer centavos.

export type ColumnValue = string | number | null;

/** A field's edge value as its column stores it. Throws on a value validation should have refused. */
export function toColumnValue(
  kind: RecordKind,
  spec: FieldSpec,
  value: string | null | undefined,
): ColumnValue {
  if (value === undefined || value === null) {
    if (spec.optional) return null;
    throw new TypeError(`${kind.collection}.${spec.name} is missing`);
  }
  if (spec.type !== 'money') return value;
  const parsed = parseMoney(value, `${kind.collection}.${spec.name}`);
  if (!parsed.ok) throw new TypeError(parsed.message);
  return parsed.centavos;
}

/** A column's stored value as the API sends it. */
export function fromColumnValue(spec: FieldSpec, stored: unknown): string | null {
  if (stored === null || stored === undefined) return null;
  return spec.type === 'money' ? formatDecimal(Number(stored)) : String(stored);
}

/** The kind's money fields, whose stored centavos a read turns into decimal strings. */
const moneyFields = new WeakMap<RecordKind, readonly FieldSpec[]>();

/** A row as the API and pages see it: amounts as decimal strings, every other value as stored. */
export function recordFromRow<T extends Record<string, unknown>>(kind: RecordKind, row: T): T {
  let money = moneyFields.get(kind);
  if (!money) moneyFields.set(kind, (money = kind.fields.filter((spec) => spec.type === 'money')));
  if (money.length === 0) return row;
  const record: Record<string, unknown> = { ...row };
  for (const spec of money) {
    if (spec.name in record) record[spec.name] = fromColumnValue(spec, record[spec.name]);
  }
  return record as T;
}

export function recordsFromRows(kind: RecordKind, rows: unknown[]): ProcurementRecord[] {
  return rows.map((row) => recordFromRow(kind, row as ProcurementRecord));
}

/** The columns a record is read with, in the order reads answer with. */
export function selectColumns(kind: RecordKind): string {
  return ['id', ...kind.fields.map((field) => field.name), 'created'].join(', ');
}

/** The lists' order on both engines: newest first, the id breaking ties. */
export const NEWEST_FIRST = 'ORDER BY created DESC, id DESC';
