import type { Html } from '../../../shared/content-types.ts';

/**
 * Markdown from the content files, turned into HTML on the server at start-up. The
 * municipality's own editors write it, so it is trusted like the code itself.
 */
export function TrustedHtml({ html, className = 'prose' }: { html: Html; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
