import type { ConnectNotificationsOptions, ConnectionState, NotificationConnection } from '@pustak/sdk';

/**
 * The SDK's connectNotifications, fetched on first use: the live connection opens after
 * first paint anyway, so neither it nor the SignalR client weighs on the first page load.
 */
export function connectNotificationsLazily(options: ConnectNotificationsOptions): NotificationConnection {
  let stopped = false;
  let connection: NotificationConnection | null = null;
  const opened = import('@pustak/sdk/live').then(({ connectNotifications }) => {
    if (!stopped) connection = connectNotifications(options);
    return connection;
  });
  return {
    get state(): ConnectionState {
      return connection?.state ?? 'Disconnected';
    },
    started: opened.then((c) => (c ? c.started : false)).catch(() => false),
    async stop() {
      stopped = true;
      const c = await opened.catch(() => null);
      await c?.stop();
    },
  };
}
