import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new page starts at the top: when the route's path changes, the window scrolls up before the
 * new page paints. Not on the first render: a page just loaded is where the browser put it, and
 * a scroll then, after the visitor (or a test) has scrolled to a control, would move that
 * control from under their click (a run clicked the page's container instead of Submit Review).
 */
export function useScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}
