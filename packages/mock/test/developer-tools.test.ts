// The mock as a front-end developer's tool before the backend exists (issue 7, part 3): why a
// request was refused, failures and latency on demand, readiness, limits that keep one bad
// client from taking the gateway down, controls other web pages cannot drive, and the
// normalised path it forwards.
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPustakClient, isApiError } from '@pustak/sdk';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';

const quiet = { info() {}, warn() {}, error() {} };
const BOOK = '0f0e0000-0000-4000-8000-000000000003';
const ADMIN = { Authorization: 'Bearer mock.admin.token', 'Content-Type': 'application/json' };
const RS = '\x1e';

type Mock = { url: string; port: number; close(): Promise<void> };
let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, maxHubRecordBytes: 4096, prismUrl: inject('prismUrl') });
});

afterAll(async () => {
  await mock?.close();
});

const api = (path: string, init?: RequestInit) => fetch(`${mock.url}/api${path}`, init);
const control = (path: string, init?: RequestInit) => fetch(`${mock.url}/__mock/${path}`, init);
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A raw request, so the request line reaches the gateway exactly as written (fetch normalises it). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(mock.url);
    const req = request({ hostname: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('422 with the reasons', () => {
  it('names each field and the rule it broke in the problem details', async () => {
    const response = await api(`/bookcrud/discountOffer/${BOOK}`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ Discount: 'lots', StartTime: 'soon', EndTime: '2026-12-21T00:00:00Z', IsOnSale: true, Colour: 'red' }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 422, title: 'One or more validation errors occurred.' });
    expect(problem.errors['body.Discount'].join(' ')).toMatch(/pattern/);
    expect(problem.errors['body.StartTime'].join(' ')).toMatch(/date-time/);
    expect(problem.errors['body.Colour'].join(' ')).toMatch(/additional properties.*Colour/);
    expect(problem.detail).toMatch(/Discount/);
  });

  it('names query parameters too, and the SDK error message says what was wrong', async () => {
    const sdk = createPustakClient({ baseUrl: `${mock.url}/api` });
    const error = await sdk.books.list({ page: 0 }).catch((e: unknown) => e);
    expect(isApiError(error, 422)).toBe(true);
    expect((error as Error).message).toMatch(/page/);
    expect((error as Error).message).toMatch(/>= 1/);
  });
});

describe('failures and latency on demand', () => {
  it('answers 500 or 503 for a path, as many times as asked', async () => {
    const added = await control('faults', json({ path: '/book/bestSeller', fault: 503, times: 2 }));
    expect(added.status).toBe(201);
    expect((await api('/book/bestSeller')).status).toBe(503);
    const second = await api('/book/bestSeller');
    expect(second.status).toBe(503);
    // As the server's 503: nothing was processed, and it says when to try again.
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({ message: 'Service Unavailable (mock fault)' });
    expect((await api('/book/bestSeller')).status).toBe(200);
    expect((await (await control('faults')).json()).faults).toEqual([]);
  });

  it('limits a rule to a method and clears rules on DELETE', async () => {
    await control('faults', json({ method: 'POST', path: '/addToCart', fault: 500 }));
    const headers = { Authorization: 'Bearer mock.customer.token', 'Content-Type': 'application/json' };
    expect((await api('/addToCart/getcartitems', { headers })).status).toBe(200);
    expect((await api('/addToCart/add', { method: 'POST', headers, body: JSON.stringify({ bookId: BOOK, quantity: 1 }) })).status).toBe(500);
    expect(await (await control('faults', { method: 'DELETE' })).json()).toEqual({ cleared: 1 });
    expect((await api('/addToCart/add', { method: 'POST', headers, body: JSON.stringify({ bookId: BOOK, quantity: 1 }) })).status).toBe(200);
  });

  it('drops the connection without an answer', async () => {
    await expect(api('/notification/all', { headers: { 'X-Mock-Fault': 'drop' } })).rejects.toThrow(TypeError);
    expect((await api('/notification/all')).status).toBe(200);
  });

  it('fails one request by header, without a rule', async () => {
    expect((await api('/notification/all', { headers: { 'X-Mock-Fault': '500' } })).status).toBe(500);
    expect((await api('/notification/all', { headers: { 'X-Mock-Fault': 'teapot' } })).status).toBe(400);
  });

  it('holds a delayed answer while others go through', async () => {
    await control('faults', json({ path: '/book/all', delayMs: 60_000 }));
    const controller = new AbortController();
    let settled = false;
    const slow = api('/book/all', { signal: controller.signal }).finally(() => {
      settled = true;
    });
    // Another path answers at once; the delayed one is still waiting after it.
    expect((await api('/book/bestSeller')).status).toBe(200);
    expect((await api('/announcement/active')).status).toBe(200);
    expect(settled).toBe(false);
    controller.abort();
    await expect(slow).rejects.toThrow();
    await control('faults', { method: 'DELETE' });
  });

  it('refuses a rule it cannot apply', async () => {
    expect((await control('faults', json({ path: 'book/all', fault: 503 }))).status).toBe(400);
    expect((await control('faults', json({ path: '/book/all', fault: 418 }))).status).toBe(400);
    expect((await control('faults', json({ path: '/book/all', delayMs: -5 }))).status).toBe(400);
    expect((await control('faults', json({ path: '/book/all' }))).status).toBe(400);
  });
});

