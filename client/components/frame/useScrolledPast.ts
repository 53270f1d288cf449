import { useEffect, useState } from 'react';

/** The original's threshold for the back-to-top and login buttons. */
export const SCROLL_THRESHOLD_PX = 100;

/** True once the page is scrolled more than the threshold; always false on the server. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
