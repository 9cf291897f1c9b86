// Several Pustak instances on one PostgreSQL database, in this process: each with its own pool,
// caches, hub and port (what separate processes have), sharing the database, the token secret
// and the uploads folder. Plus what the multi-instance suites share: a raw SignalR client,
// accounts made in bulk, and waiting for a state with a deadline.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { hashPassword } from '../src/auth/passwords.js';
import { createPustakServer, ephemeralSecret, type PustakServer, type ServerSettings } from '../src/server.js';
import { PASSWORD, testContract } from './helpers.js';

export interface Instance {
  server: PustakServer;
  url: string;
}

export interface InstanceGroup {
  instances: Instance[];
  secret: string;
  uploadsDir: string;
  /** Starts one more instance on the same database, secret and uploads. */
  add(): Promise<Instance>;
  close(): Promise<void>;
}

export async function startInstances(
  databaseUrl: string,
  count: number,
  { seed = false, settings = {} }: { seed?: boolean; settings?: Partial<ServerSettings> } = {},
): Promise<InstanceGroup> {
  const secret = ephemeralSecret();
  const uploadsDir = await mkdtemp(join(tmpdir(), 'pustak-shared-uploads-'));
  const instances: Instance[] = [];
  const add = async () => {
    const server = await createPustakServer({
      database: { kind: 'postgres', url: databaseUrl, poolSize: 8 },
      uploadsDir,
      jwtSecret: secret,
      seed,
      contract: await testContract(),
      log: { info() {}, warn() {}, error: (m) => console.error(m) },
      shutdownGraceMs: 2_000,
      // Dozens of customers sign in from 127.0.0.1 here; the attempt limits have their own tests.
      rateLimits: false,
      ...settings,
    });
    const instance = { server, url: await server.listen(0) };
    instances.push(instance);
    return instance;
  };
  const group: InstanceGroup = {
    instances,
    secret,
    uploadsDir,
    add,
    async close() {
      await Promise.all(instances.map((i) => i.server.close()));
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(Array.from({ length: count }, add));
  } catch (error) {
    await group.close();
    throw error;
  }
  return group;
}

/** Polls `check` until it answers true; fails with `what` after the deadline. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** One SQL statement on a database. */
export async function query<R extends pg.QueryResultRow = any>(url: string, statement: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Verified accounts straight into the database (one password hash for all: argon2 is slow). */
export async function insertAccounts(url: string, prefix: string, count: number, role: 'User' | 'Staff' = 'User'): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const rows = await query<{ username: string }>(
    url,
    `insert into users (id, username, email, password_hash, role, is_verified, created_at)
     select gen_random_uuid(), $1 || g, $1 || g || '@example.com', $2, $3, true, now() from generate_series(1, $4) g
     returning username`,
    [prefix, hash, role, count],
  );
  return rows.map((r) => r.username).sort();
}

export async function login(origin: string, username: string): Promise<string> {
  const reply = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (reply.status !== 200) throw new Error(`login ${username} on ${origin}: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { token: string }).token;
}

/** A JSON request; answers status and parsed body (text when not JSON). */
export async function api(origin: string, method: string, path: string, { token, body, headers }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const reply = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await reply.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text
  }
  return { status: reply.status, body: parsed, headers: reply.headers };
}

/** A bare SignalR JSON-protocol client: negotiate on one origin, the WebSocket on another. */
export interface RawHubClient {
  messages: [string, string][];
  /** ReceiveUserMessage(sender, text): the messages meant for the user who negotiated. */
  userMessages: [string, string][];
  closeRecords: unknown[];
  socket: WebSocket;
  close(): void;
}

/** Negotiates a connection token; with `bearer`, as that signed-in user. */
export async function negotiate(origin: string, bearer?: string): Promise<string> {
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  const reply = await fetch(`${origin}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  if (reply.status !== 200) throw new Error(`negotiate: ${reply.status}`);
  return ((await reply.json()) as { connectionToken: string }).connectionToken;
}

export function openHub(origin: string, token: string): Promise<RawHubClient> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/hubs/notification?id=${encodeURIComponent(token)}`);
  const client: RawHubClient = { messages: [], userMessages: [], closeRecords: [], socket, close: () => socket.close() };
  return new Promise((done, fail) => {
    let handshaken = false;
    socket.on('open', () => socket.send(JSON.stringify({ protocol: 'json', version: 1 }) + '\x1e'));
    socket.on('unexpected-response', (_req, res) => fail(new Error(`the hub refused the WebSocket: ${res.statusCode}`)));
    socket.on('error', (error) => fail(error));
    socket.on('message', (data) => {
      for (const record of data.toString().split('\x1e').filter(Boolean)) {
        const message = JSON.parse(record);
        if (!handshaken) {
          handshaken = true;
          if (message.error) fail(new Error(message.error));
          else done(client);
        } else if (message.type === 1 && message.target === 'ReceiveMessage') client.messages.push(message.arguments);
        else if (message.type === 1 && message.target === 'ReceiveUserMessage') client.userMessages.push(message.arguments);
        else if (message.type === 7) client.closeRecords.push(message);
      }
    });
  });
}
