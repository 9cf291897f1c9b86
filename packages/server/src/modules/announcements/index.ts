// The announcements module's public face: its handlers, the banner palette read from the
// contract, and the active banner the server's web pages carry.
export * as handlers from './handlers.js';
export { cachedActiveAnnouncement } from './handlers.js';
export { paletteFromContract, type BannerPalette } from './banner-colors.js';
