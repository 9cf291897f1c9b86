// Issue 29, part 2, in Chromium against the real server: an order placed from the cart, the
// dialog closed, its claim code found again in My Orders; staff mark it ready and the customer's
// My Orders says Ready for pickup with the timeline; a second ready order outlives its hold
// (the server's clock moves) and shows Expired, its copies back in stock. `npm run screenshots`
// also saves My Orders, the staff orders page and the admin's order view at 390 and 1280 px.
import { describe, expect, it } from 'vitest';
import { IDS, newCustomer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, presetSession, reportPagesOnFailure, screenshot, takeScreenshots, useRealServerAndBrowser, watchPage } from './harness.js';

const DAY = 86_400_000;
const real = useRealServerAndBrowser();

const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

/** A tab at `viewport` signed in as `username` (a token issued at the server's clock now). */
async function signedInPage(username: string, role: 'User' | 'Staff' | 'Admin', userId: string, viewport: { width: number; height: number }) {
  const t = real.server();
  const context = await real.browser().newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  pages.push(await watchPage(page));
  await page.clock.install({ time: t.clock.now() });
  await presetSession(page, { token: await t.login(username), role, userId });
  return page;
}

const stockOf = async (bookId: string) => real.server().call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${bookId}` }).then((r) => r.json().data.quantity as number);

describe('the pickup lifecycle', () => {
  it('claim code in My Orders after the dialog closes; Ready for pickup with its timeline; a second order expires and its copies come back', async () => {
    const t = real.server();
    const customer = await newCustomer(t, 'lakshmi');
    const page = await signedInPage('lakshmi', 'User', customer.id, PHONE);

    // ---- the order, from the cart; the dialog closed ----
    await page.goto(`/bookDetails/${IDS.hillHouse}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await page.getByText('Added to Cart').first().waitFor();
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const placed = page.getByRole('dialog', { name: 'Order placed' });
    await placed.waitFor();
    await placed.getByRole('button', { name: 'Done' }).click();
    await placed.waitFor({ state: 'hidden' });
    const [first] = (await t.call({ method: 'GET', url: '/api/order/userOrder', token: customer.token })).json().data as { orderId: string; claimCode: string }[];
    const number = `#${first!.orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;

    // ---- the claim code is in My Orders ----
    await page.goto('/myOrders');
    const card = page.getByRole('article', { name: `Order ${number}` });
    const pickup = card.getByRole('group', { name: `Pickup of order ${number}` });
    await pickup.getByText(first!.claimCode, { exact: true }).waitFor();
    expect(await card.getByText('Pending', { exact: true }).isVisible()).toBe(true);

    // ---- staff mark it ready: the copy leaves stock ----
    const stockBefore = await stockOf(IDS.hillHouse);
    const staff = await signedInPage('staff', 'Staff', IDS.staff, DESKTOP);
    await staff.goto('/staff/orders');
    await staff.getByRole('button', { name: /^Mark ready the order of lakshmi/ }).click();
    await staff.getByText('Order is ready for pickup').first().waitFor();
    expect(await stockOf(IDS.hillHouse)).toBe(stockBefore - 1);
    await screenshot(staff, 'lifecycle-staff-orders');
    if (takeScreenshots) {
      const phoneStaff = await signedInPage('staff', 'Staff', IDS.staff, PHONE);
      await phoneStaff.goto('/staff/orders');
      await phoneStaff.getByRole('table').waitFor();
      await screenshot(phoneStaff, 'lifecycle-staff-orders');
    }

    // ---- the customer's My Orders: Ready for pickup, the code, the timeline ----
    await page.reload();
    await card.getByText('Ready for pickup', { exact: true }).first().waitFor();
    const history = card.getByRole('list', { name: `History of order ${number}` });
    await expect.poll(() => history.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Placed.* · by lakshmi$/),
      expect.stringMatching(/^Ready for pickup.* · by staff$/),
    ]);
    expect(await pickup.getByText(first!.claimCode, { exact: true }).isVisible()).toBe(true);
    expect(await pickup.textContent()).toMatch(/Collect them by/);
    await screenshot(page, 'lifecycle-my-orders');
    if (takeScreenshots) {
      const wide = await signedInPage('lakshmi', 'User', customer.id, DESKTOP);
      await wide.goto('/myOrders');
      await wide.getByRole('list', { name: `History of order ${number}` }).waitFor();
      await screenshot(wide, 'lifecycle-my-orders');
    }

    // ---- a second order, ready, not collected: the hold passes and it expires ----
    await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.hillHouse, quantity: 1 } });
    const second = (await t.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data.orderId as string;
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${second}`, token: await t.login('staff') })).statusCode).toBe(200);
    const stockWhileReady = await stockOf(IDS.hillHouse);
    t.clock.advance(7 * DAY + 60_000);
    const later = await signedInPage('lakshmi', 'User', customer.id, PHONE);
    await later.goto('/myOrders');
    const secondNumber = `#${second.replace(/-/g, '').slice(-8).toUpperCase()}`;
    const expired = later.getByRole('article', { name: `Order ${secondNumber}` });
    await expired.getByText('Expired', { exact: true }).waitFor();
    await expect.poll(() => expired.getByRole('list', { name: /History/ }).getByRole('listitem').last().textContent()).toMatch(/^Expired \(not collected in time\).* · by system$/);
    expect(await expired.getByRole('group', { name: /Pickup/ }).count()).toBe(0);
    // Both holds have ended (the first was readied earlier): both copies are back.
    expect(await stockOf(IDS.hillHouse)).toBe(stockWhileReady + 2);
    await later.goto(`/bookDetails/${IDS.hillHouse}`);
    await later.getByText(`In stock (${stockWhileReady + 2} left)`).waitFor();

    // ---- the admin's order view shows the history ----
    const admin = await signedInPage('admin', 'Admin', IDS.admin, DESKTOP);
    await admin.goto('/admin/orders');
    await admin.getByRole('button', { name: /^View the order of lakshmi/ }).first().click();
    await admin.getByRole('dialog', { name: 'Order by lakshmi' }).getByRole('list', { name: 'Order history' }).waitFor();
    await screenshot(admin, 'lifecycle-admin-order-view');
    if (takeScreenshots) {
      const phoneAdmin = await signedInPage('admin', 'Admin', IDS.admin, PHONE);
      await phoneAdmin.goto('/admin/orders');
      await phoneAdmin.getByRole('button', { name: /^View the order of lakshmi/ }).first().click();
      await phoneAdmin.getByRole('dialog', { name: 'Order by lakshmi' }).getByRole('list', { name: 'Order history' }).waitFor();
      await screenshot(phoneAdmin, 'lifecycle-admin-order-view', { fullPage: false });
    }
  });
});
