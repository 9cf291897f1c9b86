// The live hub with the real @microsoft/signalr client against the server process: it hears
// the book-created broadcast, reconnects by itself after the server restarts, and hears the
// next one. The data folder is kept across the restart, as `npm start` keeps .data/.
// Then, on in-process servers, what an anonymous endpoint must refuse: sockets without a
// negotiated (and unexpired) token, sockets that never send their handshake, more than the
// per-address cap, and browser pages on origins CORS_ORIGINS does not name.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { createServer as createViteServer } from 'vite';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TOKEN_LIFETIME_MS } from '../src/live/hub.js';
import { messageUser } from '../src/modules/notifications/index.js';
import { transact } from '../src/shared/context.js';
import { IDS, startTestServer, type TestServer, type TestServerOptions } from './helpers.js';
import { negotiate as negotiateAs, openHub, type RawHubClient } from './instances.js';
import { startServerProcess, type ServerProcess } from './processes.js';

let dataDir = '';
let server: ServerProcess | undefined;
let connection: HubConnection | undefined;
const env = () => ({ DATA_DIR: dataDir, PUSTAK_JWT_SECRET: 'hub-test-secret-that-is-long-enough-1234' });

afterAll(async () => {
  await connection?.stop().catch(() => {});
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function createBook(origin: string, title: string) {
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'pustak123' }) });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  const fields = { title, author: 'Hub Test', genre: 'Fiction', isbn: `ISBN-${title}`, description: 'd', publisher: 'p', publicationDate: '2020-01-01T00:00:00Z', price: '100', quantity: '1', language: 'English', discount: '0', format: 'Paperback' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const reply = await fetch(`${origin}/api/bookcrud/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

/** Polls `check` until it holds (running `step` before each look), failing after the deadline. */
async function until(check: () => boolean, what: string, timeoutMs = 30_000, step?: () => Promise<void>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await step?.();
    if (check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

it('delivers ReceiveMessage broadcasts, and again after the server restarts', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pustak-hub-test-'));
  server = await startServerProcess({ env: env() });
  const messages: [string, string][] = [];
  connection = new HubConnectionBuilder()
    .withUrl(`${server!.url}/hubs/notification`)
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 250 })
    .configureLogging(LogLevel.None)
    .build();
  connection.on('ReceiveMessage', (sender: string, text: string) => messages.push([sender, text]));
  await connection.start();

  await createBook(server!.url, 'First Live Book');
  await until(() => messages.length >= 1, 'the first broadcast');
  expect(messages[0]).toEqual(['Admin', 'New book added! First Live Book']);

  const port = server!.port;
  await server!.stop();
  await until(() => connection!.state === HubConnectionState.Reconnecting, 'the client to notice the restart');
  server = await startServerProcess({ env: env(), port });
  await until(() => connection!.state === HubConnectionState.Connected, 'the client to reconnect', 60_000);

  await createBook(server.url, 'Second Live Book');
  await until(() => messages.length >= 2, 'the broadcast after the restart');
  expect(messages[1]).toEqual(['Admin', 'New book added! Second Live Book']);
  // The first book was stored, so it is still there after the restart.
  const all = (await (await fetch(`${server.url}/api/bookcrud/getallbooks`)).json()) as { title: string }[];
  expect(all.map((b) => b.title)).toEqual(expect.arrayContaining(['First Live Book', 'Second Live Book']));
});

describe('what the hub refuses', () => {
  const RS = '\x1e';
  const HANDSHAKE = '{"protocol":"json","version":1}' + RS;
  const servers: TestServer[] = [];
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await Promise.all(servers.map((t) => t.close()));
  });

  async function listening(settings: TestServerOptions['settings'] = {}) {
    const t = await startTestServer({ listen: true, settings });
    servers.push(t);
    return t;
  }

  async function negotiate(t: TestServer): Promise<string> {
    const reply = await fetch(`${t.url}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { connectionToken: string }).connectionToken;
  }

  /** Opens the hub's WebSocket; answers it open, or the HTTP status it was refused with. */
  async function open(t: TestServer, id: string | null, headers: Record<string, string> = {}) {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/hubs/notification${id === null ? '' : `?id=${encodeURIComponent(id)}`}`, { headers });
    sockets.push(socket);
    const records: string[] = [];
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.on('message', (data) => records.push(...data.toString().split(RS).filter(Boolean)));
    const refused = await new Promise<number | null>((done) => {
      socket.once('open', () => done(null));
      socket.once('unexpected-response', (_request, response) => done(response.statusCode ?? 0));
      socket.once('error', () => done(0));
    });
    return { socket, records, closed, refused };
  }

  async function joined(t: TestServer, headers: Record<string, string> = {}) {
    const hub = await open(t, await negotiate(t), headers);
    expect(hub.refused).toBeNull();
    hub.socket.send(HANDSHAKE);
    await until(() => hub.records.length > 0, 'the handshake answer');
    expect(hub.records[0]).toBe('{}');
    return hub;
  }

  it('refuses a WebSocket that skipped negotiation, made up its token, or comes after the token expired', async () => {
    const t = await listening();
    expect((await open(t, null)).refused).toBe(404);
    expect((await open(t, 'made-up')).refused).toBe(404);
    const token = await negotiate(t);
    t.clock.advance(CONNECTION_TOKEN_LIFETIME_MS + 1_000);
    expect((await open(t, token)).refused).toBe(404);
    expect((await open(t, await negotiate(t))).refused).toBeNull();
  });

  it('closes a socket that has not sent its handshake in time (1008), and keeps one that has', async () => {
    const t = await listening({ hubHandshakeTimeoutMs: 300 });
    // The one that talks opens first: when the silent one is closed, its own deadline has passed too.
    const talker = await joined(t);
    const silent = await open(t, await negotiate(t));
    expect(silent.refused).toBeNull();
    expect(await silent.closed).toBe(1008);
    expect(talker.socket.readyState).toBe(WebSocket.OPEN);
    t.server.services.broadcaster.broadcast('Admin', 'still here');
    await until(() => talker.records.some((record) => record.includes('still here')), 'the broadcast');
  });

  it('refuses more sockets from one address than its cap (429), counting the client behind a trusted proxy, and takes one again when one closes', async () => {
    const t = await listening({ hubConnectionsPerAddress: 2, trustProxy: true });
    const first = await joined(t);
    await joined(t);
    expect((await open(t, await negotiate(t))).refused).toBe(429);
    // Another client behind the same proxy has its own count.
    await joined(t, { 'x-forwarded-for': '203.0.113.9' });
    first.socket.close();
    await first.closed;
    let again: number | null = 0;
    await until(() => again === null, 'a place under the cap again', 10_000, async () => {
      again = (await open(t, await negotiate(t))).refused;
    });
  });

  it('takes the page of the web app’s dev server that proxies to it (npm start, PUSTAK_API_URL) without being told its origin', async () => {
    const t = await listening();
    const before = process.env.PUSTAK_API_URL;
    process.env.PUSTAK_API_URL = t.url;
    const web = await createViteServer({
      root: join(import.meta.dirname, '../../web'),
      configFile: join(import.meta.dirname, '../../web/vite.config.ts'),
      server: { port: 0, strictPort: false, host: '127.0.0.1' },
      logLevel: 'silent',
    }).finally(() => {
      if (before === undefined) delete process.env.PUSTAK_API_URL;
      else process.env.PUSTAK_API_URL = before;
    });
    try {
      await web.listen();
      const page = web.resolvedUrls!.local[0]!.replace(/\/$/, '');
      const negotiated = await fetch(`${page}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST', headers: { origin: page } });
      const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
      const hub = await open({ ...t, url: page }, connectionToken, { origin: page });
      expect(hub.refused).toBeNull();
      hub.socket.send(HANDSHAKE);
      await until(() => hub.records[0] === '{}', 'the handshake answer through the proxy');
    } finally {
      await web.close();
    }
  });

  it('takes a browser page only from its own origin, PUBLIC_URL and CORS_ORIGINS; a client without Origin always', async () => {
    const t = await listening({ corsOrigins: ['https://shop.example'], publicUrl: 'http://localhost:5173' });
    const host = new URL(t.url).host;
    for (const origin of ['https://shop.example', 'http://localhost:5173', `http://${host}`]) {
      expect((await open(t, await negotiate(t), { origin })).refused, origin).toBeNull();
    }
    expect((await open(t, await negotiate(t))).refused, 'no Origin').toBeNull();
    for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null']) {
      expect((await open(t, await negotiate(t), { origin })).refused, origin).toBe(403);
    }
  });
});

