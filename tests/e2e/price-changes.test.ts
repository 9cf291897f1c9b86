// Issue 28 in Chromium against the real server: the price a customer sees is the price the
// order charges, when a deal ends while the book sits in the cart and when the admin changes
// the price while the cart page is open. The server's clock is a test clock started at the
// real time, and the browser's clock is installed at the same instant, so the page's countdown
// and the server's deal end meet as they would in a shop.
import { type Browser, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, newCustomer, type TestServer } from '@pustak/server/test/helpers';
import { DESKTOP, PHONE, type WatchedPage, presetSession, reportPagesOnFailure, screenshot, useRealServerAndBrowser, watchPage } from './harness.js';

const MINUTE = 60_000;
const real = useRealServerAndBrowser();
let t: TestServer;
let browser: Browser;
let admin = '';

beforeAll(async () => {
  t = real.server();
  browser = real.browser();
  admin = await t.login('admin');
});

const pages: WatchedPage[] = [];
reportPagesOnFailure(() => pages);

type BookEdit = { price: number; discount?: number; sale?: { start: Date; end: Date } };
/** The Add/Edit Book form's fields, as the admin area sends them. */
const bookForm = (title: string, isbn: string, { price, discount = 0, sale }: BookEdit) =>
  multipart({
    title, author: 'Counter Author', genre: 'Fiction', isbn, description: 'A book whose price moves while it sits in a cart.',
    publisher: 'Test Press', publicationDate: '2020-01-01T00:00:00Z', price: String(price), quantity: '20', language: 'English',
    discount: String(discount), format: 'Paperback', isOnSale: String(Boolean(sale)),
    ...(sale ? { startTime: sale.start.toISOString(), endTime: sale.end.toISOString() } : {}),
  });

/** The admin adds a book; answers its id and how the admin edits it. */
async function adminBook(title: string, isbn: string, edit: BookEdit) {
  const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token: admin, ...bookForm(title, isbn, edit) });
  expect(created.statusCode, created.body).toBe(200);
  const bookId = created.json().data.bookId as string;
  return {
    bookId,
    async edit(changes: BookEdit) {
      const updated = await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${bookId}`, token: admin, ...bookForm(title, isbn, changes) });
      expect(updated.statusCode, updated.body).toBe(200);
    },
  };
}

/** A signed-in customer's tab at `viewport`, its clock at the server's. */
async function customerPage(username: string, viewport: { width: number; height: number }) {
  const customer = await newCustomer(t, username);
  const context = await browser.newContext({ baseURL: t.url, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  pages.push(await watchPage(page));
  await page.clock.install({ time: t.clock.now() });
  await presetSession(page, { token: customer.token, role: 'User', userId: customer.id });
  return { page, token: customer.token };
}

/** What the customer's orders charged, as the server recorded them. */
async function ordersOf(token: string): Promise<{ finalTotal: number; orderItems: { unitPrice: number; quantity: number }[] }[]> {
  const reply = await t.call({ method: 'GET', url: '/api/order/userOrder', token });
  return reply.statusCode === 404 ? [] : reply.json().data;
}

const cartLine = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

/** The open cart shows the line at `unit` a copy, says it was `was`, and the cart costs `total`. */
async function expectChangedLine(page: Page, title: string, { unit, was, total }: { unit: string; was: string; total: string }) {
  const line = cartLine(page, title);
  await expect.poll(() => line.getByText(`Price changed since you added it: was ${was}`).isVisible()).toBe(true);
  expect(await line.getByText(unit).first().isVisible()).toBe(true);
  await expect.poll(() => summary(page).getByText(total).last().isVisible()).toBe(true);
}

/** Place Order; the confirmation shows `total`. */
async function placeAndSee(page: Page, total: string) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  await expect.poll(() => dialog.getByText(total).last().isVisible()).toBe(true);
}

describe('the price on screen is the price charged', () => {
  it('a deal that ends while the book sits in the cart: the open cart shows the list price and says so, and the order charges it (390 px)', async () => {
    const start = new Date(t.clock.now().getTime() - 60 * MINUTE);
    const end = new Date(t.clock.now().getTime() + 10 * MINUTE);
    // Rs. 800 at 25 % off until ten minutes from now: Rs. 600 a copy while the deal runs.
    const { bookId } = await adminBook('Deal Clock', 'ISBN-E2E-DEAL', { price: 800, discount: 25, sale: { start, end } });
    const { page, token } = await customerPage('dealclock', PHONE);

    await page.goto(`/bookDetails/${bookId}`);
    const buy = page.getByRole('region', { name: 'Buy this book' });
    await expect.poll(() => buy.getByText('Rs. 600.00').isVisible()).toBe(true);
    await buy.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(async () => (await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token })).json().data.length).toBe(1);

    await page.goto('/cart');
    const line = cartLine(page, 'Deal Clock');
    await expect.poll(() => line.getByText('Rs. 600.00').first().isVisible()).toBe(true);
    await expect.poll(() => summary(page).getByText('Rs. 600.00').last().isVisible()).toBe(true);
    await screenshot(page, 'price-changes-deal-running');

    // The deal's last millisecond passes on the server and in the browser: the page, still
    // open, reads the cart again when its countdown reaches the end.
    t.clock.set(new Date(end.getTime() + 1));
    await page.clock.fastForward(10 * MINUTE + 1_000);
    await expectChangedLine(page, 'Deal Clock', { unit: 'Rs. 800.00', was: 'Rs. 600.00', total: 'Rs. 800.00' });
    await screenshot(page, 'price-changes-deal-ended');

    await placeAndSee(page, 'Rs. 800.00');
    const [order] = await ordersOf(token);
    expect(order).toMatchObject({ finalTotal: 800, orderItems: [{ quantity: 1, unitPrice: 800 }] });
  });

  it('a price the admin changes while the cart page is open: nothing is ordered at the old total, the cart shows the new one, and the order charges it (1280 px)', async () => {
    const { bookId, edit } = await adminBook('Price Hike', 'ISBN-E2E-HIKE', { price: 300 });
    const { page, token } = await customerPage('pricehike', DESKTOP);
    const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity: 2 } });
    expect(added.statusCode, added.body).toBe(200);

    await page.goto('/cart');
    await expect.poll(() => summary(page).getByText('Rs. 600.00').last().isVisible()).toBe(true);
    await edit({ price: 450 });

    // The page still shows Rs. 600.00: placing sends that total, the server's is Rs. 900.00 now.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => summary(page).getByRole('alert').textContent())
      .toBe('Prices in your cart have changed. Please check your cart and place the order again.');
    expect(await ordersOf(token)).toEqual([]);
    await expectChangedLine(page, 'Price Hike', { unit: 'Rs. 450.00', was: 'Rs. 300.00', total: 'Rs. 900.00' });
    await screenshot(page, 'price-changes-price-raised');

    await placeAndSee(page, 'Rs. 900.00');
    await screenshot(page, 'price-changes-placed', { fullPage: false });
    const orders = await ordersOf(token);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ finalTotal: 900, orderItems: [{ quantity: 2, unitPrice: 450 }] });
  });
});
