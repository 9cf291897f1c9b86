// The stored notifications (what the hub announced live, kept for the list and the dashboard).
import type { Db } from '../../shared/context.js';

export const NOTIFICATION_LIST_LIMIT = 100;

export function recentNotifications(db: Db, limit = NOTIFICATION_LIST_LIMIT) {
  return db.selectFrom('notifications').select(['message', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}
