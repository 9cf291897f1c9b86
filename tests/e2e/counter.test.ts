// Issue 30, section 1, in Chromium against the real server: at the counter (a tablet, 768 px) a
// staff member finds a customer's order by its claim code typed in lower case and hands it over
// paid with eSewa with the keyboard alone (focus starts in the search box; Enter finds, Enter
// opens, an arrow key chooses eSewa, Enter confirms), is offered the receipt and is back in the
// search box; the customer's My Orders then says how it was paid and who handed it over. axe
// finds nothing on any step. `npm run screenshots` saves the queue, the handover and its result
// at 768 and 1280 px (and 390), and My Orders. Then the receipt the counter links to, in print,
// and the admin's records: the handover in the activity log and the sale in today's report.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDS, newCustomer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, expectNoA11yViolations, presetSession, reportPagesOnFailure, screenshot, takeScreenshots, useRealServerAndBrowser, watchPage } from './harness.js';

const TABLET = { width: 768, height: 1024 };
const SEARCH = 'Claim code, order number or customer';
const real = useRealServerAndBrowser();

const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

/** A signed-in tab; its pages' Content-Security-Policy lets the test inject axe-core. */
async function signedInPage(username: string, role: 'User' | 'Staff' | 'Admin', userId: string, viewport: { width: number; height: number }): Promise<Page> {
  const t = real.server();
  const context = await real.browser().newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce', bypassCSP: true });
  const page = await context.newPage();
  pages.push(await watchPage(page));
  // The page's clock is the server's (the report's "today").
  await page.clock.install({ time: t.clock.now() });
  await presetSession(page, { token: await t.login(username), role, userId });
  return page;
}

/** Whether the keyboard is in the counter's search box. */
const searchHasFocus = (page: Page) => page.getByRole('searchbox', { name: SEARCH }).evaluate((box) => box === document.activeElement);

/** The counter's page with its queue loaded, and nothing on it that axe objects to. */
async function counter(viewport: { width: number; height: number }): Promise<Page> {
  const page = await signedInPage('staff', 'Staff', IDS.staff, viewport);
  await page.goto('/staff/orders');
  await page.getByRole('table').waitFor();
  return page;
}

