// Shared pieces for the browser tests: Debian's Chromium through playwright-core (nothing is
// downloaded), screenshots at phone and desktop widths, and an axe-core check.
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { CHROMIUM_ARGS as chromiumArgs, chromiumPath } from '@pustak/dev-tools/chromium';
import { startTestServer, type TestServer, type TestServerOptions } from '@pustak/server/test/helpers';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const screenshotDir = resolve(import.meta.dirname, '../../test-results/screenshots');
const failureDir = resolve(import.meta.dirname, '../../test-results/failures');

/**
 * The real server serving the production build, its test clock started at the real time (so a
 * page's clock can be installed at the same instant), and Chromium, for the calling file
 * (registers its hooks); call the answers inside a test.
 */
export function useRealServerAndBrowser(settings: TestServerOptions['settings'] = {}): { server: () => TestServer; browser: () => Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer({ listen: true, now: new Date().toISOString(), settings: { webDist: inject('webDist'), production: true, ...settings } });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { server: () => server!, browser: () => browser! };
}

/** What the sign-in dialog stores (localStorage token, role, userId). */
export interface StoredSession {
  token: string;
  role: string;
  userId: string;
}
/** The mock gateway's users: it maps each bearer token to its role and user. */
export const ADMIN: StoredSession = { token: 'mock.admin.token', role: 'Admin', userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a01' };
export const STAFF: StoredSession = { token: 'mock.staff.token', role: 'Staff', userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a02' };
/** sita, the customer. */
export const CUSTOMER: StoredSession = { token: 'mock.customer.token', role: 'User', userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03' };
/** bookId of Muna Madan in the mock's examples. */
export const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003';

/**
 * The test browser: Debian's Chromium as `npm run perf` starts it, with one renderer process for
 * all its tabs. Every page of a run is one site (loopback), and Chromium otherwise starts a
 * renderer for each new tab and keeps a spare beside it: a new process, its Blink and V8 set up,
 * the app's scripts compiled again. Measured, the whole end to end alone on the 2-core machine,
 * same hour: 282 to 254 CPU-s, 205 to 192 s (a few CPU-s of it server-flow's two server
 * processes, packages/server/test/processes.ts). Tabs keep their own documents and storage (a
 * context each); only the process is shared, as a browser short of memory shares it.
 */
export const CHROMIUM_ARGS: string[] = [...chromiumArgs, '--renderer-process-limit=1'];

export interface BrowserSession {
  browser: Browser;
  appUrl: string;
  mockUrl: string;
  /**
   * A page at the given viewport, with reduced motion so dialogs and drawers are screenshotted
   * fully open: a fresh context (own localStorage), or with `reuseTabs` a tab an earlier test of
   * the file left, wiped clean (see openBrowser).
   */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** A new page (as newPage) whose localStorage already holds `who`'s session. */
  signedInPage(who: StoredSession, viewport?: { width: number; height: number }): Promise<Page>;
  /** Every page newPage opened since the last closePages, watched for the failure report. */
  watchedPages: WatchedPage[];
  /** Ends every page newPage gave out so far (useBrowserSession: after each test). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * Hand a test the tab an earlier test of the file used, wiped clean, instead of a new context
   * and tab. A new tab costs Chromium a renderer process and its first load about 1.3 s of CPU
   * more than a navigation in a tab it has (measured on the 2-core CI machine); a file of 15
   * tests with two pages each spends half its CPU opening tabs. Between tests a kept tab is
   * left on about:blank (its app, timers and hub connection gone), its routes, init scripts and
   * listeners dropped, and its origin's storage and cookies cleared: what a test can see of an
   * earlier one is only the browser's memory cache, warm as for a returning visitor. A tab whose
   * test touched what cannot be undone (Playwright's clock, exposed functions, context-wide init
   * scripts, emulated media, offline) is closed instead, as are all tabs without this option.
   * Tests about a first visit (what is fetched, what paints first) keep fresh contexts.
   */
  reuseTabs?: boolean;
}

interface Tab {
  context: BrowserContext;
  /** page.addInitScript as Playwright has it (the page's own is wrapped to mark the tab dirty). */
  addInitScript: Page['addInitScript'];
  watched: WatchedPage;
  /** Init scripts the harness added for this test (presetSession): dropped by the wipe. */
  scripts: { dispose(): Promise<void> }[];
  /** The test did something to the tab that cleaning cannot undo. */
  dirty: boolean;
}
const tabs = new WeakMap<Page, Tab>();

/** Playwright gives every launch a fresh, temporary user data dir of its own. */
export async function openBrowser({ reuseTabs = false }: BrowserOptions = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath as string,
    args: CHROMIUM_ARGS,
  });
  const appUrl = inject('appUrl');
  const inUse: Tab[] = [];
  const idle: Tab[] = [];
  const watchedPages: WatchedPage[] = [];
  const openTab = async (viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport, baseURL: appUrl, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const tab: Tab = { context, addInitScript: page.addInitScript.bind(page), watched: await watchPage(page), scripts: [], dirty: false };
    markDirtyOnLastingChanges(page, tab);
    tabs.set(page, tab);
    return tab;
  };
  const newPage = async (viewport = DESKTOP) => {
    let tab = idle.pop();
    if (tab) {
      const size = tab.watched.page.viewportSize();
      if (size?.width !== viewport.width || size?.height !== viewport.height) await tab.watched.page.setViewportSize(viewport);
    } else {
      tab = await openTab(viewport);
    }
    inUse.push(tab);
    watchedPages.push(tab.watched);
    return tab.watched.page;
  };
  const end = async (tab: Tab) => {
    if (reuseTabs && !tab.dirty && !tab.watched.page.isClosed() && (await wipe(tab, appUrl))) idle.push(tab);
    else await tab.context.close().catch(() => {});
  };
  return {
    browser,
    appUrl,
    mockUrl: inject('appMockUrl'),
    newPage,
    watchedPages,
    async signedInPage(who, viewport = DESKTOP) {
      const page = await newPage(viewport);
      await presetSession(page, who);
      return page;
    },
    async closePages() {
      watchedPages.splice(0);
      await Promise.all(inUse.splice(0).map(end));
    },
    async close() {
      await Promise.allSettled([...inUse.splice(0), ...idle.splice(0)].map((tab) => tab.context.close()));
      await browser.close();
    },
  };
}

/** Marks the tab dirty when its test uses what a wipe cannot undo. */
function markDirtyOnLastingChanges(page: Page, tab: Tab) {
  const mark = <T extends object>(target: T, methods: string[]) => {
    for (const name of methods) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        tab.dirty = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  mark(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward', 'resume']);
  mark(page, ['addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia', 'setExtraHTTPHeaders']);
  mark(page.context(), ['addInitScript', 'exposeFunction', 'exposeBinding', 'setOffline', 'grantPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'route', 'routeWebSocket']);
}

/**
 * Makes a kept tab as a new one would be for the next test: on about:blank, no routes, no init
 * scripts or listeners of the last test, the app origin's storage and cookies cleared. Answers
 * false when it could not (the tab is then closed).
 */
async function wipe(tab: Tab, appUrl: string): Promise<boolean> {
  const { page, log } = tab.watched;
  try {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('about:blank');
    for (const script of tab.scripts.splice(0)) await script.dispose();
    page.removeAllListeners();
    log.length = 0;
    listenForTheReport(page, log);
    await tab.context.clearCookies();
    const cdp = await tab.context.newCDPSession(page);
    try {
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(appUrl).origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    return true;
  } catch {
    return false;
  }
}

/** A page whose clicks, console errors, page errors, failed requests and navigations are kept. */
export interface WatchedPage {
  page: Page;
  log: string[];
}

/** Starts keeping what `page` says and receives, for describeWatchedPages (before its first goto). */
export async function watchPage(page: Page): Promise<WatchedPage> {
  // Every click the page receives (trusted, or replayed by the app), for the failure report.
  await page.context().addInitScript(() => {
    const clicks: string[] = [];
    (window as unknown as { __clicks: string[] }).__clicks = clicks;
    window.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('button, a, input, label, [role]');
        const handled = control ? Object.keys(control).some((key) => key.startsWith('__reactProps')) : false;
        const name = control?.getAttribute('aria-label') ?? control?.textContent?.trim().slice(0, 30) ?? '';
        clicks.push(`${Math.round(performance.now())}ms ${event.isTrusted ? 'trusted' : 'replayed'} ${target?.tagName ?? '?'} in ${control?.tagName ?? '-'} "${name}"${handled ? '' : ' (before the app had it)'}`);
      },
      true,
    );
  });
  // What the page said, kept for the report of a failed test (describeWatchedPages).
  const log: string[] = [];
  listenForTheReport(page, log);
  return { page, log };
}

/** Keeps what `page` says in `log`, timed from now: console errors, page errors, failed requests, navigations. */
function listenForTheReport(page: Page, log: string[]) {
  const started = Date.now();
  const note = (line: string) => log.push(`${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => note(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
  });
}

/** The open pages as a failed test left them: URL, state, a screenshot, what each page logged. */
export async function describeWatchedPages(pages: WatchedPage[], name: string): Promise<string> {
  const open = pages.filter(({ page }) => !page.isClosed());
  const parts = await Promise.all(
    open.map(async ({ page, log }, index) => {
      const state = await page
        .evaluate(() => {
          const root = document.getElementById('root');
          return {
            title: document.title,
            appHasPage: root ? Object.keys(root).some((key) => key.startsWith('__reactContainer')) : false,
            dialogs: Array.from(document.querySelectorAll('[role="dialog"], dialog[open]')).map((d) => d.getAttribute('aria-label') ?? d.getAttribute('aria-labelledby') ?? d.tagName),
            busy: document.querySelectorAll('[aria-busy="true"]').length,
            scrollY: Math.round(window.scrollY),
            clicks: (window as unknown as { __clicks?: string[] }).__clicks ?? [],
            text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 400),
          };
        })
        .catch((error: unknown) => String(error));
      let shot = '';
      try {
        await mkdir(failureDir, { recursive: true });
        shot = join(failureDir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${index}.png`);
        await page.screenshot({ path: shot, timeout: 5_000 });
      } catch (error) {
        shot = `no screenshot: ${String(error).split('\n')[0]}`;
      }
      return [`page ${index}: ${page.url()} (${JSON.stringify(page.viewportSize())})`, `  state: ${JSON.stringify(state)}`, `  screenshot: ${shot}`, ...log.slice(-30).map((line) => `  ${line}`)].join('\n');
    }),
  );
  return [`--- open pages when "${name}" failed ---`, ...parts].join('\n');
}

