// The legacy client's set-up: a single-page app on an origin of its own, calling the API origin
// directly, with the real @microsoft/signalr browser bundle for the hub (it negotiates with
// credentials, as it does by default). In Chromium, a page served from one loopback port talks
// to the real server (`--memory`, CORS_ORIGINS naming the page's origin) on another: negotiate,
// the handshake and a broadcast arrive, the admin's calls go through their preflights, and an
// error answer and the covers (an example one and an uploaded one) are readable. Then the same
// page against the mock. Every server binds a free loopback port and is stopped even on failure.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { chromiumPath } from '@pustak/dev-tools/chromium';
// @ts-expect-error plain ESM script without type declarations
import { findFreePort } from '@pustak/dev-tools/free-port';
import { startServerProcess, type ServerProcess } from '@pustak/server/test/processes';
import { CHROMIUM_ARGS, broadcastLive, reportPagesOnFailure, watchHub, watchPage, type WatchedPage } from './harness.js';

const signalrBundle = createRequire(import.meta.url).resolve('@microsoft/signalr/dist/browser/signalr.js');

/** The client's page: the SignalR bundle and a few calls the test drives with page.evaluate. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin</title><script src="/signalr.js"></script></head>
<body><main><h1>A client on another origin</h1></main><script>
  window.received = [];
  // Answers the connection id, or why it could not connect.
  window.connectHub = async (api) => {
    const connection = new signalR.HubConnectionBuilder().withUrl(api + '/hubs/notification').configureLogging(signalR.LogLevel.Warning).build();
    connection.on('ReceiveMessage', (sender, text) => window.received.push([sender, text]));
    try {
      await connection.start();
    } catch (error) {
      return { error: String(error) };
    }
    window.connection = connection;
    return { id: connection.connectionId };
  };
  // What the page can read of an answer; a CORS refusal is a TypeError here.
  window.read = async (url, init) => {
    try {
      const response = await fetch(url, { credentials: 'include', ...init });
      const type = response.headers.get('content-type') || '';
      const body = type.startsWith('image/') ? (await response.blob()).size : await response.text();
      return { status: response.status, type, body };
    } catch (error) {
      return { error: String(error) };
    }
  };
  window.showImage = (url) => new Promise((done) => {
    const image = new Image();
    image.onload = () => done(image.naturalWidth > 0);
    image.onerror = () => done(false);
    image.src = url;
    document.body.append(image);
  });
</script></body></html>`;

/** Serves the client's page and the SignalR bundle on a free loopback port of its own. */
async function startPageServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const bundle = await readFile(signalrBundle);
  const port = await findFreePort();
  const server: Server = createServer((req, res) => {
    if (req.url === '/signalr.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

type Read = { status?: number; type?: string; body?: string | number; error?: string };

let browser: Browser | undefined;
let pageServer: Awaited<ReturnType<typeof startPageServer>> | undefined;
const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

beforeAll(async () => {
  pageServer = await startPageServer();
  browser = await chromium.launch({ executablePath: chromiumPath as string, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await pageServer?.close();
});

/** The client's page on its own origin, with its hub handshakes and negotiate answers watched. */
async function clientPage() {
  const context = await browser!.newContext();
  const page = await context.newPage();
  pages.push(await watchPage(page));
  const hub = watchHub(page);
  // Each negotiate answer's headers, pushed when its response event arrives (before the page's
  // script sees the answer) and read with headerValue, which takes a round trip of its own: the
  // test awaits them all (reading the array itself raced those reads).
  const answers: Promise<{ status: number; allowOrigin: string | null; allowCredentials: string | null }>[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/hubs/notification/negotiate')) return;
    answers.push((async () => ({
      status: response.status(),
      allowOrigin: await response.headerValue('access-control-allow-origin'),
      allowCredentials: await response.headerValue('access-control-allow-credentials'),
    }))());
  });
  const negotiated = () => Promise.all(answers);
  await page.goto(`${pageServer!.origin}/`);
  await page.getByRole('heading', { name: 'A client on another origin' }).waitFor();
  return { page, hub, negotiated };
}

const connectHub = (page: Page, api: string) => page.evaluate((url) => (window as unknown as { connectHub(u: string): Promise<{ id?: string; error?: string }> }).connectHub(url), api);
const read = (page: Page, url: string, init: RequestInit = {}) => page.evaluate(([u, i]) => (window as unknown as { read(u: string, i: RequestInit): Promise<Read> }).read(u, i), [url, init] as const);
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: [string, string][] }).received);

describe('the real server, CORS_ORIGINS naming the page’s origin', () => {
  let api: ServerProcess | undefined;
  beforeAll(async () => {
    api = await startServerProcess({ args: ['--memory'], env: { CORS_ORIGINS: pageServer!.origin } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('connects to the hub, hears a broadcast, and reads error answers and covers', async () => {
    const { page, hub, negotiated } = await clientPage();
    expect(new URL(api!.url).origin).not.toBe(pageServer!.origin);
    expect(await connectHub(page, api!.url)).toEqual({ id: expect.stringMatching(/\S/) });
    expect(await negotiated()).toEqual([{ status: 200, allowOrigin: pageServer!.origin, allowCredentials: 'true' }]);
    await expect.poll(() => hub.handshakes).toBe(1);

    // The admin adds a book from the page (its calls need preflights): the hub announces it.
    const login = await read(page, `${api!.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'pustak123' }) });
    expect(login.status, JSON.stringify(login)).toBe(200);
    const token = (JSON.parse(String(login.body)) as { token: string }).token;
    const created = await page.evaluate(async ([url, bearer]) => {
      const form = new FormData();
      const fields = { title: 'Cross Origin Book', author: 'E2E', genre: 'Fiction', isbn: 'ISBN-XO-1', description: 'd', publisher: 'p', publicationDate: '2020-01-01T00:00:00Z', price: '100', quantity: '1', language: 'English', discount: '0', format: 'Paperback' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('image', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="4" height="6"><rect width="4" height="6" fill="teal"/></svg>'], { type: 'image/svg+xml' }), 'cover.svg');
      const response = await fetch(`${url}/api/bookcrud/create`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form, credentials: 'include' });
      return { status: response.status, body: await response.json() };
    }, [api!.url, token] as const);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await expect.poll(() => received(page)).toEqual([['Admin', 'New book added! Cross Origin Book']]);

    // An error answer is readable: its status and its body.
    const refused = await read(page, `${api!.url}/api/order/all`);
    expect(refused.status, JSON.stringify(refused)).toBe(401);
    expect(refused.body).toContain('Unauthorized');
    const missing = await read(page, `${api!.url}/api/nothing/here`);
    expect(missing.status, JSON.stringify(missing)).toBe(404);

    // The covers: the uploaded one and an example one, read and shown.
    const uploaded = (created.body as { data: { imageUrl: string } }).data.imageUrl;
    expect(uploaded).toMatch(new RegExp(`^${api!.url}/uploads/`));
    const books = await read(page, `${api!.url}/api/bookcrud/getallbooks`);
    const example = (JSON.parse(String(books.body)) as { imageUrl: string }[]).map((b) => b.imageUrl).find((url) => url.includes('/covers/'));
    expect(example).toBeDefined();
    for (const cover of [uploaded, example!]) {
      const image = await read(page, cover);
      expect(image, cover).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
      expect(Number(image.body), cover).toBeGreaterThan(0);
      expect(await page.evaluate((url) => (window as unknown as { showImage(u: string): Promise<boolean> }).showImage(url), cover), cover).toBe(true);
    }
  });
});

describe('the mock', () => {
  it('connects to the hub, hears a broadcast, and reads an error answer and a cover', async () => {
    const mockUrl = inject('appMockUrl');
    const { page, hub, negotiated } = await clientPage();
    expect(await connectHub(page, mockUrl)).toEqual({ id: expect.stringMatching(/\S/) });
    expect(await negotiated()).toEqual([{ status: 200, allowOrigin: pageServer!.origin, allowCredentials: 'true' }]);
    await expect.poll(() => hub.handshakes).toBe(1);
    // The shared mock may have other clients (the app's pages): at least this one hears it.
    expect(await broadcastLive(mockUrl, 'Admin', 'New book added! Mock Origin Book')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received(page)).toEqual([['Admin', 'New book added! Mock Origin Book']]);

    const missing = await read(page, `${mockUrl}/api/nothing/here`);
    expect(missing.status, JSON.stringify(missing)).toBe(404);
    const books = await read(page, `${mockUrl}/api/bookcrud/getallbooks`);
    const cover = (JSON.parse(String(books.body)) as { imageUrl: string }[])[0]!.imageUrl;
    expect(await read(page, cover)).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
  });
});
