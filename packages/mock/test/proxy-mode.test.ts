// `npm run mock -- --proxy URL`: the gateway in front of a real backend, the way a front-end
// team checks the backend when it arrives. A small fake backend here answers one call as the
// contract says and one call wrongly; the mock passes both through and reports the wrong one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';
// @ts-expect-error plain ESM script without type declarations
import { waitFor } from '@pustak/dev-tools/wait-for';

const quiet = { info() {}, warn() {}, error() {} };

type Violation = { location: string[]; message: string };
type Report = { method: string; path: string; status: number; violations: Violation[] };
type Mock = { url: string; port: number; close(): Promise<void> };

const seen: string[] = [];

function backendHandler(req: IncomingMessage, res: ServerResponse) {
  seen.push(`${req.method} ${req.url}`);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.url === '/api/announcement/active') return send(200, { active: false });
  // Breaks the contract: `code` and `message` are required, and orderCount must be an integer.
  if (req.url === '/api/book/bestSeller') return send(200, { status: 'success', data: [{ book: null, orderCount: 'many' }] });
  if (req.url?.startsWith('/hubs/notification/negotiate')) {
    return send(200, { negotiateVersion: 1, connectionId: 'backend-id', connectionToken: 'backend-token', availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] });
  }
  return send(404, { message: 'Not found' });
}

let backend: Server;
let backendPort: number;
let backendUp = false;
let hubServer: WebSocketServer;
let mock: Mock;

beforeAll(async () => {
  // The backend's port is held for the whole file, and until startBackend() the backend hangs up
  // on every connection without a word: down, as the mock sees it. (Freeing the port until then
  // let another server of the run take it: the mock once found a real Pustak answering there.)
  backend = createServer(backendHandler);
  backend.on('connection', (socket) => {
    if (!backendUp) socket.destroy();
  });
  hubServer = new WebSocketServer({ server: backend, path: '/hubs/notification' });
  hubServer.on('connection', (socket) => socket.on('message', (data) => socket.send(`backend heard ${String(data)}`)));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendPort = (backend.address() as AddressInfo).port;
  // The mock starts first, against a backend that is not up yet.
  mock = await startMock({ port: 0, log: quiet, proxy: `http://127.0.0.1:${backendPort}/api` });
});

afterAll(async () => {
  await mock?.close();
  hubServer?.close();
  if (backend) await new Promise((done) => backend.close(() => done(undefined)));
});

function startBackend() {
  backendUp = true;
}

const health = async () => {
  const response = await fetch(`${mock.url}/__mock/health`);
  return { status: response.status, body: await response.json() };
};

describe('proxy mode', () => {
  it('is not ready while the backend does not answer, and ready once it does', async () => {
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, proxy: `http://127.0.0.1:${backendPort}/api` });
    startBackend();
    const up = await waitFor(async () => ((await health()).status === 200 ? health() : undefined), { timeoutMs: 10_000, what: 'the mock to see the backend' });
    expect(up.body).toMatchObject({ ok: true, api: 'ready' });
  });

  it("passes the backend's answers through, the base path kept", async () => {
    const response = await fetch(`${mock.url}/api/announcement/active`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ active: false });
    expect(seen).toContain('GET /api/announcement/active');
  });

  it('reports a response that breaks the contract, and lists it', async () => {
    await fetch(`${mock.url}/__mock/violations`, { method: 'DELETE' });
    const response = await fetch(`${mock.url}/api/book/bestSeller`);
    // The front end still gets what the backend said.
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success' });
    const { violations } = (await (await fetch(`${mock.url}/__mock/violations`)).json()) as { violations: Report[] };
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ method: 'GET', path: '/api/book/bestSeller', status: 200 });
    const messages = violations[0]!.violations.map((v) => `${v.location.join('.')} ${v.message}`).join('\n');
    expect(messages).toMatch(/response\.body.*code/);
    expect(messages).toMatch(/orderCount/);
  });

  it('reports nothing for answers that keep the contract', async () => {
    await fetch(`${mock.url}/__mock/violations`, { method: 'DELETE' });
    await fetch(`${mock.url}/api/announcement/active`);
    expect((await (await fetch(`${mock.url}/__mock/violations`)).json()).violations).toEqual([]);
  });

  it("reports a request that breaks the contract (the front end's side of it)", async () => {
    await fetch(`${mock.url}/__mock/violations`, { method: 'DELETE' });
    await fetch(`${mock.url}/api/book/all?page=0`);
    expect(seen).toContain('GET /api/book/all?page=0');
    const { violations } = (await (await fetch(`${mock.url}/__mock/violations`)).json()) as { violations: Report[] };
    const locations = violations.flatMap((report) => report.violations.map((v) => v.location.join('.')));
    expect(locations).toContain('request.query.page');
  });

  it("forwards the hub to the backend's origin, WebSocket included", async () => {
    const negotiate = await fetch(`${mock.url}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(await negotiate.json()).toMatchObject({ connectionToken: 'backend-token' });
    const socket = new WebSocket(`${mock.url.replace('http', 'ws')}/hubs/notification?id=backend-token`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('hello');
    expect(await reply).toBe('backend heard hello');
    socket.close();
  });

  it('leaves live notifications to the backend', async () => {
    const response = await fetch(`${mock.url}/__mock/broadcast`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' });
    expect(response.status).toBe(409);
  });
});
