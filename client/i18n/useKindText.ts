import { FIELD_LABELS_FIL, KIND_TEXT_FIL } from '../../shared/i18n/record-kinds-fil.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
import { useI18n } from './useI18n.tsx';

/** A procurement list's title, its record label and its field labels in `lang`. */
export function kindText(kind: RecordKind, lang: Lang) {
  const filipino = lang === 'fil';
  const label = (english: string) => (filipino ? (FIELD_LABELS_FIL[english] ?? english) : english);
  const names = (filipino && KIND_TEXT_FIL[kind.collection]) || kind;
  return {
    title: names.title,
    label: names.label,
    fieldLabel: (name: FieldName) => label(fieldLabel(kind, name)),
    /** A field spec's label, for specs already in hand. */
    specLabel: label,
  };
}

/** The same in the page's language. */
export function useKindText(kind: RecordKind) {
  return kindText(kind, useI18n().lang);
}
