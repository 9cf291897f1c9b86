/** SWR keys of what the notifications feature reads. */
export const notificationKeys = {
  /** The bell's list; live messages are prepended to it. */
  list: ['notifications'] as const,
};
