import { localize, type LocalizedText } from '../../shared/i18n/localized-text.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
import { useI18n } from './useI18n.tsx';

/** A procurement list's title, its record label and its field labels in the page's language. */
export function useKindText(kind: RecordKind) {
  const { lang } = useI18n();
  return {
    title: localize(kind.title, lang).text,
    label: localize(kind.label, lang).text,
    fieldLabel: (name: FieldName) => fieldLabel(kind, name, lang),
    /** A field spec's label, for specs already in hand. */
    specLabel: (label: LocalizedText) => localize(label, lang).text,
  };
}
