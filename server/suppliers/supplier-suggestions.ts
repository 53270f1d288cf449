import { distance } from 'fastest-levenshtein';
import type { SiteDatabase } from '../../db/site-database.ts';
import { pairKey, supplierDecisions } from '../../db/suppliers/supplier-identities.ts';
import type {
  SupplierSuggestion,
  SuggestionRule,
  SuggestedSupplier,
} from '../../shared/suppliers/supplier-decisions.ts';
import { supplierIndex, type Supplier, type SupplierIndex } from './supplier-index.ts';

/**
 * Likely same company (issue 34). Two suppliers are already one when their names fold alike
 * (shared/suppliers/supplier-name.ts). Beyond that, two suppliers' folded names are
 * suggested to staff as one company, never merged by themselves, when:
 *
 * 1. `spacing`: they are equal once spaces are removed ("a b c builders", "abc builders");
 * 2. `contained`: one is the other with whole words added before or after, and has at least
 *    two words ("jrm construction", "jrm construction and supply");
 * 3. `spelling`: they differ by at most two letters (Levenshtein distance: one added,
 *    dropped or changed letter each), the shorter being at least eight letters long
 *    ("nueva esperanza buiders").
 *
 * A pair staff dismissed is not suggested again. Every pair of suppliers is compared, with
 * cheap length checks before the edit distance (fastest-levenshtein's, a bit-parallel
 * Myers algorithm); the staff page alone asks for this.
 */
export const MAX_SPELLING_DISTANCE = 2;
export const MIN_SPELLING_LENGTH = 8;

/** The rule two folded names meet, or null when they are not alike enough. */
export function suggestionRule(a: string, b: string): SuggestionRule | null {
  if (a === b) return null;
  if (a.replaceAll(' ', '') === b.replaceAll(' ', '')) return 'spacing';
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.includes(' ') && ` ${longer} `.includes(` ${shorter} `)) return 'contained';
  if (
    shorter.length >= MIN_SPELLING_LENGTH &&
    longer.length - shorter.length <= MAX_SPELLING_DISTANCE &&
    distance(a, b) <= MAX_SPELLING_DISTANCE
  )
    return 'spelling';
  return null;
}

function suggested(supplier: Supplier, spellings: (s: Supplier) => string[]): SuggestedSupplier {
  return {
    id: supplier.id,
    name: spellings(supplier)[0] ?? supplier.key,
    spellings: spellings(supplier),
    awards: supplier.awards.length,
    bids: supplier.bidNames.length,
  };
}

/** Every likely pair among the index's suppliers that staff have not dismissed. */
export function suggestionsOf(
  index: SupplierIndex,
  dismissed: ReadonlySet<string>,
): SupplierSuggestion[] {
  const suppliers = [...index.byId.values()].sort((x, y) => x.key.localeCompare(y.key, 'en'));
  const spellings = (supplier: Supplier) => [
    ...new Set([
      ...supplier.awards.map(({ notice }) => notice.supplier.trim()),
      ...supplier.bidNames,
    ]),
  ];
  const found: SupplierSuggestion[] = [];
  for (let i = 0; i < suppliers.length; i += 1) {
    for (let j = i + 1; j < suppliers.length; j += 1) {
      const a = suppliers[i]!;
      const b = suppliers[j]!;
      const rule = suggestionRule(a.key, b.key);
      if (rule === null || dismissed.has(pairKey(a.key, b.key))) continue;
      found.push({ rule, first: suggested(a, spellings), second: suggested(b, spellings) });
    }
  }
  return found;
}

/** The staff page's suggestions as the database holds them now. */
export async function supplierSuggestions(database: SiteDatabase): Promise<SupplierSuggestion[]> {
  const { dismissals } = await supplierDecisions(database);
  return suggestionsOf(await supplierIndex(database), dismissals);
}
