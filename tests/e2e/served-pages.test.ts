// The pages of the production build as the Pustak server serves them (docs/decisions.md, "First
// paint"): the home page prerendered at "/" only, the empty shell at every other path, and each
// page marked with the announcement banner's state and carrying its data.
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview as vitePreview } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDS, PASSWORD, startTestServer, type TestServer } from '@pustak/server/test/helpers';
import { CHROMIUM_ARGS, DESKTOP, PHONE, recordLayoutShifts, shifts } from './harness.js';

const HERO = 'Find your next favourite book';
const EMPTY_ROOT = '<div id="root"></div>';
/** The JSON block of a served page, parsed. */
const bannerData = (html: string) => JSON.parse(/<script type="application\/json" id="pustak-banner">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
const bannerMark = (html: string) => /<html[^>]*\sdata-banner="(\w+)"/.exec(html)?.[1];
/** The preload links a served page carries: `[rel or as, href]`. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload|stylesheet)"(?: as="(\w+)")?[^>]*\shref="([^"]+)">/g)].map((m) => [m[2] ?? m[1], m[3]!.replace(/&amp;/g, '&')]);
const scripts = (html: string) => [...html.matchAll(/<(?:script type="module"|link rel="modulepreload"|link rel="stylesheet")[^>]*>/g)].map((m) => m[0]);

/** Every console error and uncaught error the page reports, as it happens. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('the build', () => {
  it('prerenders the home page into index.html and keeps an empty shell, with the same scripts, for the other paths', async () => {
    const index = await readFile(join(inject('webDist'), 'index.html'), 'utf8');
    const shell = await readFile(join(inject('webDist'), 'shell.html'), 'utf8');
    expect(index).toContain(HERO);
    expect(index).not.toContain(EMPTY_ROOT);
    // The CSP allows no inline script and no style attribute.
    expect(index).not.toMatch(/<script>|\sstyle="/);
    expect(shell).toContain(EMPTY_ROOT);
    expect(shell).not.toContain(HERO);
    expect(scripts(shell)).toEqual(scripts(index));
    expect(scripts(index).length).toBeGreaterThan(1);
  });
});

describe('the Pustak server', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ settings: { webDist: inject('webDist'), production: true } });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const reply = await t.call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(reply.statusCode, url).toBe(200);
    expect(reply.headers['content-type'], url).toMatch(/^text\/html/);
    return reply;
  };

  it('serves the prerendered home page at / only, /books and a book page with their data, and every other path the shell', async () => {
    expect((await page('/')).body).toContain(HERO);
    const books = (await page('/books')).body;
    expect(books).toContain('>All Books</h1>');
    expect(books).not.toContain(HERO);
    expect(books).not.toContain(EMPTY_ROOT);
    // The CSP allows no inline script and no style attribute.
    expect(books).not.toMatch(/<script>|\sstyle="/);
    // Sent with their data: the books of the first page, the book itself (server-side rendering).
    expect(books).toContain('Karnali Blues');
    expect(books).toContain('<script type="application/json" id="pustak-page">');
    const book = (await page('/bookDetails/0f0e0000-0000-4000-8000-000000000003')).body;
    expect(book).toContain('Devkota');
    expect(book).toContain('<script type="application/json" id="pustak-page">');
    expect(book).not.toContain(EMPTY_ROOT);
    expect(book).not.toMatch(/<script>|\sstyle="|prerender-/);
    for (const url of ['/admin', '/no/such/page', '/index.html', '/shell.html']) {
      const { body } = await page(url);
      expect(body, url).not.toContain(HERO);
      expect(body, url).toContain(EMPTY_ROOT);
    }
    // The pages change with the banner: never kept by a cache without asking.
    expect((await page('/')).headers['cache-control']).toBe('no-cache');
  });

  it('marks each page with the active banner and carries its data, then "off" once none is active', async () => {
    const active = (await t.call({ method: 'GET', url: '/api/announcement/active' })).json();
    expect(active.active).toBe(true);
    for (const url of ['/', '/books']) {
      const { body } = await page(url);
      expect(bannerMark(body), url).toBe('on');
      expect(bannerData(body), url).toEqual(active);
    }
    const all = (await t.call({ method: 'GET', url: '/api/announcement/all', token: admin })).json().data as { announcementId: string }[];
    for (const { announcementId } of all) {
      expect((await t.call({ method: 'DELETE', url: `/api/announcement/delete/${announcementId}`, token: admin })).statusCode).toBe(200);
    }
    // At once: deleting a banner drops the server's cached copy.
    for (const url of ['/', '/books']) {
      const { body } = await page(url);
      expect(bannerMark(body), url).toBe('off');
      expect(bannerData(body), url).toEqual({ active: false });
    }
  });

  it('sends the build\'s assets precompressed and cached for good, and its pages compressed', async () => {
    const assets = await readdir(join(inject('webDist'), 'assets'));
    // The app's entry (the page's boot script is too small to compress by much).
    const entry = assets.find((name) => /^app-[\w-]+\.js$/.test(name))!;
    const raw = await readFile(join(inject('webDist'), 'assets', entry));
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: `/assets/${entry}`, headers: { 'accept-encoding': accept } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding'], accept).toBe(encoding);
      expect(reply.rawPayload.length, accept).toBeLessThan(raw.length / 3);
      expect(decode(reply.rawPayload).equals(raw), accept).toBe(true);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await t.call({ method: 'GET', url: `/assets/${entry}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);

    for (const [accept, encoding, decode] of [
      ['br;q=1.0, gzip;q=0.8', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const reply = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': accept } });
      expect(reply.headers['content-encoding'], accept).toBe(encoding);
      expect(reply.headers.vary).toContain('Accept-Encoding');
      expect(decode(reply.rawPayload).toString('utf8'), accept).toContain(HERO);
    }
    const page = await t.call({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain(HERO);
  });

  it("puts a banner's message in the page as data that cannot end its block", async () => {
    const message = '</script><script>alert(1)</script><!-- sale';
    const created = await t.call({
      method: 'POST',
      url: '/api/announcement/addAnnouncement',
      token: admin,
      payload: { Message: message, StartTime: '2020-01-01T00:00:00Z', EndTime: '2099-01-01T00:00:00Z', IsPinned: true, Color: 'Red', TextColor: '#ffffff' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { body } = await page('/');
    expect(bannerMark(body)).toBe('on');
    expect(bannerData(body).message).toBe(message);
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)).toHaveLength(scripts(body).filter((tag) => tag.startsWith('<script')).length + 1);
  });
});

describe("page hints: a route's module, CSS and first reads preloaded with the page", () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    // The server's clock at the real time: the browser's session ends a token at its `exp`, by its own clock.
    t = await startTestServer({ listen: true, now: new Date().toISOString(), settings: { webDist: inject('webDist'), production: true } });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const served = async (url: string) => {
    const reply = await t.call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(reply.statusCode, url).toBe(200);
    return preloads(reply.body);
  };

  it('serves /books and a book page rendered with their stylesheets and data, and nothing else to fetch before the first paint', async () => {
    const books = await served('/books');
    const kinds = books.map(([kind]) => kind);
    expect(books.filter(([kind, href]) => kind === 'stylesheet' && /^\/assets\/books-page-[\w-]+\.css$/.test(href!)).length).toBe(1);
    // Its modules are for hydration, which the entry script starts: preloaded beside the CSS and
    // covers they would only share a slow line with what the first paint waits for. The entry's
    // own (every page's, as on a page without hints) stay.
    const modules = (list: string[][]) => list.filter(([kind]) => kind === 'modulepreload');
    const entryOwn = modules(await served('/contact'));
    expect(modules(books)).toEqual(entryOwn);
    // The page carries its data: asking for it again beside the scripts would only compete with them.
    expect(kinds).not.toContain('fetch');
    const book = await served(`/bookDetails/${IDS.munaMadan}`);
    expect(book.map(([kind]) => kind)).not.toContain('fetch');
    expect(modules(book)).toEqual(entryOwn);
    expect(book.filter(([kind]) => kind === 'stylesheet').length).toBeGreaterThan(0);
    // Every file named is one the server has.
    for (const [, href] of [...books, ...book]) {
      expect((await t.call({ method: 'GET', url: href! })).statusCode, href).toBe(200);
    }
  });

  it("records each route's reads in the build, and a server without the server-side bundle preloads them", async () => {
    const hints = JSON.parse(await readFile(join(inject('webDist'), 'page-hints.json'), 'utf8')) as { routes: { pattern: string; reads: string[] }[] };
    const reads = Object.fromEntries(hints.routes.map((route) => [route.pattern, route.reads.map((tag) => /href="([^"]+)"/.exec(tag)![1]!.replace(/&amp;/g, '&'))]));
    expect(reads).toEqual({
      '/books': ['/api/book/all?page=1&pageSize=8&sortBy=createdat&sortDesc=true'],
      '/bookDetails/:bookId': ['/api/bookcrud/getbookbyid/:bookId', '/api/review/getReviews/:bookId'],
    });
    // The same build without its server-side bundle beside it: pages as prerendered, with their reads preloaded.
    const copy = await mkdtemp(join(tmpdir(), 'pustak-web-copy-'));
    let plain: TestServer | undefined;
    try {
      await cp(inject('webDist'), copy, { recursive: true });
      plain = await startTestServer({ settings: { webDist: copy, production: true } });
      const server = plain;
      const page = async (url: string) => preloads((await server.call({ method: 'GET', url, headers: { accept: 'text/html' } })).body);
      const plainBooks = await page('/books');
      const booksReads = plainBooks.filter(([kind]) => kind === 'fetch').map(([, href]) => href);
      expect(booksReads).toEqual(reads['/books']);
      // A page that needs the app to show its data has the route's modules preloaded beside the entry.
      expect(plainBooks.filter(([kind]) => kind === 'modulepreload').map(([, href]) => href)).toContainEqual(expect.stringMatching(/^\/assets\/books-page-[\w-]+\.js$/));
      expect((await server.call({ method: 'GET', url: booksReads[0]! })).statusCode).toBe(200);
      const bookReads = (await page(`/bookDetails/${IDS.munaMadan}`)).filter(([kind]) => kind === 'fetch').map(([, href]) => href);
      expect(bookReads).toEqual([`/api/bookcrud/getbookbyid/${IDS.munaMadan}`, `/api/review/getReviews/${IDS.munaMadan}`]);
      expect((await server.call({ method: 'GET', url: bookReads[0]! })).json().data.title).toBe('Muna Madan');
    } finally {
      await plain?.close();
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('names no read for another query or an address it cannot decode, and nothing on pages without hints', async () => {
    const filtered = await served('/books?genre=Fiction');
    expect(filtered.some(([kind, href]) => kind === 'stylesheet' && /^\/assets\/books-page-[\w-]+\.css$/.test(href!))).toBe(true);
    expect(filtered.filter(([kind]) => kind === 'fetch')).toEqual([]);
    expect(await served('/bookDetails/a/b')).toEqual(await served('/contact'));
    expect((await served('/contact')).filter(([kind]) => kind === 'fetch')).toEqual([]);
    expect(await served('/contact')).toEqual(await served('/cart'));
  });

  it('paints /books and a book page with their books before any script runs', async () => {
    const context = await browser.newContext({ baseURL: t.url, viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/books');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('All Books');
      expect(await page.getByRole('searchbox', { name: 'Search books' }).or(page.getByRole('textbox', { name: 'Search books' })).count()).toBe(1);
      expect(await page.getByText('Sort By').count()).toBeGreaterThan(0);
      expect(await page.getByText('Showing page 1 of 4 — Total books: 27').count()).toBe(1);
      const cover = page.getByRole('img', { name: 'Karnali Blues' });
      expect(await cover.evaluate((img) => new URL((img as HTMLImageElement).src).origin)).toBe(new URL(t.url).origin);
      await page.goto(`/bookDetails/${IDS.munaMadan}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/muna madan/i);
      expect(await page.getByRole('button', { name: /add to cart/i }).count()).toBe(1);
      // A query reads other data: that page is sent with it too.
      await page.goto('/books?genre=Fiction');
      expect(await page.getByText(/^Showing page 1 of \d+/).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  /** A browser context where Sita (a customer) is signed in, as the app stores a session. */
  const sitaContext = async (viewport: { width: number; height: number }) => {
    const token = await t.login('sita');
    const context = await browser.newContext({ baseURL: t.url, viewport });
    await context.addInitScript(
      (session) => {
        localStorage.setItem('token', session.token);
        localStorage.setItem('role', 'User');
        localStorage.setItem('userId', session.userId);
      },
      { token, userId: IDS.sita },
    );
    return context;
  };

  /** Holds the answer for a page module back until the returned function is called. */
  const holdModule = async (context: BrowserContext, module: RegExp) => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await context.route(module, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };

  /** Resolves once React has taken over the page's main heading (it marks each node it owns). */
  const hydrated = (page: Page) =>
    page.waitForFunction(() => {
      const heading = document.querySelector('main h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    });

  it('a signed-in visitor goes from the page sent straight to the page as theirs, never through the loading spinner, with no error', async () => {
    for (const path of ['/', '/books', `/bookDetails/${IDS.munaMadan}`]) {
      const context = await sitaContext(PHONE);
      try {
        await context.addInitScript(() => {
          // Every "Loading page" spinner the document ever holds (the route's Suspense fallback).
          new MutationObserver(() => {
            if (document.body?.textContent?.includes('Loading page')) (window as { sawSpinner?: boolean }).sawSpinner = true;
          }).observe(document, { childList: true, subtree: true });
        });
        const page = await context.newPage();
        const errors = errorsOf(page);
        await page.goto(path);
        if (path === '/') await page.getByRole('heading', { level: 1, name: HERO }).waitFor();
        else if (path === '/books') await page.getByText(/^Showing page 1/).waitFor();
        else await page.getByRole('heading', { level: 1, name: 'Muna Madan' }).waitFor();
        await hydrated(page);
        // Hydrated as the guest it was rendered for, then shown as Sita's: her initial on the account button.
        await page.getByRole('button', { name: 'Open account panel' }).getByText(/^s$/i).waitFor();
        expect(await page.evaluate(() => (window as { sawSpinner?: boolean }).sawSpinner ?? false), path).toBe(false);
        expect(errors, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('a visitor who scrolls the page sent before the app has it stays where they scrolled', async () => {
    const context = await browser.newContext({ baseURL: t.url, viewport: PHONE });
    try {
      const release = await holdModule(context, /\/assets\/book-details-page-[\w-]+\.js$/);
      const page = await context.newPage();
      await page.goto(`/bookDetails/${IDS.munaMadan}`);
      await page.getByRole('button', { name: 'Submit Review' }).scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      release();
      await hydrated(page);
      // The app's first effects have run: a task after hydration's commit.
      await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    } finally {
      await context.close();
    }
  });

  it("a signed-in visitor's page stays where it was sent as it becomes theirs: nothing moves", async () => {
    // Tall enough to hold the whole page, its review form included: a shift counts only where it
    // can be seen. (The home page's first screen: phone-first-screen.test.ts.)
    for (const path of ['/books', `/bookDetails/${IDS.munaMadan}`]) {
      const context = await sitaContext({ width: 1280, height: 3200 });
      try {
        await recordLayoutShifts(context);
        const page = await context.newPage();
        await page.goto(path);
        await hydrated(page);
        await page.getByRole('button', { name: 'Open account panel' }).getByText(/^s$/i).waitFor();
        // Everything the page asks for at first has come (covers, reviews, the banner's refresh).
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
        expect(await shifts(page), path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('paints a page sent rendered only once all of it is parsed, on a slow phone too', async () => {
    // A slow phone's parser yields mid-page, and the browser would paint what it has so far: the
    // header's logo before its name, a review's stars one at a time, each paint moving what the
    // next one adds to (the layout shift that failed stop 20's CI run). The page's head asks the
    // browser to wait for the mark after #root; here the CPU runs 4 times slower, and the first
    // frame must already hold the whole page.
    for (const path of ['/', '/books', `/bookDetails/${IDS.munaMadan}`]) {
      const context = await browser.newContext({ baseURL: t.url, viewport: PHONE });
      try {
        await context.addInitScript(() => {
          requestAnimationFrame(() => {
            (window as { firstFrame?: unknown }).firstFrame = { parsed: document.getElementById('page-end') !== null, root: document.getElementById('root')?.childElementCount };
          });
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(path, { waitUntil: 'commit' });
        const firstFrame = await page.waitForFunction(() => (window as { firstFrame?: unknown }).firstFrame).then((handle) => handle.jsonValue());
        expect(firstFrame, path).toEqual({ parsed: true, root: expect.any(Number) });
        expect((firstFrame as { root: number }).root, path).toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    }
  });

  it("keeps the home page's prerendered sections on screen while their module loads, and takes the page over once it is in", async () => {
    // The sections below the hero load as a module of their own, held back here for a second.
    // The app takes the page over only once it is in (preloadRoute), so no part of the page is
    // left to React to hydrate on a click it would then drop; the markup sent (the
    // placeholders) stays meanwhile, then the books show, with no hydration error.
    const context = await browser.newContext({ baseURL: t.url, viewport: DESKTOP });
    try {
      await context.addInitScript(() => {
        const seen = window as { sectionsRemoved?: number };
        seen.sectionsRemoved = 0;
        new MutationObserver((records) => {
          for (const record of Array.from(records)) {
            for (const node of Array.from(record.removedNodes)) {
              if (node instanceof Element && (node.matches('section[aria-labelledby]') || node.querySelector('section[aria-labelledby]'))) seen.sectionsRemoved! += 1;
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      let held = 0;
      await context.route(/\/assets\/home-sections-[\w-]+\.js$/, async (route) => {
        held += 1;
        await new Promise((done) => setTimeout(done, 1_000));
        await route.continue();
      });
      const page = await context.newPage();
      const errors = errorsOf(page);
      // Which came first: the books or the sections' module (the module: the app asks for the
      // books once it has the page).
      const order: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path === '/api/book/all' || /\/home-sections-/.test(path)) order.push(path.startsWith('/api/') ? 'books' : 'module');
      });
      await page.goto('/');
      // Painted as sent: the sections' headings are there before their module.
      await expect(page.locator('#new-arrivals-heading').isVisible()).resolves.toBe(true);
      const arrivals = page.getByRole('list', { name: 'New Arrivals' });
      await arrivals.getByRole('listitem').first().waitFor();
      expect(held).toBe(1);
      expect(order).toEqual(['module', 'books']);
      expect(await page.evaluate(() => (window as { sectionsRemoved?: number }).sectionsRemoved)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in Chromium, the app takes over the page it was sent: each chunk fetched once, its data read at most once more, no error', async () => {
    for (const [path, read, viewport] of [
      ['/books', '/api/book/all?page=1&pageSize=8&sortBy=createdat&sortDesc=true', PHONE],
      [`/bookDetails/${IDS.munaMadan}`, `/api/bookcrud/getbookbyid/${IDS.munaMadan}`, DESKTOP],
    ] as const) {
      const context = await browser.newContext({ baseURL: t.url, viewport });
      try {
        const page = await context.newPage();
        const errors = errorsOf(page);
        const requested: string[] = [];
        page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
        await page.goto(path);
        // The page as a user sees it once its data is in.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (path === '/books') await page.getByText(/^Showing page 1/).waitFor();
        else await page.getByRole('heading', { level: 1, name: 'Muna Madan' }).waitFor();
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
        // The page came with its data: the app only checks it once more (SWR), after hydrating.
        expect(requested.filter((url) => url === read).length, path).toBeLessThanOrEqual(1);
        const chunks = requested.filter((url) => url.startsWith('/assets/') && url.endsWith('.js'));
        expect(chunks.length, path).toBeGreaterThan(1);
        expect(new Set(chunks).size, `${path}: ${chunks.join(' ')}`).toBe(chunks.length);
        // A prerendered page is taken over as it is: no hydration mismatch, no error at all.
        expect(errors, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("answers a visitor's clicks made on a page sent rendered before the app has taken it over, once it has", async () => {
    for (const [path, module, click, answer] of [
      // The header's account button, on the list (run 1808 lost this click).
      ['/books', /\/assets\/books-page-[\w-]+\.js$/, 'Open account panel', (page: Page) => page.getByRole('dialog', { name: 'Your account' }).getByRole('link', { name: 'Cart', exact: true })],
      // The page's own ADD TO CART (a server run lost this one).
      [`/bookDetails/${IDS.munaMadan}`, /\/assets\/book-details-page-[\w-]+\.js$/, 'ADD TO CART', (page: Page) => page.getByText('Added to Cart').first()],
      // Sent as a guest sees it: answered as the signed-in customer, not with the sign-in prompt.
      [`/bookDetails/${IDS.munaMadan}`, /\/assets\/book-details-page-[\w-]+\.js$/, 'Submit Review', (page: Page) => page.getByText('Please select a rating')],
    ] as const) {
      const context = await sitaContext(DESKTOP);
      try {
        // The page's module held back until the click is made: the app cannot have the page yet.
        const release = await holdModule(context, module);
        const page = await context.newPage();
        const errors = errorsOf(page);
        await page.goto(path);
        await page.getByRole('button', { name: click, exact: true }).click();
        release();
        await answer(page).waitFor();
        expect(errors, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('keeps what a visitor typed into a page sent rendered before the app had it, and a search then searches for it', async () => {
    // React hydrates a field with its own (empty) state; the page's next render wiped what the
    // field showed: a search on /books, a review being written.
    const context = await sitaContext(DESKTOP);
    try {
      const releaseList = await holdModule(context, /\/assets\/books-page-[\w-]+\.js$/);
      const page = await context.newPage();
      const errors = errorsOf(page);
      await page.goto('/books');
      await page.getByRole('searchbox', { name: 'Search books' }).fill('devkota');
      await page.getByRole('search', { name: 'Search books' }).getByRole('button', { name: 'Search' }).click();
      releaseList();
      await page.waitForURL('**/books?search=devkota');
      await page.getByText(/^Showing page 1 of 1 — Total books: 2$/).waitFor();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search books' }).inputValue()).toBe('devkota');

      const review = 'Devkota at his best: read it aloud.';
      const releaseBook = await holdModule(context, /\/assets\/book-details-page-[\w-]+\.js$/);
      const book = await context.newPage();
      const bookErrors = errorsOf(book);
      await book.goto(`/bookDetails/${IDS.munaMadan}`);
      await book.getByRole('textbox', { name: 'Your review' }).fill(review);
      releaseBook();
      await hydrated(book);
      await book.getByRole('button', { name: 'Open account panel' }).getByText(/^s$/i).waitFor();
      await book.waitForLoadState('networkidle');
      expect(await book.getByRole('textbox', { name: 'Your review' }).inputValue()).toBe(review);
      // It is the form's own text now: submitted without stars, the form says what is missing and keeps it.
      await book.getByRole('button', { name: 'Submit Review' }).click();
      await book.getByText('Please select a rating').waitFor();
      expect(await book.getByRole('textbox', { name: 'Your review' }).inputValue()).toBe(review);
      expect([...errors, ...bookErrors]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("text from visitors, customers and staff on the pages sent: shown as written, never as a pattern of the page's template", () => {
  // Every replacement pattern of String.prototype.replace (each expands to part or all of the
  // page if the text fills a template as a replacement string), what would end a JSON block or
  // open a comment in it, and a JavaScript line terminator. Trimmed fields keep it inside.
  const PAYLOAD = "a $& b $` c $' d $1 e $$ f </script> g <!-- h \u2028 i";
  // The same length without any of it: the page it is in is the size to compare with.
  const PLAIN = 'x'.repeat(PAYLOAD.length);
  const FIELDS = ['title', 'author', 'description', 'publisher', 'language', 'isbn'] as const;
  // The contract's maxLength of the shorter fields: the payload goes in as much as fits (every
  // pattern but the last ones still in the ISBN's 32 characters).
  const LIMITS: Partial<Record<(typeof FIELDS)[number], number>> = { language: 64, isbn: 32 };
  let t: TestServer;
  let admin: string;
  let staff: string;
  let browser: Browser;
  let preview: Awaited<ReturnType<typeof previewServer>> | undefined;
  /** The book made with `text` in each field, reviewed by a customer named with it, and its texts. */
  const books: Record<'payload' | 'plain', { bookId: string; texts: string[] }> = {} as never;

  /** `vite preview` of the build (build/prerender.ts's plugin) reading its pages' data from this server. */
  async function previewServer(apiUrl: string) {
    const webRoot = resolve(import.meta.dirname, '../../packages/web');
    const before = process.env.PUSTAK_API_URL;
    process.env.PUSTAK_API_URL = apiUrl; // read by vite.config.ts as preview() loads it
    try {
      const server = await vitePreview({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir: inject('webDist') },
        preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
      });
      const address = server.httpServer.address();
      if (!address || typeof address === 'string') throw new Error('vite preview did not bind a port');
      return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise<void>((done) => server.httpServer.close(() => done())) };
    } finally {
      if (before === undefined) delete process.env.PUSTAK_API_URL;
      else process.env.PUSTAK_API_URL = before;
    }
  }

  /** A new book with `text` in every free-text field, bought and reviewed by a customer named with it. */
  async function reviewedBook(label: 'payload' | 'plain', text: string) {
    const texts = Object.fromEntries(FIELDS.map((field) => [field, (LIMITS[field] ? `${label[0]}${text}` : `${label} ${field} ${text}`).slice(0, LIMITS[field])])) as Record<(typeof FIELDS)[number], string>;
    const form = new FormData();
    const fields = { ...texts, genre: 'Fiction', publicationDate: '2020-01-01T00:00:00Z', price: '450', quantity: '5', discount: '0', format: 'Paperback' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const body = new Request('http://form.invalid', { method: 'POST', body: form });
    const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, headers: { 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
    expect(created.statusCode, created.body).toBe(200);
    const bookId = created.json().data.bookId as string;

    const username = `${label} reader ${text}`;
    const email = `${label}-reader@example.com`;
    const registered = await t.call({ method: 'POST', url: '/api/Auth/register', payload: { email, username, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(registered.statusCode, registered.body).toBe(200);
    const code = /Your OTP is (\d{5})/.exec(t.server.services.mailer.outbox!.findLast((mail) => mail.to === email)!.text)![1];
    expect((await t.call({ method: 'PUT', url: '/api/auth/verify', payload: { Id: registered.json().user.id, VerificationCode: code } })).statusCode).toBe(200);
    const customer = await t.login(username);
    expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer, payload: { bookId, quantity: 1 } })).statusCode).toBe(200);
    const placed = (await t.call({ method: 'POST', url: '/api/order/place', token: customer })).json().data;
    expect((await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${placed.orderId}`, token: staff, payload: { ClaimCode: placed.claimCode } })).statusCode).toBe(200);
    const comment = `${label} comment ${text}`;
    const reviewed = await t.call({ method: 'POST', url: '/api/review/addReview', token: customer, payload: { bookId, Stars: 4, Comment: comment } });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    return { bookId, texts: [...Object.values(texts), username, comment] };
  }

  beforeAll(async () => {
    // The server's clock at the real time: the browser's session ends a token at its `exp`, by its own clock.
    t = await startTestServer({ listen: true, now: new Date().toISOString(), settings: { webDist: inject('webDist'), production: true } });
    [admin, staff] = [await t.login('admin'), await t.login('staff')];
    books.payload = await reviewedBook('payload', PAYLOAD);
    books.plain = await reviewedBook('plain', PLAIN);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    preview = await previewServer(t.url);
  });
  afterAll(async () => {
    await preview?.close();
    await browser?.close();
    await t?.close();
  });

  /** Where pages are served from: the Pustak server, and `vite preview` with the same data. */
  const origins = () => [['server', t.url], ['vite preview', preview!.url]] as const;

  /** The page at `url` as sent (HTML). */
  async function fetchHtml(origin: string, url: string) {
    const response = await fetch(`${origin}${url}`, { headers: { accept: 'text/html' } });
    expect(response.status, url).toBe(200);
    const html = await response.text();
    // A page's markup is tens of KB: one a thousand times that is no page to load in a browser.
    expect(html.length, url).toBeLessThan(1_000_000);
    return html;
  }

  /** The page at `url` as sent (HTML) and as a browser without JavaScript shows it. */
  async function fetchPage(origin: string, url: string) {
    const html = await fetchHtml(origin, url);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}${url}`);
      // Its text, and what its fields hold (the search box).
      const shown = await page.evaluate(() =>
        [document.getElementById('root')?.textContent ?? '', ...Array.from(document.querySelectorAll('input'), (input) => input.value)].join('\n'),
      );
      return { html, shown };
    } finally {
      await context.close();
    }
  }

  /** One document, its JSON blocks whole, and sized as the same page with ordinary text. */
  function expectWhole(html: string, plainHtml: string, label: string) {
    expect(html.match(/<html[\s>]/gi), label).toHaveLength(1);
    expect(html.match(/<\/html>/gi), label).toHaveLength(1);
    // React's own markers between text nodes only: no comment opened by the text.
    expect(html.match(/<!--/g)?.length, label).toBe(plainHtml.match(/<!--/g)?.length);
    // Escaping (`&lt;`, `\u003c`) makes it a little longer; a pattern expanded, by a copy of the page.
    expect(Math.abs(html.length - plainHtml.length), label).toBeLessThan(2_000);
  }
  /** The text of the page's one JSON block `id`: JSON that reads the same as a script (no raw U+2028/U+2029). */
  const block = (html: string, id: string) => {
    expect(html.match(new RegExp(`id="${id}"`, 'g'))).toHaveLength(1);
    const text = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html)![1]!;
    expect(text).not.toMatch(/[\u2028\u2029]/);
    return JSON.parse(text) as unknown;
  };
  const pageData = (html: string) => block(html, 'pustak-page') as { fallback: Record<string, unknown> };

  it('a /books search in the address, the issue\'s 160 pairs of `$`` and `$\'` too: the page stays its size', async () => {
    const pairs = "$`$'".repeat(160);
    for (const [where, origin] of origins()) {
      const plain = { html: await fetchHtml(origin, `/books?search=${encodeURIComponent(PLAIN)}`) };
      const sent = await fetchPage(origin, `/books?search=${encodeURIComponent(PAYLOAD)}`);
      expectWhole(sent.html, plain.html, where);
      expect(sent.shown, where).toContain(PAYLOAD);
      // The list read for exactly this search is the page's data.
      expect(Object.keys(pageData(sent.html).fallback).some((key) => key.includes(PAYLOAD)), where).toBe(true);

      // As a browser's address bar sends it (`'` too escaped): a 2 KB address.
      const url = `/books?search=${encodeURIComponent(pairs).replace(/'/g, '%27')}`;
      expect(url.length).toBeGreaterThan(1_900);
      const repro = { html: await fetchHtml(origin, url) };
      expect(repro.html.match(/<html[\s>]/gi), where).toHaveLength(1);
      expect(repro.html.length, where).toBeLessThan(plain.html.length + 3 * pairs.length);
      // 640 characters are past the contract's 200 for a search: the read is refused (422), so the
      // page goes without its data and the app shows the refusal.
      expect(repro.html, where).not.toContain('id="pustak-page"');
    }
  });

  it("a book's title, author, description, publisher, language and ISBN, and its review's comment and reviewer: on its page and in /books", async () => {
    for (const [where, origin] of origins()) {
      const plain = { html: await fetchHtml(origin, `/bookDetails/${books.plain.bookId}`) };
      const sent = await fetchPage(origin, `/bookDetails/${books.payload.bookId}`);
      expectWhole(sent.html, plain.html, where);
      const data = JSON.stringify(Object.values(pageData(sent.html).fallback));
      for (const text of books.payload.texts) {
        expect(sent.shown, `${where}: ${text}`).toContain(text);
        expect(data, `${where}: ${text}`).toContain(JSON.stringify(text).slice(1, -1));
      }
      // The newest books lead the list: both are on its first page.
      const list = await fetchPage(origin, '/books');
      expect(list.html.match(/<html[\s>]/gi), where).toHaveLength(1);
      expect(list.shown, where).toContain(books.payload.texts[0]);
      expect(JSON.stringify(pageData(list.html).fallback), where).toContain(JSON.stringify(books.payload.texts[0]).slice(1, -1));
    }
  });

  it("the banner's message, on the home page and a page sent with its data", async () => {
    const banner = (Message: string) => ({ Message, StartTime: '2020-01-01T00:00:00Z', EndTime: '2099-01-01T00:00:00Z', IsPinned: true, Color: 'Red', TextColor: '#ffffff' });
    const created = await t.call({ method: 'POST', url: '/api/announcement/addAnnouncement', token: admin, payload: banner(PLAIN) });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.announcementId as string;
    const pages = ['/', '/books', `/bookDetails/${books.plain.bookId}`];
    const plain = await Promise.all(origins().flatMap(([, origin]) => pages.map((url) => fetchHtml(origin, url))));
    const updated = await t.call({ method: 'PUT', url: `/api/announcement/update/${id}`, token: admin, payload: banner(PAYLOAD) });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const [i, [where, origin]] of origins().entries()) {
      for (const [j, url] of pages.entries()) {
        const html = await fetchHtml(origin, url);
        expectWhole(html, plain[i * pages.length + j]!, `${where} ${url}`);
        expect(bannerMark(html), `${where} ${url}`).toBe('on');
        expect((block(html, 'pustak-banner') as { message: string }).message, `${where} ${url}`).toBe(PAYLOAD);
      }
    }
  });
});
