import type { RecordKind } from '../record-kinds.ts';
import type { Lang } from './languages.ts';
import { FIELD_LABELS_FIL, KIND_TEXT_FIL } from '../records/record-kinds-fil.ts';

/** A procurement list's title and record label in `lang`: the pages' and the alert e-mails'. */
export function kindText(kind: RecordKind, lang: Lang): { title: string; label: string } {
  return (lang === 'fil' && KIND_TEXT_FIL[kind.collection]) || kind;
}

/** A field's label in `lang`, from the English label the registry gives. */
export function fieldLabelIn(english: string, lang: Lang): string {
  return lang === 'fil' ? (FIELD_LABELS_FIL[english] ?? english) : english;
}
