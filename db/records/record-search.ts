import { parseManilaDate } from '../../shared/manila-time.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

/**
 * The search and date filter of a list, shared by its pages (db/records/record-queries.ts) and its
 * downloads (db/records/record-export.ts), so that a download holds exactly the page's matches.
 */

/**
 * Withdrawn records are not in the public lists. Spelled exactly as the WHERE of the partial
 * index ${table}_newest_first (migration 0007), so every list query can walk that index.
 */
export const PUBLISHED = 'withdrawn_at IS NULL';
/** Posted within [start, end): the Manila days of `from` and `to` as UTC times. */
export const IN_RANGE = 'created >= ? AND created < ?';

/** The trigram index only holds substrings of three or more characters. */
export const TRIGRAM_LENGTH = 3;

export function usesTrigramIndex(q: string): boolean {
  return [...q].length >= TRIGRAM_LENGTH;
}

/** Every upper/lower-case spelling of a short text: "ña" gives ña, ñA, Ña and ÑA. */
export function caseSpellings(text: string): string[] {
  let spellings = [''];
  for (const character of text) {
    const variants = [...new Set([character, character.toLowerCase(), character.toUpperCase()])];
    spellings = spellings.flatMap((prefix) => variants.map((variant) => prefix + variant));
  }
  return [...new Set(spellings)];
}

/** FTS5 phrase syntax: the whole text as one quoted phrase, inner quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A short search (1–2 characters) cannot use the trigram index, and SQLite's own case
 * folding is ASCII only, so it looks for every case spelling of the text ("ñ", "Ñ") in each
 * searched field; instr() keeps the unavoidable scan native.
 */
export function shortSearchMatch(
  kind: RecordKind,
  q: string,
): { sql: string; parameters: string[]; spellings: number } {
  const spellings = caseSpellings(q);
  return {
    sql: `(${kind.searchFields.flatMap((field) => spellings.map(() => `instr(${field}, ?) > 0`)).join(' OR ')})`,
    parameters: kind.searchFields.flatMap(() => spellings),
    spellings: spellings.length,
  };
}

/** A list's `from`/`to` Manila days as the UTC range [start, end) of `created`. */
export interface CreatedRange {
  start: string;
  end: string;
}

/** Past any stored time and before none: the open ends of a one-sided range. */
const EARLIEST = '';
export const LATEST = '~';

/** The range of `from` and `to` (checked already by parseListQuery), or undefined for neither. */
export function createdRange({
  from,
  to,
}: {
  from?: string | undefined;
  to?: string | undefined;
}): CreatedRange | undefined {
  if (!from && !to) return undefined;
  const day = (text: string) => {
    const parsed = parseManilaDate(text);
    if (!parsed.ok) throw new RangeError(parsed.message);
    return parsed;
  };
  return { start: from ? day(from).start : EARLIEST, end: to ? day(to).end : LATEST };
}
