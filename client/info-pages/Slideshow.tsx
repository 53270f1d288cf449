import { useEffect, useState, type ReactNode } from 'react';
import type { Picture as PictureContent } from '../../shared/content-types.ts';
import { useHydrated } from '../components/content/useHydrated.ts';
import { usePrefersReducedMotion } from '../components/content/usePrefersReducedMotion.ts';
import { Picture } from '../components/picture/Picture.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

/** The original's interval. */
export const SLIDE_INTERVAL_MS = 10_000;

/** The slide frame's shape and tallest height (`.slides` in info-pages.css). */
const FRAME_RATIO = 16 / 9;
const FRAME_MAX_HEIGHT_REM = 32;

const round = (value: number) => Number(value.toFixed(2));

/**
 * How wide a slide is drawn. The frame covers itself with the picture, so a picture wider
 * than 16:9 is cut at its sides and drawn wider than the screen: 1600x700 is 129% of the
 * screen's width on a phone, and its full 32rem height times its ratio once the frame stops
 * growing in height. Saying only 100vw would pick a file too narrow for its drawn width.
 */
export function slideSizes(slide: PictureContent): string {
  const ratio = slide.width / slide.height;
  if (ratio <= FRAME_RATIO) return '100vw';
  const fullHeightFrom = round(FRAME_MAX_HEIGHT_REM * FRAME_RATIO);
  const drawnAtFullHeight = round(FRAME_MAX_HEIGHT_REM * ratio);
  return [
    `(min-width: ${drawnAtFullHeight}rem) 100vw`,
    `(min-width: ${fullHeightFrom}rem) ${drawnAtFullHeight}rem`,
    `${round((100 * ratio) / FRAME_RATIO)}vw`,
  ].join(', ');
}

/**
 * The home page's background pictures. The first one is in the server HTML; the others
 * stay hidden, and unloaded, until their turn. Rotation stops under reduced motion and
 * with the pause button (WCAG 2.2.2).
 */
export function Slideshow({ slides, children }: { slides: PictureContent[]; children: ReactNode }) {
  const { t } = useI18n();
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
            sizes={slideSizes(slide)}
            eager={slideIndex === 0}
            className={slideIndex === index ? 'slide is-current' : 'slide'}
          />
        ))}
      </div>
      <div className="slideshow-overlay">{children}</div>
      {hydrated && !reducedMotion ? (
        <button type="button" className="slideshow-toggle" onClick={() => setPaused(!paused)}>
          {t(paused ? 'home.playSlideshow' : 'home.pauseSlideshow')}
        </button>
      ) : null}
    </div>
  );
}
