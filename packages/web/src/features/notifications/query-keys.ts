/** SWR keys of what the notifications feature reads. */
export const notificationKeys = {
  /** The bell's list; live messages are prepended to it. */
  list: ['notifications'] as const,
  /** The list as this reader sees it: a signed-in user's own messages beside the public ones. */
  listFor: (userId: string | null) => [...notificationKeys.list, userId ?? 'guest'] as const,
};

/** Whether an SWR key is one of the bell's lists (any reader's). */
export const isNotificationList = (key: unknown) => Array.isArray(key) && key[0] === notificationKeys.list[0];
