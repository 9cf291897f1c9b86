// Issue 29, parts 2 and 3, in Chromium against the real server: an order placed from the cart,
// the dialog closed, its claim code found again in My Orders; staff mark it ready on their page
// and the customer's open tabs (phone and desktop) show the toast "Order ready", the bell lists
// it "For you", and the e-mail is in the dev outbox; My Orders says Ready for pickup with the
// timeline; a second ready order outlives its hold (the server's clock moves) and shows Expired,
// its copies back in stock. `npm run screenshots` also saves the toast and the bell, My Orders,
// the staff orders page and the admin's order view at 390 and 1280 px.
import { describe, expect, it } from 'vitest';
import { IDS, newCustomer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, presetSession, reportPagesOnFailure, screenshot, settled, takeScreenshots, useRealServerAndBrowser, watchHub, watchPage } from './harness.js';

const DAY = 86_400_000;
const real = useRealServerAndBrowser();

const pages: WatchedPage[] = [];
/** Each page's hub handshakes (so a test knows a tab is connected before the message is sent). */
const hubs = new Map<object, { handshakes: number }>();
reportPagesOnFailure(() => pages);

/** A tab at `viewport` signed in as `username` (a token issued at the server's clock now). */
async function signedInPage(username: string, role: 'User' | 'Staff' | 'Admin', userId: string, viewport: { width: number; height: number }) {
  const t = real.server();
  const context = await real.browser().newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  pages.push(await watchPage(page));
  hubs.set(page, watchHub(page));
  await page.clock.install({ time: t.clock.now() });
  await presetSession(page, { token: await t.login(username), role, userId });
  return page;
}

const stockOf = async (bookId: string) => real.server().call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${bookId}` }).then((r) => r.json().data.quantity as number);

describe('the pickup lifecycle', () => {
  it('claim code in My Orders after the dialog closes; staff mark it ready and the open page is told (toast, bell, e-mail); Ready for pickup with its timeline; a second order expires and its copies come back', async () => {
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

    // ---- the customer's tabs are open on My Orders, on a phone and a desktop, connected ----
    const wide = await signedInPage('lakshmi', 'User', customer.id, DESKTOP);
    await wide.goto('/myOrders');
    const tabs = [page, wide];
    for (const tab of tabs) {
      await expect.poll(() => hubs.get(tab)!.handshakes, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      await settled(tab);
      // Paused: the toast stays until the test moves the page's clock, whatever the machine does.
      await tab.clock.pauseAt((await tab.evaluate(() => Date.now())) + 1_000);
    }

    // ---- staff mark it ready on their page: the copy leaves stock, the customer is told ----
    const stockBefore = await stockOf(IDS.hillHouse);
    const staff = await signedInPage('staff', 'Staff', IDS.staff, DESKTOP);
    await staff.goto('/staff/orders');
    await staff.getByRole('button', { name: /^Mark ready the order of lakshmi/ }).click();
    await staff.getByText('Order is ready for pickup').first().waitFor();
    expect(await stockOf(IDS.hillHouse)).toBe(stockBefore - 1);
    const told = new RegExp(`^The Haunting of Hill House is ready for pickup\\. Claim code ${first!.claimCode}; collect it by .+\\.$`);
    for (const tab of tabs) {
      const toast = tab.locator('[role="status"][aria-live="polite"]');
      await expect.poll(() => toast.textContent()).toMatch(/^Order ready: The Haunting of Hill House is ready for pickup/);
      expect((await toast.textContent())!.replace(/^Order ready: /, '')).toMatch(told);
      await screenshot(tab, 'order-ready-toast', { fullPage: false });
      await tab.clock.runFor(3_000);
      await expect.poll(() => toast.textContent()).toBe('');
      await tab.clock.resume();
      // The bell lists it on top, marked as meant for this reader.
      await tab.getByRole('button', { name: 'Notifications' }).click();
      const newest = tab.getByRole('region', { name: 'Notifications list' }).getByRole('listitem').first();
      await expect.poll(() => newest.textContent()).toMatch(/^For you/);
      expect(await newest.getByText('For you', { exact: true }).isVisible()).toBe(true);
      expect(await newest.textContent()).toContain(`Claim code ${first!.claimCode}`);
      await screenshot(tab, 'order-ready-bell', { fullPage: false });
      await tab.keyboard.press('Escape');
    }
    // The open My Orders shows the new status without a reload.
    await card.getByText('Ready for pickup', { exact: true }).first().waitFor();
    // Another signed-in customer's bell has nothing of it.
    const others = (await t.call({ method: 'GET', url: '/api/notification/all', token: await t.login('sita') })).json().data as { message: string }[];
    expect(others.some((n) => n.message.includes(first!.claimCode))).toBe(false);
    // The e-mail, in the dev outbox (the server runs as in production, without /__dev routes):
    // the line, the total, the claim code, the end of the hold, the pickup information.
    const mails = t.server.services.mailer.outbox!.filter((m) => m.to === 'lakshmi@example.com');
    const readyMail = mails.find((m) => m.subject === `Your order is ready for pickup - Order ID: ${first!.orderId}`);
    expect(readyMail, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(readyMail!.text).toMatch(/1 x The Haunting of Hill House: Rs/);
    expect(readyMail!.text).toMatch(/Total: Rs/);
    expect(readyMail!.text).toContain(`Your claim code is ${first!.claimCode}.`);
    expect(readyMail!.text).toMatch(/We are keeping it for you until .+\./);
    expect(readyMail!.text).toContain('Pick up at Pustak, Thamel Marg 12');

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
      await wide.reload();
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
