// The SignalR-protocol hub at /hubs/notification: the same module the mock serves (@pustak/hub).
// Negotiate hands out a signed, short-lived connection token (HMAC with a key derived from the
// server's secret), so any instance sharing the secret accepts it: no sticky sessions.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HUB_PATH, createNotificationHub, type ConnectionTokens, type HubLogger, type NotificationHub } from '@pustak/hub';
import type { Clock } from '../clock.js';

export { HUB_PATH };
export type Hub = NotificationHub;

/** How long a negotiated token may wait for its WebSocket. */
export const CONNECTION_TOKEN_LIFETIME_MS = 60_000;

/**
 * Tokens signed with the server's secret: `{expires}.{nonce}.{userId}.{mac}`. The user is the
 * one negotiate identified from a valid bearer (empty for a guest); the signature keeps anyone
 * from writing another user's id into a token.
 */
export function signedConnectionTokens(secret: string, clock: Clock, lifetimeMs = CONNECTION_TOKEN_LIFETIME_MS): ConnectionTokens {
  const key = createHmac('sha256', secret).update('pustak hub connection token v2').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    issue(userId) {
      const body = `${(clock.now().getTime() + lifetimeMs).toString(36)}.${randomBytes(12).toString('base64url')}.${userId ?? ''}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    accept(token) {
      const [expires, nonce, userId, signature, ...rest] = token.split('.');
      if (!expires || !nonce || userId === undefined || !signature || rest.length > 0) return false;
      const expected = mac(`${expires}.${nonce}.${userId}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const until = parseInt(expires, 36);
      if (!(Number.isFinite(until) && clock.now().getTime() <= until)) return false;
      return userId ? { userId } : true;
    },
  };
}

export function createHub(options: {
  pingIntervalMs?: number | undefined;
  handshakeTimeoutMs?: number | undefined;
  maxConnectionsPerAddress?: number | undefined;
  log: HubLogger;
  connectionTokens?: ConnectionTokens;
  addressOf?: (req: IncomingMessage) => string;
  originAllowed?: (req: IncomingMessage) => boolean;
}): Hub {
  const { pingIntervalMs, handshakeTimeoutMs, maxConnectionsPerAddress, ...rest } = options;
  return createNotificationHub({
    ...rest,
    pingIntervalMs: pingIntervalMs ?? 15_000,
    ...(handshakeTimeoutMs !== undefined ? { handshakeTimeoutMs } : {}),
    ...(maxConnectionsPerAddress !== undefined ? { maxConnectionsPerAddress } : {}),
  });
}