/**
 * Prints describeWatchedPages when the calling test fails, so that a failure seen once in twenty
 * runs can be read. Call it at the top level of a test file.
 */
export function reportPagesOnFailure(pages: () => WatchedPage[]) {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      console.log(await describeWatchedPages(pages(), task.name));
    });
  });
}

/**
 * One browser for the calling test file: opened before its tests, closed after them. Call it at
 * the top level; the session is usable inside hooks and tests.
 */
export function useBrowserSession(options: BrowserOptions = {}): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    Object.assign(session, await openBrowser(options));
  });
  // A test's pages live as long as the test: an open page keeps its clocks ticking and its hub
  // connection pinging, and every later test would share the two cores with it (a kept tab is
  // left on about:blank). A failed test's pages are described first (vitest runs onTestFinished
  // before onTestFailed, so one hook does both).
  beforeEach(({ task, onTestFinished }) => {
    onTestFinished(async (finished) => {
      if (finished.task.result?.state === 'fail') console.log(await describeWatchedPages(session.watchedPages ?? [], task.name));
      await session.closePages?.();
    });
  });
  afterAll(async () => {
    await session.close?.();
  });
  return session;
}

/**
 * Screenshots are for people to look at: `npm run screenshots` runs the browser tests with
 * PUSTAK_SCREENSHOTS=1 and saves them; `npm test` asserts the same things and takes none (a
 * full-page PNG costs a few hundred ms of the two cores, a page's covers as much again).
 */
