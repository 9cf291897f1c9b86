/**
 * Resolves once the browser has shown the page's first contentful paint (at once if it has, or
 * if the page is hidden and will not paint), else after `timeoutMs`.
 *
 * A page the server sent is complete without its script; running the script's heavy part (its
 * route modules' requests, React taking the page over) before that paint is on screen only puts
 * it between the visitor and the page: on a slow phone the paint waits for the main thread, and
 * Lighthouse counts every request and task started before the paint as part of it (a run where
 * hydration happened to start first scored LCP 2.8 s where the others had 1.6 s).
 */
export function afterFirstPaint(timeoutMs = 2000): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
  if (painted() || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver(() => {
        if (painted()) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      // No paint timing: the frame after the next one has been produced.
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}
