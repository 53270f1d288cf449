import type { ValidationWords } from '../../shared/records/record-validation.ts';
import type { StaffI18n } from '../i18n/useStaffI18n.ts';

/** Validation messages in the staff page's language, naming fields as its form labels them. */
export function validationWords({ t, lang }: StaffI18n): ValidationWords {
  return { text: t, lang };
}
