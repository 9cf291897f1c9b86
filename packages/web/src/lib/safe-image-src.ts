/**
 * The address an `<img>` may load a cover from, or null. Only http(s) addresses, and same-origin
 * ones of other schemes (a `blob:` preview of a chosen file), get into `src`: a server string
 * such as `javascript:`, `data:` or `file:` never does.
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, window.location.href);
    const safe = url.protocol === 'http:' || url.protocol === 'https:' || url.origin === window.location.origin;
    return safe ? src : null;
  } catch {
    return null;
  }
}
