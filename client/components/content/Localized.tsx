import type { LocalizedText } from '../../../shared/i18n/localized-text.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * A content text in the page's language; English shown on a Filipino page (no Filipino
 * given) is marked `lang="en"`, so screen readers switch voice for it.
 */
export function Localized({ text }: { text: LocalizedText }) {
  const { lang, localized } = useI18n();
  const shown = localized(text);
  return shown.lang === lang ? <>{shown.text}</> : <span lang={shown.lang}>{shown.text}</span>;
}
