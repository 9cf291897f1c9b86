// The notifications module's public face: its handlers, the recent notifications (the dashboard
// shows them), and `messageUser`, the way any rule sends a message to one user.
export * as handlers from './handlers.js';
export { messageUser, recentNotifications, type UserMessage } from './rules.js';