describe('messages meant for one user', () => {
  let t: TestServer;
  const clients: RawHubClient[] = [];
  beforeAll(async () => {
    t = await startTestServer({ listen: true });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await t.close();
  });

  it('reach a connection negotiated with the user\'s valid token, never one negotiated with a revoked token', async () => {
    const revoked = await t.login('sita');
    const changed = await t.call({ method: 'POST', url: '/api/auth/change-password', token: revoked, payload: { currentPassword: 'pustak123', newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const current = changed.json().token as string;
    const withRevoked = await openHub(t.url, await negotiateAs(t.url, revoked));
    const withCurrent = await openHub(t.url, await negotiateAs(t.url, current));
    clients.push(withRevoked, withCurrent);
    const { services } = t.server;
    await transact(services.db, services.broadcaster, (tx, publish) =>
      messageUser(tx, publish, services.clock.now(), { userId: IDS.sita, sender: 'Order ready', text: 'Yours alone' }),
    );
    await transact(services.db, services.broadcaster, async (_tx, publish) => publish({ sender: 'Test', text: 'for everyone' }));
    await until(() => withRevoked.messages.length > 0 && withCurrent.messages.length > 0, 'the public message on both');
    expect(withCurrent.userMessages).toEqual([['Order ready', 'Yours alone']]);
    expect(withRevoked.userMessages).toEqual([]);
    // The bell: the revoked token reads as a guest (public only, no 401), the current one sees it.
    const list = (token: string) => t.call({ method: 'GET', url: '/api/notification/all', token });
    const asRevoked = await list(revoked);
    expect(asRevoked.statusCode).toBe(200);
    expect(asRevoked.json().data.map((n: { message: string }) => n.message)).not.toContain('Yours alone');
    expect((await list(current)).json().data[0]).toEqual({ message: 'Yours alone', createdAt: expect.any(String), personal: true });
  });
});
