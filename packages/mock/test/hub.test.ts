// The live notification hub, first through the real @microsoft/signalr client the SDK uses,
// then on the wire, where the SignalR JSON protocol details are visible.
import { HubConnectionBuilder, HubConnectionState, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';
// @ts-expect-error plain ESM script without type declarations
import { waitFor } from '@pustak/dev-tools/wait-for';

// The hub needs no API: every mock here answers it from the run's shared Prism (mock-global.ts).
const prismUrl = inject('prismUrl');
const quiet = { info() {}, warn() {}, error() {} };
const RS = '\x1e';
const PING_INTERVAL_MS = 200;

type Mock = { url: string; port: number; close(): Promise<void> };
type Received = [sender: string, text: string];

let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0, prismUrl, hubPingIntervalMs: PING_INTERVAL_MS, log: quiet });
});

afterAll(async () => {
  await mock?.close();
});

async function control(path: string, init?: RequestInit) {
  const response = await fetch(`${mock.url}/__mock/${path}`, init);
  return { status: response.status, body: await response.json() };
}

const broadcast = (sender: string, text: string) =>
  control('broadcast', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sender, text }),
  });

const clients = async () => (await control('health')).body.clients as number;

/**
 * Waits for `check` without timers (they may be fake): yields to pending I/O with
 * setImmediate until it holds, failing after a real-time deadline.
 */
