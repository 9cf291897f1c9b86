// The live hub with the real @microsoft/signalr client against the server process: it hears
// the book-created broadcast, reconnects by itself after the server restarts, and hears the
// next one. The data folder is kept across the restart, as `npm start` keeps .data/.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './processes.js';

let dataDir = '';
let server: ServerProcess | undefined;
let connection: HubConnection | undefined;
const env = () => ({ DATA_DIR: dataDir, PUSTAK_JWT_SECRET: 'hub-test-secret-that-is-long-enough-1234' });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pustak-hub-test-'));
  server = await startServerProcess({ env: env() });
});
afterAll(async () => {
  await connection?.stop().catch(() => {});
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
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

async function until(check: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

it('delivers ReceiveMessage broadcasts, and again after the server restarts', async () => {
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
