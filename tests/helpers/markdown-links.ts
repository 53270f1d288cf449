import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A relative link or image in a Markdown file whose target file or heading does not exist. */
export interface BrokenLink {
  /** The Markdown file holding the link, relative to the root, with `/` separators. */
  file: string;
  line: number;
  link: string;
  problem: string;
}

/**
 * The project's documentation: README.md, ARCHITECTURE.md, CONTRIBUTING.md and every
 * Markdown file under docs/, relative to `root`.
 */
export function documentationFiles(root: string): string[] {
  const top = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].filter((name) =>
    existsSync(path.join(root, name)),
  );
  const docs = path.join(root, 'docs');
  const nested = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name.split(path.sep).join('/')}`)
        .sort()
    : [];
  return [...top, ...nested];
}

/**
 * The anchor GitHub gives a heading (github-slugger): lower case, every character that is
 * not a letter, mark, digit, connector (`_`), hyphen or space removed, each space a hyphen.
 * `text` is the heading's source; its Markdown (code, links, emphasis, HTML) is read as
 * the rendered text it stands for.
 */
export function githubSlug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's rendered text: images as their alt text, links as their words, no markup. */
function headingText(source: string): string {
  return source
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/\*+/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+([^_]+?)_+(?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .trim();
}

/**
 * The text with fenced code blocks and HTML comments blanked out, and code spans too unless
 * `spans` is false (a heading's code is part of its anchor), each replaced by as many line
 * breaks as it held, so line numbers still count.
 */
function withoutCode(markdown: string, { spans = true } = {}): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null) {
      if (opener) {
        fence = opener;
        return '';
      }
      return line;
    }
    if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener)
      fence = null;
    return '';
  });
  const blank = (match: string) => match.replace(/[^\n]/g, '');
  const text = kept.join('\n').replace(/<!--[\s\S]*?-->/g, blank);
  // A code span ends in its paragraph: it never runs over a blank line.
  return spans ? text.replace(/(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?[^`]\1(?!`)/g, blank) : text;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Inline links and images, `[text](target "title")`, with the text scanned for more. */
const INLINE_LINK =
  /!?\[((?:[^[\]]|\[(?:[^[\]]|\[[^[\]]*\])*\])*)\]\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
/** Reference definitions, `[name]: target`. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/gm;
/** Links and images written as HTML. */
const HTML_LINK = /<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;

/** Every link and image target in `markdown` (code excluded), with the line it is on. */
export function markdownLinks(markdown: string): { target: string; line: number }[] {
  const text = withoutCode(markdown);
  const found: { target: string; line: number; index: number }[] = [];
  const inline = (source: string, offset: number) => {
    for (const match of source.matchAll(INLINE_LINK)) {
      const index = offset + match.index;
      found.push({ target: unbracket(match[2]!), line: lineOf(text, index), index });
      // A link's words may hold an image: [![alt](picture.png)](page.md).
      inline(match[1]!, index + match[0].indexOf('[') + 1);
    }
  };
  inline(text, 0);
  for (const pattern of [DEFINITION, HTML_LINK]) {
    for (const match of text.matchAll(pattern)) {
      found.push({
        target: unbracket(match[1]!),
        line: lineOf(text, match.index),
        index: match.index,
      });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ target, line }) => ({ target, line }));
}

const unbracket = (target: string) =>
  target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;

/** The anchors of every heading in `markdown` as GitHub makes them, repeats numbered `-1`, `-2`. */
export function headingAnchors(markdown: string): Set<string> {
  const lines = withoutCode(markdown, { spans: false }).split('\n');
  const anchors = new Set<string>();
  const add = (slug: string) => {
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  };
  lines.forEach((line, index) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      add(githubSlug(atx[1] ?? ''));
      return;
    }
    const previous = lines[index - 1];
    const paragraphLine =
      previous !== undefined &&
      previous.trim() !== '' &&
      !/^ {0,3}(#|>|[-*+] |\d+[.)] |\|)/.test(previous) &&
      !previous.includes('|');
    if (/^ {0,3}(=+|-+)[ \t]*$/.test(line) && paragraphLine) add(githubSlug(previous));
  });
  for (const match of markdown.matchAll(/<[a-z][^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) {
    anchors.add(match[1]!);
  }
  return anchors;
}

/**
 * Every relative link and image in `files` (relative to `root`) whose target does not
 * exist, or whose `#anchor` names no heading of the target Markdown file. A target
 * starting with `/` is relative to the root, as on GitHub; addresses with a scheme
 * (`https:`, `mailto:`) and `//host` are not checked. `read` gives a file's text (tests
 * plant broken links through it).
 */
export function checkMarkdownLinks(
  root: string,
  files: string[],
  read: (file: string) => string = (file) => readFileSync(path.join(root, file), 'utf8'),
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let known = anchorsOf.get(file);
    if (!known) {
      known = headingAnchors(read(file));
      anchorsOf.set(file, known);
    }
    return known;
  };
  for (const file of files) {
    for (const { target, line } of markdownLinks(read(file))) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const problem = linkProblem(root, file, target, anchors);
      if (problem) broken.push({ file, line, link: target, problem });
    }
  }
  return broken;
}

function linkProblem(
  root: string,
  file: string,
  target: string,
  anchors: (file: string) => Set<string>,
): string | null {
  const hashAt = target.indexOf('#');
  const address = (hashAt === -1 ? target : target.slice(0, hashAt)).split('?')[0]!;
  const anchor = hashAt === -1 ? null : target.slice(hashAt + 1);
  let relative: string;
  try {
    const decoded = decodeURIComponent(address);
    relative =
      decoded === ''
        ? file
        : decoded.startsWith('/')
          ? path.posix.normalize(decoded.slice(1))
          : path.posix.join(path.posix.dirname(file), decoded);
  } catch {
    return 'the address is not valid percent-encoding';
  }
  if (relative.startsWith('..')) return 'the target is outside the project';
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return `no such file: ${relative}`;
  if (anchor === null || anchor === '') return null;
  if (statSync(absolute).isDirectory()) return `a folder has no headings: ${relative}`;
  // GitHub's line anchors (#L10) and the like in other files are not checked.
  if (!relative.endsWith('.md')) return null;
  const wanted = decodeURIComponent(anchor);
  return anchors(relative).has(wanted)
    ? null
    : `no heading of ${relative} has the anchor #${wanted}`;
}
