import { Marked, type Tokens } from 'marked';
import type { Html } from '../../shared/content-types.ts';

/**
 * The Markdown staff write news in, as HTML that is safe to put in a page: paragraphs,
 * emphasis, links, lists, headings and quotations. HTML written into the text is shown as
 * the text it is, never as markup; images become their description; a link goes only to
 * http(s), mailto or a path on this site, else its words are shown without the link.
 * Headings start at h2, under the page's own h1.
 */

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?![/\\]))/i;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every character that means something in HTML written as an entity, `&` included, so an entity in a URL stays text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const newsMarked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const shown = escapeHtml(token.text);
      return 'block' in token && token.block ? `<p>${shown.trim()}</p>\n` : shown;
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const words = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href)) return words;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titled}>${words}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderNewsMarkdown(markdown: string): Html {
  return newsMarked.parse(markdown, { async: false }) as Html;
}

/**
 * The first paragraph's words, shortened at a word to at most `max` characters: the
 * summary cards and feeds show when staff wrote none.
 */
export function summaryOf(markdown: string, max = 200): string {
  const firstParagraph =
    newsMarked
      .lexer(markdown)
      .find((token): token is Tokens.Paragraph => token.type === 'paragraph')?.text ?? markdown;
  const plain = firstParagraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...plain].length <= max) return plain;
  const cut = [...plain].slice(0, max - 1).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}
