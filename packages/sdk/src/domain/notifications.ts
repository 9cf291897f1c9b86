import { type DateInput, timestampMs } from './timestamps.js';

/** The part of a notification the unread rule reads (the generated Notification fits). */
export type DatedNotification = { createdAt?: DateInput };

/** The newest createdAt among the notifications in ms (0 when none is dated): the mark stored once the list is seen. */
export function newestNotificationMs(items: readonly DatedNotification[]): number {
  return items.reduce((newest, item) => {
    const ms = timestampMs(item.createdAt);
    return Number.isNaN(ms) ? newest : Math.max(newest, ms);
  }, 0);
}

/** True when a notification is newer than `seenMs`, the newest one the reader had when they last opened the list. */
export function hasUnreadNotifications(items: readonly DatedNotification[], seenMs: number): boolean {
  return newestNotificationMs(items) > seenMs;
}
