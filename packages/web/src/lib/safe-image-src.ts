/**
 * The address an `<img>` may load a cover from, or null. Only http(s) addresses, and same-origin
 * ones of other schemes (a `blob:` preview of a chosen file), get into `src`: a server string
 * such as `javascript:`, `data:` or `file:` never does.
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  // On a server (a page rendered with its data) a relative address resolves against a placeholder
  // origin: it is http(s) there as in the browser, and a same-origin blob: exists only in a browser.
  const here = typeof window === 'undefined' ? null : window.location;
  try {
    const url = new URL(src, here?.href ?? 'http://server.invalid/');
    const safe = url.protocol === 'http:' || url.protocol === 'https:' || (here !== null && url.origin === here.origin);
    return safe ? src : null;
  } catch {
    return null;
  }
}
