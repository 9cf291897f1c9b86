// The live connection's reconnect policy, on a clock the test controls: after a drop it tries
// again after 0, 2, 10 and 30 s (RECONNECT_DELAYS_MS) and then stays closed. The hub is the
// mock's own, behind a switch that makes it refuse every request, so each try can be counted.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNotificationHub, HUB_PATH } from '@pustak/hub';
import { RECONNECT_DELAYS_MS } from '../src/index.js';
import { connectNotifications, type ConnectionState } from '../src/notifications.js';

const quiet = { info() {}, warn() {}, error() {}, log() {} };

/** The mock hub on its own server; `refuse()` drops every connection and answers 503 from then on. */
async function switchableHub() {
  const hub = createNotificationHub({ pingIntervalMs: 15_000, log: quiet });
  let refusing = false;
  let refused = 0;
  const server = createServer((req, res) => {
    if (refusing) {
      refused += 1;
      res.writeHead(503).end();
      return;
    }
    hub.handleRequest(req, res, new URL(`http://hub${req.url ?? '/'}`));
  });
  server.on('upgrade', (req, socket, head) => {
    if (refusing) socket.destroy();
    else hub.handleUpgrade(req, socket, head, new URL(`http://hub${req.url ?? '/'}`));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${HUB_PATH}`,
    refuse() {
      refusing = true;
      return hub.dropAll();
    },
    /** Reconnect tries since `refuse()` (each starts with a negotiate request). */
    get tries() {
      return refused;
    },
    async close() {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live notifications reconnect cap', () => {
  it('tries again after 0, 2, 10 and 30 s, then stays closed and says so', async () => {
    const hub = await switchableHub();
    const states: ConnectionState[] = [];
    const logger = { error: vi.fn(), warn: vi.fn() };
    const connection = connectNotifications({
      url: hub.url,
      onMessage: () => undefined,
      onStateChange: (state) => states.push(state),
      logger,
    });
    try {
      await expect(connection.started).resolves.toBe(true);
      // From here the reconnect delays run on the test's clock; sockets and requests stay real.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      expect(hub.refuse()).toBe(1);
      await vi.waitFor(() => expect(states.at(-1)).toBe('Reconnecting'));

      let waited = 0;
      for (const [index, delay] of RECONNECT_DELAYS_MS.entries()) {
        // The next try waits for its whole delay...
        if (delay > 0) {
          await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
          await vi.advanceTimersByTimeAsync(delay - 1);
          expect(hub.tries).toBe(index);
        }
        // ...and starts as soon as it is over.
        await vi.advanceTimersByTimeAsync(delay > 0 ? 1 : 0);
        waited += delay;
        await vi.waitFor(() => expect(hub.tries).toBe(index + 1));
      }
      expect(waited).toBe(42_000);

      await vi.waitFor(() => expect(states.at(-1)).toBe('Disconnected'));
      expect(connection.state).toBe('Disconnected');
      expect(logger.error).toHaveBeenCalledWith('[pustak] live notifications closed', undefined);

      // Nothing is retried later, however long the page stays open.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(hub.tries).toBe(RECONNECT_DELAYS_MS.length);
      expect(states.filter((state) => state === 'Reconnecting')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await connection.stop();
      await hub.close();
    }
  });
});