describe('limits', () => {
  it('refuses a request body above 6 MiB with 413', async () => {
    const body = new Uint8Array(6 * 1024 * 1024 + 1);
    const response = await api('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/6291456 bytes/);
  });

  it('refuses a large control body', async () => {
    const response = await control('broadcast', json({ sender: 'Admin', text: 'x'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 65536 bytes/);
  });

  async function joinedSocket() {
    const negotiate = await (await fetch(`${mock.url}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST' })).json();
    const socket = new WebSocket(`${mock.url.replace('http', 'ws')}/hubs/notification?id=${negotiate.connectionToken}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const handshake = new Promise((resolve) => socket.once('message', resolve));
    socket.send(`{"protocol":"json","version":1}${RS}`);
    await handshake;
    return socket;
  }
  const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  it('closes a hub connection that sends a record above the limit in one frame', async () => {
    const socket = await joinedSocket();
    const code = closed(socket);
    socket.send('x'.repeat(5000));
    expect(await code).toBe(1009);
  });

  it('closes a hub connection whose frames never end a record', async () => {
    const socket = await joinedSocket();
    const code = closed(socket);
    for (let i = 0; i < 3; i += 1) socket.send('y'.repeat(2000));
    expect(await code).toBe(1009);
  });

  it('keeps serving hub clients that stay within the limit', async () => {
    const socket = await joinedSocket();
    socket.send(`{"type":6}${RS}`);
    const message = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    await control('broadcast', json({ sender: 'Admin', text: 'still here' }));
    expect(await message).toContain('still here');
    socket.close();
  });
});

describe('controls refuse other web pages', () => {
  it.each([
    [{ Origin: 'https://evil.example' }],
    [{ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    [{ 'Sec-Fetch-Site': 'same-site', Origin: 'http://localhost:3000' }],
  ])('refuses a browser call with %j', async (headers) => {
    const response = await fetch(`${mock.url}/__mock/broadcast`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"text":"pwned"}' });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the CORS preflight', async () => {
    const response = await fetch(`${mock.url}/__mock/broadcast`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("takes the developer's tools and pages of its own origin", async () => {
    const own = new URL(mock.url).host;
    expect((await control('broadcast', json({ text: 'from curl' }))).status).toBe(200);
    expect((await fetch(`${mock.url}/__mock/broadcast`, { ...json({ text: 'same page' }), headers: { 'Content-Type': 'application/json', Origin: `http://${own}` } })).status).toBe(200);
    // The app on the Vite dev server reaches the controls through its proxy: same-origin.
    expect((await fetch(`${mock.url}/__mock/broadcast`, { ...json({ text: 'dev server' }), headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
  });

  it('still answers the API cross-origin', async () => {
    const response = await api('/book/bestSeller', { headers: { Origin: 'http://localhost:3000' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });
});

describe('the forwarded path', () => {
  it('is the normalised path the gateway routed on', async () => {
    // Routed as /api/notification/all; forwarding the raw "/../api/notification/all" would
    // ask Prism for /api/notification/all, which the contract does not have.
    const response = await raw('/api/../api/notification/all');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).data.length).toBeGreaterThan(0);
    expect((await raw('/api/book/./../book/bestSeller')).status).toBe(200);
  });
});

describe('health', () => {
  it('says ready once the API answers', async () => {
    const response = await control('health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, api: 'ready' });
  });
});
