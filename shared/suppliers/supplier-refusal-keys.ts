import type { SupplierRefusal } from './supplier-decisions.ts';
import type { SupplierMessageKey } from './supplier-messages-en.ts';

/** Each supplier refusal's words in the supplier catalogues: a new code without words does not compile. */
export const SUPPLIER_REFUSAL_KEYS: Record<SupplierRefusal, SupplierMessageKey> = {
  INVALID_INPUT: 'suppliers.staff.refused.INVALID_INPUT',
  NOT_PERMITTED: 'suppliers.staff.refused.NOT_PERMITTED',
  NO_SUCH_SUPPLIER: 'suppliers.staff.refused.NO_SUCH_SUPPLIER',
  SAME_SUPPLIER: 'suppliers.staff.refused.SAME_SUPPLIER',
  REASON_REQUIRED: 'suppliers.staff.refused.REASON_REQUIRED',
  NOT_SUGGESTED: 'suppliers.staff.refused.NOT_SUGGESTED',
  MERGED_IS_REGISTERED: 'suppliers.staff.refused.MERGED_IS_REGISTERED',
  INVALID_NUMBER: 'suppliers.staff.refused.INVALID_NUMBER',
  NUMBER_TAKEN: 'suppliers.staff.refused.NUMBER_TAKEN',
};
