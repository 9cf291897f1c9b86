// notifications: the stored notifications, and the hub's negotiate.
import type { Handler } from '../../shared/handler.js';
import { recentNotifications } from './rules.js';

export const listNotifications: Handler<'listNotifications'> = async ({ services }) => ({
  status: 'success',
  statusCode: 200,
  data: (await recentNotifications(services.db)).map((n) => ({ message: n.message, createdAt: n.created_at.toISOString() })),
});

/**
 * The hub's negotiate, answered through Fastify like every other operation: its security
 * headers and CORS (a SignalR client on another origin sends it with credentials). It hands out
 * a connection token: never kept by a cache.
 */
export const negotiateNotificationHub: Handler<'negotiateNotificationHub'> = async ({ request, reply, services }) => {
  reply.header('Cache-Control', 'no-store');
  return services.hub.negotiate(new URL(request.url, 'http://server')) as never;
};
