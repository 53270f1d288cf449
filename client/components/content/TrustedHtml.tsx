import type { Html } from '../../../shared/content-types.ts';

/**
 * HTML the server made from Markdown: the content files' (turned into HTML at start-up and
 * written by the municipality's own editors, so trusted like the code itself) and news
 * items', whose Markdown subset renders any HTML or unsafe link as text (shared/markdown.ts).
 */
export function TrustedHtml({ html, className = 'prose' }: { html: Html; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
