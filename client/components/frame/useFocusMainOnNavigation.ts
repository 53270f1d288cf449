import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a client-side navigation to another page, move focus to the main content so
 * keyboard and screen-reader users start on the new page, as they would after a full load.
 * Comparing with the last path (not counting renders) keeps the first load, and React's
 * doubled effects in development, from stealing focus.
 */
export function useFocusMainOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const focusedPath = useRef(pathname);
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}
