// notifications: the stored notifications, and the hub's negotiate.
import { bearerToken, currentCaller } from '../../shared/caller.js';
import type { Handler } from '../../shared/handler.js';
import { notificationsFor, recentNotifications } from './rules.js';

/** Public: a valid bearer adds the caller's own messages; any other is a guest (never a 401). */
export const listNotifications: Handler<'listNotifications'> = async ({ request, services }) => {
  const caller = await currentCaller(services, bearerToken(request.headers.authorization));
  const rows = caller ? await notificationsFor(services.db, caller.id) : await recentNotifications(services.db);
  return {
    status: 'success',
    statusCode: 200,
    data: rows.map((n) => ({ message: n.message, createdAt: n.created_at.toISOString(), ...('user_id' in n && n.user_id ? { personal: true } : {}) })),
  };
};

/**
 * The hub's negotiate, answered through Fastify like every other operation: its security
 * headers and CORS (a SignalR client on another origin sends it with credentials). It hands out
 * a connection token: never kept by a cache.
 */
export const negotiateNotificationHub: Handler<'negotiateNotificationHub'> = async ({ request, reply, services }) => {
  reply.header('Cache-Control', 'no-store');
  const url = new URL(request.url, 'http://server');
  // The signed-in user (a revoked or expired token is a guest) is signed into the connection
  // token, so their connection also receives the messages meant for them.
  const caller = await currentCaller(services, bearerToken(request.headers.authorization) ?? url.searchParams.get('access_token'));
  return services.hub.negotiate(url, caller?.id) as never;
};