export const takeScreenshots = process.env.PUSTAK_SCREENSHOTS === '1';

/**
 * Saves test-results/screenshots/<name>-<width>.png (the full page unless told otherwise), with
 * `images` once every cover has loaded; only under `npm run screenshots` (takeScreenshots).
 */
export async function screenshot(page: Page, name: string, { fullPage = true, images = false } = {}): Promise<void> {
  if (!takeScreenshots) return;
  if (images) await loadImages(page);
  await mkdir(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // Parts out of view (content-visibility: auto, the home page's sections) are drawn only as the
  // visitor scrolls near them: a full-page picture would show them blank (or at their stand-in
  // height), as nobody scrolling sees them. Drawn for the picture, as they are once in view.
  // (Through the elements' own style: the page's CSP refuses an added style sheet.)
  const drawAll = (drawn: boolean) =>
    page.evaluate((drawn) => {
      document.querySelectorAll<HTMLElement>(drawn ? '*' : '[data-drawn-for-screenshot]').forEach((part) => {
        if (!drawn) {
          part.style.removeProperty('content-visibility');
          delete part.dataset.drawnForScreenshot;
        } else if (getComputedStyle(part).contentVisibility === 'auto') {
          part.style.setProperty('content-visibility', 'visible');
          part.dataset.drawnForScreenshot = '';
        }
      });
    }, drawn);
  if (fullPage) await drawAll(true);
  try {
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage });
  } finally {
    if (fullPage) await drawAll(false);
  }
}

