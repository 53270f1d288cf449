/**
 * Supplier names as notices spell them ("Nueva Esperanza Builders, Inc.", "NUEVA ESPERANZA
 * BUILDERS INC", "Nueva Esperanza Builders Incorporated") folded to one name, so one company
 * typed three ways by the committee is one supplier. Pure text rules, shared by the server
 * (which groups awards) and its tests; the browser only shows what the server folded.
 */

/**
 * Words that say what form a business takes, not which business it is: the Revised
 * Corporation Code's corporations (Inc., Incorporated, Corp., Corporation, OPC for a
 * one-person corporation), partnerships and companies (Co., Company, Ltd., Limited) and the
 * DTI-registered sole proprietor's "Enterprise(s)"/"Ent.". Only these are dropped, and only
 * at the end of a name, where the form goes ("ABC Trading Co., Inc."). Words that say what
 * a business does ("Construction", "Trading", "Supply", "Builders") stay: "JRM Construction"
 * and "JRM Trading" can be two companies of one family, and merging them silently would
 * misstate what each won; a likely match like that is for staff to confirm (issue 34).
 */
export const COMPANY_FORM_WORDS: ReadonlySet<string> = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'opc',
  'enterprise',
  'enterprises',
  'ent',
]);

/**
 * A name's words for comparing: accents dropped ("Peñafrancia" is often typed
 * "Penafrancia"), lower case, "&" read as "and", dots and apostrophes removed inside words
 * ("A.B.C." and "ABC", "Dela Cruz's"), every other mark and run of spaces a single break.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The folded name: nameWords without the company-form words at its end, one space between
 * words. A name made only of form words ("Enterprises Inc.") keeps its first word, and one
 * of marks alone stays as typed, so no supplier folds to nothing. Two names are the same supplier when their folded names are equal.
 */
export function foldSupplierName(name: string): string {
  const words = nameWords(name);
  // A name of marks alone ("—", "-") has no words and would give no id: it stays as typed.
  if (words.length === 0) return name.trim().split(/\s+/).join(' ');
  let end = words.length;
  while (end > 1 && COMPANY_FORM_WORDS.has(words[end - 1]!)) end -= 1;
  return words.slice(0, end).join(' ');
}

/**
 * The longest id: the server matches a path parameter of at most 100 characters (Fastify's
 * maxParamLength), and a supplier's name may be 300.
 */
export const MAX_SUPPLIER_ID_LENGTH = 90;

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable tag for a long name. */
function nameTag(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash = Math.imul(hash ^ unit, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A supplier's id in addresses (/suppliers/<id>), the API and downloads: its folded name
 * as a slug ("nueva-esperanza-builders"), stable while the notices spell the name any of
 * the ways that fold alike. A slug longer than MAX_SUPPLIER_ID_LENGTH is cut and tagged
 * with a hash of the whole folded name, so two long names alike at the start stay two.
 * The PhilGEPS registration number takes the slug's place once staff can give one (issue
 * 34): this is the one function that chooses, so pass it here; the number is prefixed so
 * it can never equal a name's slug.
 */
export function supplierId(foldedName: string, philgepsRegistration?: string): string {
  if (philgepsRegistration) return `philgeps-${philgepsRegistration}`;
  const slug = foldedName.split(' ').join('-');
  if (slug.length <= MAX_SUPPLIER_ID_LENGTH) return slug;
  const kept = slug.slice(0, MAX_SUPPLIER_ID_LENGTH - 9).replace(/-+$/, '');
  return `${kept}-${nameTag(foldedName)}`;
}

/** Search text as supplier names are compared: "ñ" finds "n", "Inc." finds "inc". */
export function supplierSearchText(text: string): string {
  return nameWords(text).join(' ');
}
