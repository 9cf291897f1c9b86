// The announcements module's public face: its handlers and the active banner the server's web
// pages carry.
export * as handlers from './handlers.js';
export { cachedActiveAnnouncement } from './handlers.js';
