// Public surface of the notifications feature: the live connection's provider (app root), the
// header bell, and the query keys. The live toast loads lazily from its own module.
export { LiveNotificationsProvider, TOAST_MS, useLiveNotifications } from './live-notifications';
export { NotificationBell } from './notification-bell';
export { notificationKeys } from './query-keys';
