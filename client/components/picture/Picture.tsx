import type { Picture as PictureContent } from '../../../shared/content-types.ts';
import './picture.css';
import { useI18n } from '../../i18n/useI18n.tsx';

interface PictureProps {
  image: PictureContent;
  /** How wide the picture is drawn, so the browser picks the smallest file that is sharp enough. */
  sizes: string;
  /** Pictures below the fold wait until they are scrolled near. */
  eager?: boolean;
  className?: string;
}

/** Screens at least this dense get files for two thirds of their density. */
const DENSE_SCREEN = '(min-resolution: 2.5dppx)';

/** Splits a sizes list at its commas, leaving those inside min(), calc() and the like. */
function sizeEntries(sizes: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < sizes.length; index += 1) {
    const char = sizes[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      entries.push(sizes.slice(start, index).trim());
      start = index + 1;
    }
  }
  entries.push(sizes.slice(start).trim());
  return entries.filter((entry) => entry !== '');
}

/** One entry's media condition and width: the width is its last token or function call. */
function splitEntry(entry: string): { condition: string; width: string } {
  if (!entry.endsWith(')')) {
    const space = entry.lastIndexOf(' ');
    return { condition: entry.slice(0, space + 1).trim(), width: entry.slice(space + 1) };
  }
  let depth = 0;
  let open = entry.length - 1;
  for (; open >= 0; open -= 1) {
    if (entry[open] === ')') depth += 1;
    else if (entry[open] === '(') depth -= 1;
    if (depth === 0) break;
  }
  const name = /[a-z-]+$/i.exec(entry.slice(0, open))?.[0] ?? '';
  const widthStart = open - name.length;
  return { condition: entry.slice(0, widthStart).trim(), width: entry.slice(widthStart) };
}

/**
 * Past about twice the CSS pixels the eye gains little on a phone, while the file grows with
 * the square of the density: a 3x phone would fetch 2.25 times the bytes of 2x. So on screens
 * of 2.5x and more every listed width counts as two thirds of itself, which leads the browser
 * to a file for 2x on a 3x phone. A browser that does not know `resolution` in a media query
 * skips those entries and uses the given ones.
 */
export function limitDensity(sizes: string): string {
  const entries = sizeEntries(sizes);
  const dense = entries.map((entry) => {
    const { condition, width } = splitEntry(entry);
    const scoped = /^not\b|\bor\b/i.test(condition) ? `(${condition})` : condition;
    return `${scoped ? `${scoped} and ` : ''}${DENSE_SCREEN} calc(${width} * 2 / 3)`;
  });
  return [...dense, ...entries].join(', ');
}

const srcSet = (files: Record<string, string>, widths: number[]) =>
  widths.map((width) => `${files[width]} ${width}w`).join(', ');

/**
 * One picture in all its widths, with its aspect ratio reserved so the page does not jump.
 * With AVIF files, browsers that read AVIF take those (about half the bytes) and the others
 * the `variants`; the <picture> around the <img> takes no part in layout (picture.css).
 */
export function Picture({ image, sizes, eager = false, className }: PictureProps) {
  const { lang, localized } = useI18n();
  const widths = Object.keys(image.variants)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths[widths.length - 1] ?? 0;
  const sizesList = limitDensity(sizes);
  // English alt text on a Filipino page says so, for screen readers' voice.
  const alt = localized(image.alt);
  const img = (
    <img
      className={className}
      src={image.variants[largest]}
      srcSet={srcSet(image.variants, widths)}
      sizes={sizesList}
      width={image.width}
      height={image.height}
      alt={alt.text}
      lang={alt.lang === lang ? undefined : alt.lang}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!image.avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.avif, widths)} sizes={sizesList} />
      {img}
    </picture>
  );
}
