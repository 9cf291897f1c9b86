// Issue 30, part 4: axe finds no violation of any impact (minor and moderate too) on any page of
// the app, storefront, account, admin and staff, at 390 and 1280 px, against the mock. One axe
// pass per page and width; a few pages are also checked in the state a user opens them into
// (the account panel, the admin's order view, the staff's Cancel dialog). Each role's pages
// share one kept tab.
import { describe, expect, it } from 'vitest';
import { type Locator, type Page } from 'playwright-core';
import { ADMIN, CUSTOMER, DESKTOP, MUNA_MADAN, PHONE, STAFF, type StoredSession, a11yViolations, type AxeViolation, useBrowserSession } from './harness';

const session = useBrowserSession({ reuseTabs: true });

interface Check {
  path: string;
  /** A state the page is checked in instead of as loaded: what is clicked, what then shows. */
  opens?: { state: string; click: (page: Page) => Locator; shown: (page: Page) => Locator };
}

const STOREFRONT: Check[] = [
  { path: '/' },
  { path: '/books' },
  { path: `/bookDetails/${MUNA_MADAN}` },
  { path: '/new-arrivals' },
  { path: '/best-selling' },
  { path: '/deal-of-the-day' },
  { path: '/shop' },
  { path: '/category/fiction' },
  { path: '/contact' },
  { path: '/profile' },
  { path: '/no-such-page' },
];
const ACCOUNT: Check[] = [
  { path: '/myOrders' },
  {
    path: '/myOrders',
    opens: {
      state: 'account panel',
      click: (page) => page.getByRole('button', { name: 'Open account panel' }),
      shown: (page) => page.getByRole('dialog', { name: 'Your account' }).getByRole('link', { name: 'Wishlist' }),
    },
  },
  { path: '/wishlist' },
  { path: '/cart' },
  // The mock answers its example receipt (Sita's order #00000002) for any order id.
  { path: '/receipt/0dde0000-0000-4000-8000-000000000002' },
  { path: '/profile' },
];
const ADMIN_PAGES: Check[] = [
  { path: '/admin' },
  { path: '/admin/reports' },
  {
    path: '/admin/reports',
    opens: {
      state: 'custom range',
      click: (page) => page.getByRole('button', { name: 'Custom' }),
      shown: (page) => page.getByRole('form', { name: 'Custom range' }).getByRole('button', { name: 'Show report' }),
    },
  },
  { path: '/admin/settings' },
  { path: '/admin/books' },
  { path: '/admin/books/addBooks' },
  { path: `/admin/books/edit/${MUNA_MADAN}` },
  { path: `/admin/books/view/${MUNA_MADAN}` },
  { path: '/admin/orders' },
  {
    path: '/admin/orders',
    opens: {
      state: 'order view',
      click: (page) => page.getByRole('table').getByRole('button', { name: /^View the order of ram on 20 November 2026/ }),
      shown: (page) => page.getByRole('dialog', { name: 'Order by ram' }).getByRole('list', { name: 'Order history' }),
    },
  },
  { path: '/admin/users' },
  { path: '/admin/staff' },
  { path: '/admin/banners' },
];
const STAFF_PAGES: Check[] = [
  { path: '/staff' },
  { path: '/staff/orders' },
  {
    path: '/staff/orders',
    opens: {
      state: 'Cancel dialog',
      click: (page) => page.getByRole('table').getByRole('button', { name: /^Cancel the order of hari/ }).first(),
      shown: (page) => page.getByRole('dialog'),
    },
  },
  {
    path: '/staff/orders',
    opens: {
      state: 'the handover (Verify Order)',
      click: (page) => page.getByRole('table').getByRole('button', { name: /^Verify the order of ram/ }),
      shown: (page) => page.getByRole('dialog', { name: 'Verify Order' }).getByRole('group', { name: 'Payment method' }),
    },
  },
];

/** Opens `path` and waits until its page, data and (storefront) footer are on screen. */
async function load(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  // Lazy page chunks and the storefront's lazy footer: axe counts content outside a landmark,
  // so the page is checked whole.
  await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), { timeout: 15_000 }).toBe(0);
  if (!path.startsWith('/admin') && !path.startsWith('/staff')) await page.getByRole('contentinfo').waitFor();
}

/** Every violation on each check at each width, keyed `path (state) @ width`. */
async function violationsOf(who: StoredSession | null, checks: Check[]) {
  const found: Record<string, AxeViolation[]> = {};
  for (const viewport of [PHONE, DESKTOP]) {
    const page = who ? await session.signedInPage(who, viewport) : await session.newPage(viewport);
    for (const check of checks) {
      await load(page, check.path);
      if (check.opens) {
        await check.opens.click(page).click();
        await check.opens.shown(page).waitFor();
      }
      found[`${check.path}${check.opens ? ` (${check.opens.state})` : ''} @ ${viewport.width}`] = await a11yViolations(page);
    }
    await session.closePages();
  }
  return found;
}

/** Fails listing every page with a violation, with what axe said about it. */
function expectNone(found: Record<string, AxeViolation[]>) {
  const failing = Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length > 0));
  expect(failing, JSON.stringify(failing, null, 2)).toEqual({});
  expect(Object.keys(found).length).toBeGreaterThan(0);
}

describe('axe on every page, any impact, at 390 and 1280 px', () => {
  it('storefront, as a guest', async () => {
    expectNone(await violationsOf(null, STOREFRONT));
  });

  it('account pages, as a customer (My Orders with its history)', async () => {
    expectNone(await violationsOf(CUSTOMER, ACCOUNT));
  });

  it('admin pages, the order view included', async () => {
    expectNone(await violationsOf(ADMIN, ADMIN_PAGES));
  });

  it('staff pages, the orders with Mark ready and Cancel', async () => {
    expectNone(await violationsOf(STAFF, STAFF_PAGES));
  });
});
