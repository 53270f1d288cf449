import type { RecordKind } from '../../../shared/record-kinds.ts';
import type { ValidationWords } from '../../../shared/record-validation.ts';
import { kindText } from '../../i18n/useKindText.ts';
import type { StaffI18n } from '../../i18n/useStaffI18n.ts';

/** Validation messages for a kind's form in the staff page's language, naming its fields as the form labels them. */
export function validationWords(kind: RecordKind, i18n: StaffI18n): ValidationWords {
  const { specLabel } = kindText(kind, i18n.lang);
  return { text: i18n.t, label: (spec) => specLabel(spec.label) };
}
