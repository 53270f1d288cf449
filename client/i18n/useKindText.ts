import { fieldLabelIn, kindText } from '../../shared/i18n/kind-text.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
import { useI18n } from './useI18n.tsx';

/** A procurement list's title, its record label and its field labels in the page's language. */
export function useKindText(kind: RecordKind) {
  const { lang } = useI18n();
  const label = (english: string) => fieldLabelIn(english, lang);
  const names = kindText(kind, lang);
  return {
    title: names.title,
    label: names.label,
    fieldLabel: (name: FieldName) => label(fieldLabel(kind, name)),
    /** A field spec's label, for specs already in hand. */
    specLabel: label,
  };
}
