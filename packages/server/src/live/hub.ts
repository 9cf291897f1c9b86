// The SignalR-protocol hub at /hubs/notification: the same module the mock serves (@pustak/hub).
import { HUB_PATH, createNotificationHub, type HubLogger, type NotificationHub } from '@pustak/hub';

export { HUB_PATH };
export type Hub = NotificationHub;

export function createHub(options: { pingIntervalMs?: number | undefined; log: HubLogger }): Hub {
  return createNotificationHub({ pingIntervalMs: options.pingIntervalMs ?? 15_000, log: options.log });
}
