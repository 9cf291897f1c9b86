import type { Notification, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Stored notifications (the header bell); live ones arrive through `connectNotifications`. */
export interface NotificationsApi {
  /** `listNotifications` — public, newest first. */
  list(options?: RequestOptions): Promise<Notification[]>;
}

export function notificationsApi(raw: RawClient): NotificationsApi {
  return {
    list: async (options) => (await unwrap(raw.GET('/notification/all', init(options)))).data,
  };
}