/** Lazy covers load only when scrolled to: scrolls through the page, then waits for every image to load. */
export async function loadImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 60));
    }
    window.scrollTo(0, 0);
  });
  // A list that arrived after the scroll (its data came late) has covers that were never in
  // view, and a lazy image out of view never loads: those are asked for at once instead.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      if (!image.complete && image.loading === 'lazy') image.loading = 'eager';
      return image.complete;
    }),
  );
}

/** Checks a storefront page has exactly one h1; its full-page screenshot once its covers have loaded. */
export async function storefrontScreenshot(page: Page, name: string): Promise<void> {
  expect(await page.locator('h1').count()).toBe(1);
  await screenshot(page, name, { images: true });
}

/**
 * Waits until a book page's reviews have loaded. On a phone the review form sits under the
 * reviews, so it moves down when they arrive: a click aimed at the form before then can land
 * on whatever moved into its place (Playwright checks that a target is still, not that the
 * page will not move it).
 */
export async function reviewsLoaded(page: Page) {
  await page.getByRole('list', { name: 'Reviews' }).or(page.getByText('No reviews yet.')).waitFor();
}

/** Stores a session the way the sign-in dialog does, before the app's scripts run. */
export async function presetSession(page: Page, session: StoredSession) {
  await addTestInitScript(page, (s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('role', s.role);
    localStorage.setItem('userId', s.userId);
  }, session);
}

/** page.addInitScript for this test only: a kept tab drops it before the next test (openBrowser). */
async function addTestInitScript(page: Page, script: (session: StoredSession) => void, arg: StoredSession) {
  const tab = tabs.get(page);
  if (tab) tab.scripts.push(await tab.addInitScript(script, arg));
  else await page.addInitScript(script, arg);
}

let axeSource: string | undefined;
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
/**
 * Runs axe-core in the page, once it has settled, and returns its violations of every impact
 * (minor and moderate too: a `region` or `landmark-unique` is a page a screen reader user
 * cannot move through by landmarks). Axe reads colours as shown, and a region still loading is
 * dimmed (the book grid at 60 % while it revalidates): checked then, its text fails the
 * contrast rule.
 */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** Fails with the axe violations listed, of any impact (prefixed with `where`, if given). */
export async function expectNoA11yViolations(page: Page, where?: string) {
  const violations = await a11yViolations(page);
  const list = JSON.stringify(violations, null, 2);
  expect(violations, where ? `${where}: ${list}` : list).toEqual([]);
}

/** Sends one live message through the mock hub to every connected page; answers how many got it. */
export async function broadcastLive(mockUrl: string, sender: string, text: string): Promise<number> {
  const reply = await fetch(`${mockUrl}/__mock/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sender, text }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { delivered: number }).delivered;
}

/**
 * Counts the page's completed SignalR handshakes (the hub answers `{}` + 0x1E), so a test
 * knows THIS page is connected, not just some client of the shared mock.
 */
export function watchHub(page: Page) {
  const state = { handshakes: 0 };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/hubs/notification')) return;
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('{}\x1e')) state.handshakes += 1;
    });
  });
  return state;
}

/**
 * Waits until the page shows no loading region (`aria-busy="true"`): its data has arrived and
 * is on screen. Pause a page's clock only after this. React holds the reveal of content that
 * arrives soon after a loading state for up to 300 ms, on the page's own setTimeout; a clock
 * paused mid-load never fires it, and every later update (a toast, a countdown's tick) waits
 * behind it.
 */
export async function settled(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** Sums the page's layout shifts (as CLS counts them: none right after an input) from the start. */
export async function recordLayoutShifts(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        // Each source as `TAG.class (x,y w×h) -> (x,y w×h)`: what moved, from where to where.
        const rect = (r: DOMRectReadOnly) => `(${r.x},${r.y} ${r.width}×${r.height})`;
        const sources = (entry.sources ?? []).map(
          (s) => `${s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recordLayoutShifts has seen so far. */
export const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
