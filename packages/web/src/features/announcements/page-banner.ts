import { type ActiveAnnouncement } from '@pustak/sdk';
import { unstable_serialize } from 'swr';
import { announcementKeys } from './query-keys';

/** The JSON block a served page carries the banner in (packages/server/src/plugins/web-build-pages.ts, build/prerender.ts). */
const BANNER_DATA_ID = 'pustak-banner';

/**
 * The banner the server sent with the page, as SWR's `fallback` for the banner's key: the first
 * render shows it without asking. Empty when the page carries none (the dev server without an
 * API, tests); the banner is then fetched.
 */
export function pageBannerFallback(doc: Document = document): Record<string, ActiveAnnouncement> {
  const text = doc.getElementById(BANNER_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return { [unstable_serialize(announcementKeys.active)]: JSON.parse(text) as ActiveAnnouncement };
  } catch {
    return {};
  }
}