async function settle(check: () => boolean, what: string) {
  const deadline = performance.now() + 10_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('hub with the @microsoft/signalr client', () => {
  let connection: HubConnection;
  const received: Received[] = [];

  beforeAll(async () => {
    connection = new HubConnectionBuilder()
      .withUrl(`${mock.url}/hubs/notification`, { transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect([0, 2000, 10000, 30000])
      .configureLogging(LogLevel.None)
      .build();
    connection.on('ReceiveMessage', (sender: string, text: string) => received.push([sender, text]));
    await connection.start();
  });

  afterAll(async () => {
    await connection?.stop();
  });

  it('connects over WebSockets after negotiating', async () => {
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await clients()).toBe(1);
  });

  it('delivers a /__mock/broadcast as ReceiveMessage(sender, text)', async () => {
    const { body } = await broadcast('Admin', 'New book added! Palpasa Cafe');
    expect(body).toEqual({ delivered: 1 });
    await waitFor(() => received.length === 1, { what: 'the broadcast' });
    expect(received[0]).toEqual(['Admin', 'New book added! Palpasa Cafe']);
  });

  it('reconnects by itself after /__mock/drop and receives again', async () => {
    let reconnected = false;
    connection.onreconnected(() => {
      reconnected = true;
    });
    const { body } = await control('drop', { method: 'POST' });
    expect(body).toEqual({ dropped: 1 });

    await waitFor(() => reconnected, { what: 'the automatic reconnect' });
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(await clients()).toBe(1);

    await broadcast('Purchased Book', 'sita has purchased the book ');
    await waitFor(() => received.length === 2, { what: 'the broadcast after reconnecting' });
    expect(received[1]).toEqual(['Purchased Book', 'sita has purchased the book ']);
  });

  it('keeps an otherwise silent connection alive with the server pings', async () => {
    // The client gives up after five ping intervals without a message from the server. Both
    // clocks (the hub's pinger and the client's server timeout) are fake and advanced one
    // interval at a time, each step waiting until the client has read the ping: twelve
    // intervals pass with no wall-clock luck involved, and a hub that stopped pinging would
    // let the client time out at the fifth.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let recordsRead = 0;
    const quietConnection = new HubConnectionBuilder()
      .withUrl(`${mock.url}/hubs/notification`, { transport: HttpTransportType.WebSockets })
      .withServerTimeout(PING_INTERVAL_MS * 5)
      .withKeepAliveInterval(PING_INTERVAL_MS)
      .configureLogging({
        log(_level, message) {
          if (message.startsWith('(WebSockets transport) data received.')) recordsRead += 1;
        },
      })
      .build();
    let closedWith: Error | undefined | null = null;
    quietConnection.onclose((error) => {
      closedWith = error;
    });
    try {
      await quietConnection.start();
      for (let interval = 1; interval <= 12; interval += 1) {
        const before = recordsRead;
        vi.advanceTimersByTime(PING_INTERVAL_MS);
        await settle(() => recordsRead > before || closedWith !== null, `the ping of interval ${interval}`);
        expect(closedWith, `closed after ${interval} intervals`).toBeNull();
      }
      expect(quietConnection.state).toBe(HubConnectionState.Connected);
    } finally {
      vi.useRealTimers();
      await quietConnection.stop();
    }
  });
});

/** Every raw socket a test opened, cut after it. */
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

async function negotiate(query = '?negotiateVersion=1', base = mock.url) {
  const response = await fetch(`${base}/hubs/notification/negotiate${query}`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer any-token' },
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Opens the WebSocket and collects every record the server sends. */
async function open(id: string | null, base = mock.url, options: { origin?: string } = {}) {
  const query = id === null ? '' : `?id=${encodeURIComponent(id)}&access_token=ignored`;
  const socket = new WebSocket(`${base.replace('http', 'ws')}/hubs/notification${query}`, options);
  sockets.push(socket);
  const records: string[] = [];
  const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
  socket.on('message', (data) => {
    for (const record of data.toString().split(RS).filter(Boolean)) {
      records.push(record);
    }
  });
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  return { socket, records, closed };
}

async function joined(handshake = '{"protocol":"json","version":1}', base = mock.url) {
  const { connectionToken } = await negotiate(undefined, base);
  const hub = await open(connectionToken, base);
  hub.socket.send(handshake + RS);
  await waitFor(() => hub.records.length > 0, { what: 'the handshake answer' });
  return hub;
}

describe('hub on the wire', () => {
  it('negotiates version 1 with a connection token and WebSockets only', async () => {
    const body = await negotiate();
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      connectionToken: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('negotiates version 0 for old clients, who connect with the connection id', async () => {
    const body = await negotiate('');
    expect(body).toEqual({ negotiateVersion: 0, connectionId: expect.any(String), availableTransports: expect.any(Array) });
    const hub = await open(body.connectionId);
    expect(hub.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('answers the JSON protocol handshake with {} and a record separator', async () => {
    const hub = await joined();
    expect(hub.records[0]).toBe('{}');
    await waitFor(async () => (await clients()) === 1, { what: 'the health count to include the client' });
  });

  it('sends a ping record at each interval after the handshake, and none before', async () => {
    // The hub's pinger runs on a fake clock. Whether a ping went out before its time is read
    // from the order of records: a broadcast sent as a marker arrives after any earlier ping.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const hub = await joined();
      const pings = () => hub.records.filter((record) => record === '{"type":6}').length;
      for (let n = 1; n <= 3; n += 1) {
        vi.advanceTimersByTime(PING_INTERVAL_MS - 1);
        const marker = `marker ${n}`;
        await broadcast('Test', marker);
        await waitFor(() => hub.records.some((record) => record.includes(marker)), { what: marker });
        expect(pings(), `pings just before interval ${n} ends`).toBe(n - 1);
        vi.advanceTimersByTime(1);
        await waitFor(() => pings() === n, { what: `ping ${n}` });
      }
      expect(hub.records[0]).toBe('{}');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a protocol other than json, with the reason in the handshake answer', async () => {
    const { connectionToken } = await negotiate();
    const hub = await open(connectionToken);
    hub.socket.send('{"protocol":"messagepack","version":1}' + RS);
    await hub.closed;
    expect(hub.records).toEqual([JSON.stringify({ error: "The protocol 'messagepack' is not supported." })]);
  });

  it('closes the socket when the client sends a close message', async () => {
    const hub = await joined();
    hub.socket.send('{"type":7}' + RS);
    expect(await hub.closed).toBe(1000);
    await waitFor(async () => (await clients()) === 0, { what: 'the client to leave' });
  });

  it('answers an invocation of a hub method with a completion error', async () => {
    const hub = await joined();
    hub.socket.send('{"type":1,"invocationId":"7","target":"SendMessage","arguments":["hi"]}' + RS);
    await waitFor(() => hub.records.some((record) => record.includes('"type":3')), { what: 'the completion' });
    expect(JSON.parse(hub.records.find((record) => record.includes('"type":3'))!)).toEqual({
      type: 3,
      invocationId: '7',
      error: "Failed to invoke 'SendMessage' due to an error on the server. HubException: Method does not exist.",
    });
  });

  it('rejects a connection token that negotiate did not hand out, or one used twice', async () => {
    await expect(open('made-up')).rejects.toThrow('Unexpected server response: 404');
    const { connectionToken } = await negotiate();
    await open(connectionToken);
    await expect(open(connectionToken)).rejects.toThrow('Unexpected server response: 404');
  });

  it('refuses clients that skip negotiation', async () => {
    await expect(open(null)).rejects.toThrow('Unexpected server response: 404');
  });

  it('broadcasts only to clients that completed the handshake', async () => {
    const ready = await joined();
    const waiting = await open((await negotiate()).connectionToken);
    expect((await broadcast('Admin', 'New book added! Muna Madan')).body).toEqual({ delivered: 1 });
    // Pings (every 200 ms here) may come before or after it: only the other records count.
    const notPings = () => ready.records.filter((record) => record !== '{"type":6}');
    await waitFor(() => notPings().length >= 2, { what: 'the broadcast' });
    expect(notPings().map((record) => JSON.parse(record))).toEqual([
      {},
      { type: 1, target: 'ReceiveMessage', arguments: ['Admin', 'New book added! Muna Madan'] },
    ]);
    expect(waiting.records).toEqual([]);
  });

  it('says which transport it supports when asked for another one', async () => {
    const response = await fetch(`${mock.url}/hubs/notification?id=x`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'This hub supports the WebSockets transport only.' });
  });
});

describe('hub limits', () => {
  // A mock each: the sockets one test leaves are cut by the client, and the gateway hears it a
  // moment later.
  const limitedMocks: Mock[] = [];
  const limitedMock = async (options: object) => {
    const started: Mock = await startMock({ port: 0, prismUrl, log: quiet, ...options });
    limitedMocks.push(started);
    return started;
  };
  afterAll(async () => {
    await Promise.all(limitedMocks.map((m) => m.close()));
  });

  it('closes a socket that has not sent its handshake in time (1008), and keeps one that has', async () => {
    const limited = await limitedMock({ hubHandshakeTimeoutMs: 300 });
    // The one that talks opens first: when the silent one is closed, its own deadline has passed too.
    const talker = await joined(undefined, limited.url);
    const silent = await open((await negotiate(undefined, limited.url)).connectionToken, limited.url);
    expect(await silent.closed).toBe(1008);
    expect(talker.socket.readyState).toBe(WebSocket.OPEN);
    const delivered = await fetch(`${limited.url}/__mock/broadcast`, { method: 'POST', body: JSON.stringify({ sender: 'Admin', text: 'still here' }) });
    expect(await delivered.json()).toEqual({ delivered: 1 });
  });

  it('refuses more sockets from one address than its cap (429), and takes one again when one closes', async () => {
    const CAP = 3;
    const limited = await limitedMock({ hubConnectionsPerAddress: CAP });
    const open3 = [];
    for (let i = 0; i < CAP; i += 1) open3.push(await joined(undefined, limited.url));
    await expect(open((await negotiate(undefined, limited.url)).connectionToken, limited.url)).rejects.toThrow('Unexpected server response: 429');
    open3[0]!.socket.close();
    await open3[0]!.closed;
    await waitFor(
      async () => {
        try {
          await open((await negotiate(undefined, limited.url)).connectionToken, limited.url);
          return true;
        } catch {
          return false;
        }
      },
      { what: 'a place under the cap again' },
    );
  });
});

describe('hub from a page on another origin', () => {
  const page = 'http://shop.example:8080';

  it('answers negotiate and its preflight with the origin and credentials allowed, and takes its WebSocket', async () => {
    const preflight = await fetch(`${mock.url}/hubs/notification/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-requested-with,x-signalr-user-agent' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(page);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-signalr-user-agent');
    const answer = await fetch(`${mock.url}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST', headers: { origin: page, 'x-requested-with': 'XMLHttpRequest' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(page);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    const hub = await open(((await answer.json()) as { connectionToken: string }).connectionToken, mock.url, { origin: page });
    hub.socket.send('{"protocol":"json","version":1}' + RS);
    await waitFor(() => hub.records[0] === '{}', { what: 'the handshake answer' });
  });
});

describe('hub controls', () => {
  it('requires text for a broadcast', async () => {
    const { status, body } = await control('broadcast', { method: 'POST', body: '{"sender":"Admin"}' });
    expect(status).toBe(400);
    expect(body.message).toContain('text is required');
  });

  it('names the right method and the known controls', async () => {
    expect((await control('drop')).status).toBe(405);
    const unknown = await control('reset', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('/__mock/broadcast');
  });
});

describe('sample notifications on a timer', () => {
  let timed: Mock;
  let connection: HubConnection | undefined;

  afterAll(async () => {
    await connection?.stop();
    await timed?.close();
  });

  it('broadcasts the legacy server’s messages at the given interval', async () => {
    timed = await startMock({ port: 0, prismUrl, broadcastEverySeconds: 0.25, log: quiet });
    const received: Received[] = [];
    connection = new HubConnectionBuilder().withUrl(`${timed.url}/hubs/notification`).configureLogging(LogLevel.None).build();
    connection.on('ReceiveMessage', (sender: string, text: string) => received.push([sender, text]));
    await connection.start();
    await waitFor(() => received.length >= 2, { what: 'two sample notifications', timeoutMs: 5_000 });
    for (const [sender, text] of received) {
      if (sender === 'Admin') expect(text).toMatch(/^New book added! \S/);
      else expect([sender, text]).toEqual(['Purchased Book', expect.stringMatching(/^\S.* (?:was|and \d+ more were) just bought$/)]);
    }
    // The samples rotate rather than repeat.
    expect(received[1]).not.toEqual(received[0]);
  });
});
