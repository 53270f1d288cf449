// Run by markdown-bench.mjs under tsx: how long the news renderer takes on the texts that
// stalled or crashed the parser the site used before (issue 30), at a quarter and at the
// whole of a news text's length. Prints one JSON line.
import { renderNewsMarkdown } from '../../shared/markdown.ts';
import { NEWS_LIMITS } from '../../shared/news/news.ts';

const repeated = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

const INPUTS: [string, (length: number) => string][] = [
  ['`*a_` repeated', (length) => repeated('*a_', length)],
  ['`**a` repeated', (length) => repeated('**a', length)],
  ['`[` repeated', (length) => repeated('[', length)],
  ['`![` repeated', (length) => repeated('![', length)],
  ['`*_` repeated', (length) => repeated('*_', length)],
  ['`>` repeated (refused)', (length) => repeated('>', length)],
  ['`` `a `` repeated', (length) => repeated('`a', length)],
  ['`[a](` repeated', (length) => repeated('[a](', length)],
];

/** The median of nine renders, in milliseconds, after one to warm up. */
function medianMs(text: string): number {
  renderNewsMarkdown(text);
  const times = Array.from({ length: 9 }, () => {
    const start = performance.now();
    renderNewsMarkdown(text);
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[4]!;
}

const full = NEWS_LIMITS.text;
console.log(
  JSON.stringify(
    INPUTS.map(([name, make]) => ({
      name,
      quarterMs: medianMs(make(full / 4)),
      fullMs: medianMs(make(full)),
    })),
  ),
);
