import { textLang } from '../../../shared/i18n/text-language.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * Text typed by staff or an editor (a news title, a record's name, an advisory), marked
 * with its own `lang` when it is in the other language than the page's, so a screen
 * reader reads a Filipino title on an English page with a Filipino voice, and the reverse.
 */
export function InLang({ text }: { text: string }) {
  const { lang } = useI18n();
  const own = textLang(text);
  return own && own !== lang ? <span lang={own}>{text}</span> : <>{text}</>;
}

/** The `lang` attribute for a whole element holding `text`, when it differs from the page's. */
export function useOwnLang(text: string): { lang?: string } {
  const { lang } = useI18n();
  const own = textLang(text);
  return own && own !== lang ? { lang: own } : {};
}
