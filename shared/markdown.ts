import MarkdownIt, { type MarkdownIt as Parser, type Token } from 'markdown-it';
import type { Html } from './content-types.ts';
import { MARKDOWN_MAX_DEPTH, markdownDepth } from './markdown-depth.ts';
import { NEWS_LIMITS } from './news/news.ts';

/*
 * Markdown as HTML, rendered once when a text is saved (news) or read at start-up (content
 * articles), never per request (issue 30: one news text made every render of its page take
 * 9 s). A text is checked for length and nesting before it is parsed, and markdown-it stays
 * linear on what passes. In shared/ because the migration that renders the news stored
 * before then (db/migrations/0019-news-html.ts) runs it too; the browser never does.
 */

/** Why a text is not rendered: longer than its bound, or nested deeper than MARKDOWN_MAX_DEPTH. */
export type MarkdownRefusal = 'tooLong' | 'tooDeep';

export type RenderedMarkdown = { ok: true; html: Html } | { ok: false; refusal: MarkdownRefusal };

/**
 * markdown-it's own bound on open tokens: a list item is two (list and item), a quotation
 * one, so a text within MARKDOWN_MAX_DEPTH never reaches it. Past it markdown-it drops the
 * rest of the text, which is refused below rather than published cut.
 */
const MAX_TOKEN_NESTING = 4 * MARKDOWN_MAX_DEPTH;

/** Length in code points, as staff and NEWS_LIMITS count it, stopping once past `max`. */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (let at = 0; at < text.length; at += 1) {
    // A surrogate pair is one character: count its high half only.
    const code = text.charCodeAt(at);
    if ((code < 0xdc00 || code > 0xdfff) && ++count > max) return true;
  }
  return false;
}

function render(parser: Parser, markdown: string, maxLength: number): RenderedMarkdown {
  if (longerThan(markdown, maxLength)) return { ok: false, refusal: 'tooLong' };
  if (markdownDepth(markdown) > MARKDOWN_MAX_DEPTH) return { ok: false, refusal: 'tooDeep' };
  const tokens = parser.parse(markdown, {});
  if (tokens.some((token) => token.level >= MAX_TOKEN_NESTING - 1)) {
    return { ok: false, refusal: 'tooDeep' };
  }
  return { ok: true, html: parser.renderer.render(tokens, parser.options, {}) as Html };
}

/** A page this site's links resolve against: only its origin matters. */
const SITE = new URL('https://site.invalid/view-news/1');
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * True when a browser following `href` stays on this site or goes to an http(s), mailto or
 * tel address. Judged on the URL as a browser parses it, which drops tabs and newlines and
 * reads `\` as `/`: `/\t/evil.example` is `//evil.example`, another host (issue 30).
 */
export function isSafeHref(href: string): boolean {
  if (URL.canParse(href)) return LINK_PROTOCOLS.has(new URL(href).protocol);
  return URL.canParse(href, SITE) && new URL(href, SITE).origin === SITE.origin;
}

/**
 * Keeps the words of a link that goes nowhere safe, without the link. markdown-it's own
 * check would leave the whole `[words](address)` as text; every address reaches this rule.
 */
function unlinkUnsafe(tokens: Token[]): void {
  for (const token of tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    let hiding = false;
    for (const child of token.children) {
      if (child.type === 'link_open') hiding = !isSafeHref(String(child.attrGet('href') ?? ''));
      if ((child.type === 'link_open' || child.type === 'link_close') && hiding) {
        child.hidden = true;
        if (child.type === 'link_close') hiding = false;
      }
    }
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * The Markdown staff write news in: paragraphs, emphasis, links, lists, headings and
 * quotations. HTML written into the text is shown as the text it is; images become their
 * description; a link keeps only its words unless isSafeHref; headings start at h2, under
 * the page's own h1. No tables: a few bytes of `|` make thousands of cells.
 */
const newsParser = new MarkdownIt('default', {
  html: false,
  linkify: false,
  maxNesting: MAX_TOKEN_NESTING,
}).disable(['table']);
newsParser.validateLink = () => true;
newsParser.core.ruler.push('news_links_and_headings', (state) => {
  unlinkUnsafe(state.tokens);
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      token.tag = `h${Math.min(Number(token.tag.slice(1)) + 1, 6)}`;
    }
  }
});
newsParser.renderer.rules.image = (tokens, index, options, env, self) =>
  escapeHtml(self.renderInlineAsText(tokens[index]!.children ?? [], options, env));

export function renderNewsMarkdown(markdown: string): RenderedMarkdown {
  return render(newsParser, markdown, NEWS_LIMITS.text);
}

/** The words of a paragraph's inline tokens, without their markup; images give their description. */
function wordsOf(tokens: readonly Token[]): string {
  return tokens
    .map((token) =>
      token.type === 'text' || token.type === 'code_inline'
        ? token.content
        : token.type === 'softbreak' || token.type === 'hardbreak'
          ? ' '
          : token.type === 'image'
            ? wordsOf(token.children ?? [])
            : '',
    )
    .join('');
}

/**
 * The first paragraph's words of a text renderNewsMarkdown accepted, shortened at a word to
 * at most `max` characters: the summary cards and feeds show when staff wrote none.
 */
export function summaryOf(markdown: string, max = 200): string {
  const tokens = newsParser.parse(markdown, {});
  // The first paragraph, or the first heading when there is none.
  const opened = tokens.findIndex((token) => token.type === 'paragraph_open');
  const inline =
    opened === -1 ? tokens.find((token) => token.type === 'inline') : tokens[opened + 1];
  const words = wordsOf(inline?.children ?? []);
  const plain = words.replace(/\s+/g, ' ').trim();
  if ([...plain].length <= max) return plain;
  const cut = [...plain].slice(0, max - 1).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

/**
 * A text that cannot be rendered, shown as the words it is: each block between blank
 * lines a paragraph, every character escaped. Only for news stored before texts were
 * bounded (the migration), so such an item's page answers again and it can be corrected.
 */
export function markdownAsText(markdown: string): Html {
  return markdown
    .split(/(?:\r\n?|\n)[ \t]*(?:\r\n?|\n)/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block)}</p>\n`)
    .join('') as Html;
}

/**
 * Content articles (content/*.md), written by the municipality's own editors and trusted
 * like the code: HTML in them is kept and headings are as written, as before. Bounded all
 * the same, so a broken file stops start-up with a reason instead of stalling it.
 */
const articleParser = new MarkdownIt('default', { html: true, maxNesting: MAX_TOKEN_NESTING });

/** An article's bound, in characters: ten times the longest today. */
export const ARTICLE_MARKDOWN_MAX_LENGTH = 50_000;

export function renderArticleMarkdown(markdown: string): RenderedMarkdown {
  return render(articleParser, markdown, ARTICLE_MARKDOWN_MAX_LENGTH);
}
