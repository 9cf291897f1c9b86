// The served web app runs under its Content-Security-Policy with no violation: the production
// build, served by the real server in production mode (no dev routes) on a free loopback port,
// every route of the app loaded in Chromium as a guest, a customer, staff and an admin. Every
// `securitypolicyviolation` event and every CSP message on the console counts.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDS, startTestServer, webAppCsp, type TestServer } from '@pustak/server/test/helpers';
import { CHROMIUM_ARGS, DESKTOP, PHONE, loadImages } from './harness.js';

let t: TestServer;
let browser: Browser;
const sessions: Record<string, { token: string; role: string; userId: string }> = {};

beforeAll(async () => {
  // The server's clock at the real time: the browser's session ends a token at its `exp`, by its own clock.
  t = await startTestServer({ listen: true, now: new Date().toISOString(), settings: { webDist: inject('webDist'), production: true } });
  for (const [name, id] of [['sita', IDS.sita], ['staff', IDS.staff], ['admin', IDS.admin]] as const) {
    const token = await t.login(name);
    sessions[name] = { token, role: name === 'sita' ? 'User' : name === 'staff' ? 'Staff' : 'Admin', userId: id };
  }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const PUBLIC = ['/', '/books', '/books?search=muna&genre=Fiction', `/bookDetails/${IDS.munaMadan}`, '/new-arrivals', '/best-selling', '/deal-of-the-day',
  '/contact', '/shop', '/category/fiction', '/category/non-fiction', '/profile', '/no/such/page'];
const PHONE_ROUTES = ['/', '/books', `/bookDetails/${IDS.munaMadan}`];
const CUSTOMER = ['/myOrders', '/wishlist', '/cart', '/profile'];
const ADMIN = ['/admin', '/admin/reports', '/admin/settings', '/admin/books', '/admin/books/addBooks', `/admin/books/edit/${IDS.munaMadan}`,
  `/admin/books/view/${IDS.munaMadan}`, '/admin/orders', '/admin/users', '/admin/staff', '/admin/banners'];
const STAFF = ['/staff', '/staff/orders'];

/** The first and second half of a route list, for two visits side by side. */
const halves = (routes: string[]) => [routes.slice(0, Math.ceil(routes.length / 2)), routes.slice(Math.ceil(routes.length / 2))] as const;

interface Violation {
  route: string;
  what: string;
}

/** Opens each route in one page (a fresh document each time) and answers the violations seen. */
async function visit(routes: string[], who: keyof typeof sessions | null, viewport = DESKTOP): Promise<Violation[]> {
  const context = await browser.newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce' });
  const violations: Violation[] = [];
  let route = '';
  try {
    await context.addInitScript((session) => {
      if (session) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('role', session.role);
        localStorage.setItem('userId', session.userId);
      }
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
      });
    }, who ? sessions[who]! : null);
    const page: Page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push({ route, what: message.text() });
    });
    page.on('pageerror', (error) => violations.push({ route, what: `page error: ${error.message}` }));
    for (route of routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['content-security-policy'], route).toBe(webAppCsp());
      // Rendered: the page's heading is there and nothing is still loading (lazy chunks, covers, data).
      await page.locator('h1').first().waitFor();
      await loadImages(page);
      await page.waitForLoadState('networkidle');
    }
  } finally {
    await context.close();
  }
  return violations;
}

describe('the web app under its Content-Security-Policy', () => {
  it('sends the policy: scripts, styles and connections from its own origin only, no framing', () => {
    const csp = webAppCsp();
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  // Each visit waits on the network going quiet after every route, so the visits of a test run
  // side by side, each in its own context: the waits overlap, the pages stay apart.
  it('every storefront route, as a guest, on a desktop, and the main ones on a phone: no violation', async () => {
    const [first, second] = halves(PUBLIC);
    const visits = await Promise.all([
      visit(first, null, DESKTOP),
      visit(second, null, DESKTOP),
      // A phone loads the same chunks, covers and data; these pages differ on it (the filters
      // drawer, the phone header, the book page's first screen).
      visit(PHONE_ROUTES, null, PHONE),
    ]);
    expect(visits.flat()).toEqual([]);
  });

  it("every customer route, signed in as sita: no violation", async () => {
    expect(await visit(CUSTOMER, 'sita')).toEqual([]);
  });

  it('every admin and staff route: no violation', async () => {
    const [first, second] = halves(ADMIN);
    const visits = await Promise.all([visit(first, 'admin'), visit(second, 'admin'), visit(STAFF, 'staff')]);
    expect(visits.flat()).toEqual([]);
  });
});
