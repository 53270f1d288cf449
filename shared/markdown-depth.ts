/*
 * How deep a Markdown text nests quotations and lists, counted before any parser sees it
 * (issue 30: 20,000 `>` overflowed the stack of the parser the site used then). Here, not in
 * shared/markdown.ts, so the staff form's checks (shared/news/news.ts) reach the browser
 * without the parser.
 */

/** Quotations and lists nest at most this deep; news texts need three or four. */
export const MARKDOWN_MAX_DEPTH = 12;

const isBlank = (char: string | undefined) => char === undefined || char === ' ' || char === '\t';
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * A line of three or more `-`, `*` or `_` and spaces is a rule (`* * *`), not nested
 * lists: counted as nothing.
 */
function isThematicBreak(line: string): boolean {
  let mark: string | undefined;
  let marks = 0;
  for (const char of line) {
    if (char === ' ' || char === '\t') continue;
    if (mark === undefined && (char === '-' || char === '*' || char === '_')) mark = char;
    if (char !== mark) return false;
    marks += 1;
  }
  return marks >= 3;
}

/** The containers one line can open: each `>` and list marker at its start, and every two columns of indentation (a nested item is indented at least two). */
function lineDepth(line: string): number {
  if (isThematicBreak(line)) return 0;
  let depth = 0;
  let columns = 0;
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else if (char === '>') {
      depth += 1;
      // The one space after a marker belongs to it, not to the indentation.
      if (line[at + 1] === ' ') at += 1;
    } else if ((char === '-' || char === '*' || char === '+') && isBlank(line[at + 1])) {
      depth += 1;
      at += 1;
    } else if (isDigit(char)) {
      // An ordered item's number has at most nine digits (CommonMark), then `.` or `)`.
      let end = at;
      while (end - at < 10 && isDigit(line[end])) end += 1;
      if ((line[end] !== '.' && line[end] !== ')') || !isBlank(line[end + 1])) break;
      depth += 1;
      at = end + 1;
    } else break;
    at += 1;
  }
  return depth + Math.floor(columns / 2);
}

/**
 * The deepest any line of the text could nest, in one pass over it. It bounds rather than
 * parses, so it may count more than a parser would (indented code counts its indentation),
 * never less. A line ends at `\n` or `\r`, as it does for the parser.
 */
export function markdownDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split(/\r\n?|\n/)) deepest = Math.max(deepest, lineDepth(line));
  return deepest;
}
