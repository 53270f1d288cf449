import type { Picture as PictureContent } from '../../../server/content/schema.ts';

interface PictureProps {
  image: PictureContent;
  /** How wide the picture is drawn, so the browser picks the smallest file that is sharp enough. */
  sizes: string;
  /** Pictures below the fold wait until they are scrolled near. */
  eager?: boolean;
  className?: string;
}

/** One picture in all its widths, with its aspect ratio reserved so the page does not jump. */
export function Picture({ image, sizes, eager = false, className }: PictureProps) {
  const widths = Object.keys(image.variants)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths[widths.length - 1] ?? 0;
  return (
    <img
      className={className}
      src={image.variants[largest]}
      srcSet={widths.map((width) => `${image.variants[width]} ${width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
