import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startMock } from '@pustak/mock';
import { connectNotifications, type ConnectionState, type NotificationConnection } from '../src/notifications.js';

type RunningMock = Awaited<ReturnType<typeof startMock>>;
const quiet = { info() {}, warn() {}, error() {}, log() {} };

let mock: RunningMock | undefined;
const open: NotificationConnection[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(open.map((c) => c.stop()));
  await mock?.close();
});

function hubUrl(): string {
  if (!mock) throw new Error('mock not started');
  return `${mock.url}/hubs/notification`;
}

async function control(name: 'broadcast' | 'drop', body?: object): Promise<void> {
  const response = await fetch(`${mock?.url}/__mock/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(response.status).toBe(200);
}

function recorder() {
  const messages: [string, string][] = [];
  const states: ConnectionState[] = [];
  const logger = { error: vi.fn(), warn: vi.fn() };
  return {
    messages,
    states,
    logger,
    options: {
      onMessage: (sender: string, text: string) => messages.push([sender, text]),
      onStateChange: (state: ConnectionState) => states.push(state),
      logger,
    },
  };
}

describe('connectNotifications against the mock hub', () => {
  it('receives broadcasts, reports every state and reconnects after a drop', async () => {
    const r = recorder();
    const connection = connectNotifications({ url: hubUrl(), ...r.options });
    open.push(connection);
    expect(r.states).toEqual(['Connecting']);

    await expect(connection.started).resolves.toBe(true);
    expect(connection.state).toBe('Connected');

    await control('broadcast', { sender: 'Admin', text: 'New book added! Palpasa Cafe' });
    await vi.waitFor(() => expect(r.messages).toEqual([['Admin', 'New book added! Palpasa Cafe']]));

    await control('drop');
    await vi.waitFor(() => expect(r.states).toEqual(['Connecting', 'Connected', 'Reconnecting', 'Connected']), {
      timeout: 5000,
    });
    await control('broadcast', { sender: 'Purchased Book', text: 'sita has purchased the book ' });
    await vi.waitFor(() => expect(r.messages).toHaveLength(2));
    expect(r.messages[1]).toEqual(['Purchased Book', 'sita has purchased the book ']);

    await connection.stop();
    expect(connection.state).toBe('Disconnected');
    expect(r.states.slice(-2)).toEqual(['Disconnecting', 'Disconnected']);
    expect(r.logger.error).not.toHaveBeenCalled();
    expect(r.logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^\[signalr\] /));
  });

  it('logs a failed start instead of throwing', async () => {
    const closed = await listenOnce((_req, res) => res.destroy());
    const url = `http://127.0.0.1:${closed.port}/hubs/notification`;
    await closed.close();
    const r = recorder();

    const connection = connectNotifications({ url, ...r.options });

    await expect(connection.started).resolves.toBe(false);
    expect(connection.state).toBe('Disconnected');
    expect(r.states).toEqual(['Connecting', 'Disconnected']);
    expect(r.logger.error).toHaveBeenCalledWith('[pustak] live notifications failed to start', expect.any(Error));
    await expect(connection.stop()).resolves.toBeUndefined();
  });

  it('sends the bearer token from accessTokenFactory when negotiating', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = await listenOnce((req, res) => {
      seen.push(req.headers);
      res.writeHead(500).end('no hub here');
    });
    const r = recorder();
    try {
      const connection = connectNotifications({
        url: `http://127.0.0.1:${server.port}/hubs/notification`,
        accessTokenFactory: () => 'token-123',
        ...r.options,
      });
      await expect(connection.started).resolves.toBe(false);
      expect(seen[0]?.authorization).toBe('Bearer token-123');
      expect(seen[0]?.['x-requested-with']).toBe('XMLHttpRequest');
    } finally {
      await server.close();
    }
  });

  it('stop() before the connection is up cancels it quietly', async () => {
    const r = recorder();
    const connection = connectNotifications({ url: hubUrl(), ...r.options });

    await connection.stop();

    await expect(connection.started).resolves.toBe(false);
    expect(connection.state).toBe('Disconnected');
    expect(r.states.at(-1)).toBe('Disconnected');
    expect(r.logger.error).not.toHaveBeenCalled();
  });
});

async function listenOnce(handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
