// The notifications module's public face: its handlers, and the recent notifications (the dashboard shows them).
export * as handlers from './handlers.js';
export { recentNotifications } from './rules.js';
