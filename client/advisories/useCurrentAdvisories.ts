import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Advisory } from '../../shared/advisories/advisories.ts';
import { getJson } from '../api-client.ts';

/**
 * The advisories to show as banners: those the server rendered with the page, then, after
 * each navigation inside the browser, those running now. The root's data loads once per
 * full page load, so without this a resident moving from page to page with JavaScript
 * would keep the banners of their first page. `/api/advisories` is answered from the
 * render cache, so a navigation adds one small cached read. Comparing with the last path
 * keeps the first load, and React's doubled effects in development, from asking.
 */
export function useCurrentAdvisories(rendered: readonly Advisory[]): readonly Advisory[] {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState(rendered);
  const askedFor = useRef(pathname);
  useEffect(() => {
    if (askedFor.current === pathname) return;
    askedFor.current = pathname;
    const abort = new AbortController();
    getJson<Advisory[]>('/api/advisories', abort.signal).then(setCurrent, () => {
      // Offline or refused: the banners already shown stay until the next page.
    });
    return () => abort.abort();
  }, [pathname]);
  return current;
}
