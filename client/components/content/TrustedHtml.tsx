import type { Html } from '../../../shared/content-types.ts';
import type { Lang } from '../../../shared/i18n/languages.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * HTML the server made from Markdown: the content files' (turned into HTML at start-up and
 * written by the municipality's own editors, so trusted like the code itself) and news
 * items', whose Markdown subset renders any HTML or unsafe link as text (shared/markdown.ts).
 */
export function TrustedHtml({
  html,
  className = 'prose',
  lang = 'en',
}: {
  html: Html;
  className?: string;
  /**
   * The language it is written in: a content file's Markdown is English (a Filipino phrase
   * in it carries its own `<span lang="fil">`), so on a Filipino page it is marked English.
   */
  lang?: Lang | null;
}) {
  const page = useI18n().lang;
  return (
    <div
      className={className}
      lang={lang && lang !== page ? lang : undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
