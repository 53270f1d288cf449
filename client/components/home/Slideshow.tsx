import { useEffect, useState, type ReactNode } from 'react';
import type { Picture as PictureContent } from '../../../server/content/schema.ts';
import { useHydrated } from '../content/useHydrated.ts';
import { usePrefersReducedMotion } from '../content/usePrefersReducedMotion.ts';
import { Picture } from '../picture/Picture.tsx';

/** The original's interval. */
export const SLIDE_INTERVAL_MS = 10_000;

/**
 * The home page's background pictures. The first one is in the server HTML; the others
 * stay hidden, and unloaded, until their turn. Rotation stops under reduced motion and
 * with the pause button (WCAG 2.2.2).
 */
export function Slideshow({ slides, children }: { slides: PictureContent[]; children: ReactNode }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const rotating = !paused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % slides.length),
      SLIDE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [rotating, slides.length]);

  return (
    <div className="slideshow">
      <div className="slides">
        {slides.map((slide, slideIndex) => (
          <Picture
            key={Object.values(slide.variants)[0]}
            image={slide}
            sizes="100vw"
            eager={slideIndex === 0}
            className={slideIndex === index ? 'slide is-current' : 'slide'}
          />
        ))}
      </div>
      <div className="slideshow-overlay">{children}</div>
      {hydrated && !reducedMotion ? (
        <button type="button" className="slideshow-toggle" onClick={() => setPaused(!paused)}>
          {paused ? 'Play slideshow' : 'Pause slideshow'}
        </button>
      ) : null}
    </div>
  );
}
