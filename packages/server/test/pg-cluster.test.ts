// `npm run server:cluster -- --instances 2` as the README tells it: two instances on a throwaway
// PostgreSQL behind the round-robin proxy; sign in and order through the one origin, both
// instances ready; Ctrl-C stops the proxy, the instances and the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { findFreePort } from '@pustak/dev-tools/free-port';
import { IDS } from './helpers.js';
import { api, login, until } from './instances.js';

const root = resolve(import.meta.dirname, '../../..');
let cluster: ChildProcess | undefined;
afterAll(async () => {
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    const exited = new Promise((done) => cluster!.once('exit', done));
    cluster.kill('SIGINT');
    await exited;
  }
});

const refuses = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });

it('runs two instances behind one origin and stops everything on Ctrl-C', async () => {
  const port: number = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.PUSTAK_JWT_SECRET;
  cluster = spawn(process.execPath, [resolve(root, 'scripts/cluster.mjs'), '--instances', '2', '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  cluster.stdout!.on('data', (chunk) => (output += chunk));
  cluster.stderr!.on('data', (chunk) => (output += chunk));
  await until(() => output.includes('Ctrl-C stops everything') || cluster!.exitCode !== null, 'the cluster banner', 150_000);
  expect(output).toContain('2 instances on PostgreSQL behind a round-robin proxy');
  const origin = `http://127.0.0.1:${port}`;
  const instancePorts = /Instances\s+127\.0\.0\.1:(\d+), 127\.0\.0\.1:(\d+)/.exec(output)!.slice(1).map(Number);
  const databasePort = Number(/PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(output)![1]);

  for (const instance of instancePorts) expect((await api(`http://127.0.0.1:${instance}`, 'GET', '/readyz')).body).toEqual({ status: 'ready', database: 'ok', live: 'ok' });
  // Through the proxy, requests alternate between the instances; the cart follows the customer.
  const token = await login(origin, 'sita');
  expect((await api(origin, 'POST', '/api/addToCart/add', { token, body: { bookId: IDS.munaMadan, quantity: 1 } })).status).toBe(200);
  const placed = await api(origin, 'POST', '/api/order/place', { token });
  expect(placed.status).toBe(200);
  const mine = await api(origin, 'GET', '/api/order/userOrder', { token });
  expect(mine.body.data.map((o: { orderId: string }) => o.orderId)).toContain(placed.body.data.orderId);

  const exited = new Promise<number | null>((done) => cluster!.once('exit', (code) => done(code)));
  cluster.kill('SIGINT');
  expect(await exited).toBe(0);
  for (const p of [port, ...instancePorts, databasePort]) expect(await refuses(p), `port ${p} after Ctrl-C`).toBe(true);
});