describe('the counter', () => {
  it('finds an order by its claim code typed in lower case and hands it over, paid with eSewa, by keyboard alone; My Orders shows eSewa and the staff member', async () => {
    const t = real.server();
    const customer = await newCustomer(t, 'pemba');
    for (const [bookId, quantity] of [[IDS.munaMadan, 2], [IDS.karnaliBlues, 1]] as const) {
      expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId, quantity } })).statusCode).toBe(200);
    }
    const placed = (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data as { orderId: string; claimCode: string; totalAmount: number };
    const number = `#${placed.orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;

    // ---- the queue on the counter's tablet: waiting for pickup, focus in the search box ----
    const page = await counter(TABLET);
    await page.getByText(/^Showing 1–\d+ of \d+ orders?$/).waitFor();
    expect(await page.getByRole('combobox', { name: 'Show' }).inputValue()).toBe('waiting');
    expect(await page.getByRole('table').getByText('pemba', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => searchHasFocus(page)).toBe(true);
    // Every column on the tablet's screen: nothing scrolls sideways.
    expect(await page.getByRole('region', { name: 'Orders table' }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await screenshot(page, 'counter-queue');
    await expectNoA11yViolations(page, 'the counter');

    // ---- the code as a scanner types it (lower case here), and Enter: the server finds the one order ----
    await page.keyboard.type(placed.claimCode.toLowerCase());
    await page.keyboard.press('Enter');
    await page.getByText('Showing 1–1 of 1 order', { exact: true }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain(number);
    expect(await rows.nth(1).textContent()).toContain('pemba');

    // ---- Enter opens the handover: the books, the total, the code as typed, Cash chosen ----
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Verify Order' });
    await dialog.waitFor();
    expect((await dialog.getByRole('list', { name: 'Books' }).getByRole('listitem').allTextContents()).sort()).toEqual([
      expect.stringMatching(/^Karnali Blues × 1Rs\. /),
      expect.stringMatching(/^Muna Madan × 2Rs\. /),
    ]);
    expect(await dialog.getByLabel('Claim code').inputValue()).toBe(placed.claimCode.toLowerCase());
    const cash = dialog.getByRole('radio', { name: 'Cash' });
    await expect.poll(() => cash.evaluate((radio) => radio === document.activeElement && (radio as HTMLInputElement).checked)).toBe(true);
    await screenshot(page, 'counter-handover', { fullPage: false });
    await expectNoA11yViolations(page, 'the handover');

    // ---- an arrow key to eSewa, and Enter hands it over ----
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('radio', { name: 'eSewa' }).isChecked()).toBe(true);
    const handover = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/staff/verifyOrder/${placed.orderId}`);
    await page.keyboard.press('Enter');
    expect((await handover).postDataJSON()).toEqual({ ClaimCode: placed.claimCode, PaymentMethod: 'eSewa' });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(new RegExp(`^Order ${number} handed over to pemba, Rs\\. [\\d,.]+ paid by eSewa\\.$`)).waitFor();
    const receipt = page.getByRole('link', { name: `Print receipt of order ${number} (opens in a new tab)` });
    expect(await receipt.getAttribute('href')).toBe(`/receipt/${placed.orderId}`);
    // The next customer: back in the emptied search box, the queue without pemba's order.
    await expect.poll(() => searchHasFocus(page)).toBe(true);
    expect(await page.getByRole('searchbox', { name: SEARCH }).inputValue()).toBe('');
    await expect.poll(() => page.getByRole('table').getByText('pemba', { exact: true }).count()).toBe(0);
    await screenshot(page, 'counter-handed-over');
    await expectNoA11yViolations(page, 'the handover done');

    // ---- what the server recorded ----
    const found = (await t.call({ method: 'GET', url: `/api/order/search?search=${placed.claimCode.toLowerCase()}`, token: await t.login('admin') })).json();
    expect(found.data.map((o: { orderId: string; status: string; paymentMethod: string; handedOverBy: string }) => [o.orderId, o.status, o.paymentMethod, o.handedOverBy])).toEqual([
      [placed.orderId, 'Completed', 'eSewa', 'staff'],
    ]);

    // ---- the customer's My Orders: paid with eSewa, handed over by staff ----
    const mine = await signedInPage('pemba', 'User', customer.id, PHONE);
    await mine.goto('/myOrders');
    const card = mine.getByRole('article', { name: `Order ${number}` });
    await card.getByText('Completed', { exact: true }).waitFor();
    expect(await card.getByText('Paid by eSewa · Handed over by staff', { exact: true }).isVisible()).toBe(true);
    await screenshot(mine, 'counter-my-orders');
    await expectNoA11yViolations(mine, 'My Orders after the handover');

    // ---- the receipt the counter offered: eSewa, the staff member, the claim code; printed ----
    const [printed] = await Promise.all([page.context().waitForEvent('page'), receipt.click()]);
    const slip = printed.getByRole('article', { name: `Receipt ${number}` });
    await slip.waitFor();
    expect(await slip.getByText('eSewa', { exact: true }).isVisible()).toBe(true);
    expect(await slip.getByText(placed.claimCode, { exact: true }).isVisible()).toBe(true);
    await printed.emulateMedia({ media: 'print' });
    await printed.setViewportSize({ width: 302, height: 1123 });
    expect(await printed.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(printed, 'counter-receipt-print', { fullPage: false });

    // ---- the admin's records: the handover in the activity log, the sale in today's report ----
    const admin = await signedInPage('admin', 'Admin', IDS.admin, DESKTOP);
    await admin.goto('/admin/activity');
    const logged = admin.getByRole('row').filter({ hasText: 'Order handed over' }).filter({ hasText: `Order ${number}` });
    await logged.first().waitFor();
    expect(await logged.count()).toBe(1);
    expect(await logged.textContent()).toContain('staff');
    await admin.goto('/admin/reports');
    await admin.getByRole('heading', { name: 'Summary' }).waitFor();
    const sold = admin.getByRole('region', { name: 'Books sold table' });
    await expect.poll(() => sold.getByRole('row').filter({ hasText: 'Karnali Blues' }).count()).toBe(1);
    const staffRows = admin.getByRole('region', { name: 'Handovers by staff table' }).getByRole('row').filter({ has: admin.locator('td', { hasText: /^staff$/ }) });
    await expect.poll(() => staffRows.count()).toBe(1);

    if (takeScreenshots) {
      for (const viewport of [DESKTOP, PHONE]) {
        const other = await counter(viewport);
        await screenshot(other, 'counter-queue');
        await other.keyboard.type('sita');
        await other.keyboard.press('Enter');
        await other.getByText(/^Showing 1–\d+ of \d+ orders?$/).waitFor();
        await other.getByRole('button', { name: /^Verify the order of sita/ }).first().click();
        await other.getByRole('dialog', { name: 'Verify Order' }).waitFor();
        await screenshot(other, 'counter-handover', { fullPage: false });
      }
    }
  });
});
