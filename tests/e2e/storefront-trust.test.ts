// Issue 11, "Trust": the cart charges what the card showed, countdowns that make sense, the
// bell's dot means unread, category pages show their books. Chromium against the production
// build on the mock; time is Playwright's page clock, never a wait. Screenshots at 390 and
// 1280 px of every page these points touch.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, DESKTOP, PHONE, broadcastLive, reviewsLoaded, screenshot, settled, storefrontScreenshot, useBrowserSession, watchHub } from './harness';

const session = useBrowserSession({ reuseTabs: true });

/** Inside the example sale windows (2025-01-01 .. 2029-12-31T23:59:59Z), years from their end. */
const MID_SALE = new Date('2026-11-21T10:00:00Z');
/** Two and a half days before every example sale (and the banner) ends. */
const LAST_DAYS = new Date('2029-12-29T12:00:00Z');

/** The mock answers one example per call; the genre asked for picks the contract's example of that genre. */
async function answerByGenre(page: Page) {
  await page.route('**/api/book/all?*', async (route) => {
    const genre = new URL(route.request().url()).searchParams.get('genre');
    const headers = { ...route.request().headers(), ...(genre ? { prefer: `example=${genre.toLowerCase()}` } : {}) };
    await route.continue({ headers });
  });
}

describe('the cart charges what the card showed', () => {
  it("Karnali Blues costs Rs. 552.50 on /books and in the cart; the summary and the order are the server's figures", async () => {
    const page = await session.signedInPage(CUSTOMER);
    await page.clock.install({ time: MID_SALE });
    await page.goto('/books');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Karnali Blues', exact: true }) });
    await expect.poll(() => card.getByText('Sale −15%').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Rs. 552.50').isVisible()).toBe(true);

    await page.goto('/cart');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Karnali Blues', exact: true }) });
    await expect.poll(() => row.getByText('Rs. 552.50').isVisible()).toBe(true);
    expect(await row.locator('s').textContent()).toContain('Rs. 650.00');
    expect(await row.getByText('Rs. 1,105.00').isVisible()).toBe(true);
    // The Name of the Wind went up since it was added (1,980 to 2,200): the line says so.
    const wind = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'The Name of the Wind', exact: true }) });
    expect(await wind.getByText('Price changed since you added it: was Rs. 1,980.00').isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    // The cart answer's totals: 5,910.00 after the deals (240.00 off), 5 % for five books, 5,614.50.
    await expect.poll(() => summary.getByText('Rs. 5,614.50').isVisible()).toBe(true);
    expect(await summary.getByText('-Rs. 240.00').isVisible()).toBe(true);
    expect(await summary.getByText('-Rs. 295.50').isVisible()).toBe(true);
    await storefrontScreenshot(page, 'trust-cart');

    // Placing the order sends the total on screen; the confirmation is what the order charged.
    const placing = page.waitForRequest((request) => request.url().endsWith('/api/order/place') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await placing).postDataJSON()).toEqual({ expectedTotal: 5614.5 });
    const dialog = page.getByRole('dialog', { name: 'Order placed' });
    await expect.poll(() => dialog.getByText('Rs. 5,614.50').isVisible()).toBe(true);
    expect(await dialog.getByText('-Rs. 295.50').isVisible()).toBe(true);
    await screenshot(page, 'trust-cart-order-placed', { fullPage: false });

    const phone = await session.signedInPage(CUSTOMER, PHONE);
    await phone.clock.install({ time: MID_SALE });
    await phone.goto('/cart');
    await phone.getByRole('region', { name: 'Order Summary' }).getByText('Rs. 5,614.50').waitFor();
    await storefrontScreenshot(phone, 'trust-cart');
  });

  it('a changed total orders nothing: the cart shows the server text and is read again', async () => {
    const page = await session.signedInPage(CUSTOMER);
    await page.clock.install({ time: MID_SALE });
    // The mock answers its 409 example: what the server says when the cart's total moved.
    await page.route('**/api/order/place', (route) => route.continue({ headers: { ...route.request().headers(), prefer: 'code=409' } }));
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText('Rs. 5,614.50').waitFor();
    const reread = page.waitForRequest((request) => request.url().endsWith('/api/addToCart/getcartitems'));
    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = summary.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Prices in your cart have changed. Please check your cart and place the order again.');
    await reread;
    expect(await page.getByRole('dialog', { name: 'Order placed' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem').count()).toBe(3);
    await storefrontScreenshot(page, 'trust-cart-prices-changed');
    const phone = await session.signedInPage(CUSTOMER, PHONE);
    await phone.clock.install({ time: MID_SALE });
    await phone.route('**/api/order/place', (route) => route.continue({ headers: { ...route.request().headers(), prefer: 'code=409' } }));
    await phone.goto('/cart');
    await phone.getByRole('region', { name: 'Order Summary' }).getByText('Rs. 5,614.50').waitFor();
    await phone.getByRole('button', { name: 'Place Order' }).click();
    await phone.getByRole('region', { name: 'Order Summary' }).getByRole('alert').waitFor();
    await storefrontScreenshot(phone, 'trust-cart-prices-changed');
  });
});

describe('countdowns that make sense', () => {
  it('shows the end date while a sale and the banner are years from their end', async () => {
    const page = await session.newPage(DESKTOP);
    await page.clock.install({ time: MID_SALE });
    await page.goto('/');
    const deals = page.getByRole('list', { name: 'Deal Of the Day' });
    await expect.poll(() => deals.getByRole('article').count()).toBe(3);
    // 2029-12-31T23:59:59Z is 1 January 2030 in Kathmandu.
    await expect.poll(() => deals.getByText('Ends 1 Jan 2030').count()).toBe(3);
    expect(await deals.getByRole('timer').count()).toBe(0);
    const banner = page.getByRole('link', { name: /Dashain & Tihar festival sale/ });
    await expect.poll(() => banner.getByText('Ends 1 Jan 2030').isVisible()).toBe(true);
    expect(await banner.getByRole('timer').count()).toBe(0);
    await storefrontScreenshot(page, 'trust-home');
    const phone = await session.newPage(PHONE);
    await phone.clock.install({ time: MID_SALE });
    await phone.goto('/');
    await phone.getByRole('list', { name: 'Deal Of the Day' }).getByText('Ends 1 Jan 2030').first().waitFor();
    await storefrontScreenshot(phone, 'trust-home');
  });

  it('ticks a seconds counter in the last days', async () => {
    const page = await session.newPage(DESKTOP);
    await page.clock.install({ time: LAST_DAYS });
    await page.goto('/');
    const deals = page.getByRole('list', { name: 'Deal Of the Day' });
    await expect.poll(() => deals.getByRole('timer').count()).toBe(3);
    const timer = deals.getByRole('timer').first();
    const bannerTimer = page.getByRole('timer', { name: 'Offer ends in' });
    await settled(page);
    await page.clock.pauseAt(LAST_DAYS.getTime() + 5_000);
    const first = await timer.textContent();
    expect(first).toMatch(/^2d \d{2}:\d{2}:\d{2}$/);
    const bannerFirst = await bannerTimer.textContent();
    expect(bannerFirst).toMatch(/^02d days/);
    await page.clock.runFor(1_000);
    await expect.poll(() => timer.textContent()).not.toBe(first);
    await expect.poll(() => bannerTimer.textContent()).not.toBe(bannerFirst);
    expect(await deals.getByText(/^Ends /).count()).toBe(0);
    await page.clock.resume();
    await screenshot(page, 'trust-home-last-days', { fullPage: false });
    const phone = await session.newPage(PHONE);
    await phone.clock.install({ time: LAST_DAYS });
    await phone.goto('/');
    await phone.getByRole('timer', { name: 'Offer ends in' }).waitFor();
    await screenshot(phone, 'trust-home-last-days', { fullPage: false });
  });
});

describe("the bell's dot means unread", () => {
  const unread = (page: Page) => page.getByText('New notifications');

  it('is off for a guest', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto('/contact');
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await page.getByRole('region', { name: 'Notifications list' }).getByRole('listitem').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await unread(page).count()).toBe(0);
  });

  it('is on for a customer, off once the list has been opened (also after a reload), on again when a new one arrives', async () => {
    const page = await session.signedInPage(CUSTOMER);
    const hub = watchHub(page);
    await page.goto('/contact');
    await expect.poll(() => unread(page).count()).toBe(1);
    await screenshot(page, 'trust-bell-unread', { fullPage: false });
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await page.getByRole('region', { name: 'Notifications list' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => unread(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await unread(page).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    // The list has loaded again (its first entry shows when opened) and is still read.
    await bell.click();
    await page.getByRole('region', { name: 'Notifications list' }).getByRole('listitem').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await unread(page).count()).toBe(0);

    // A live message arrives once this page is connected again: the toast shows it and the dot comes back.
    await expect.poll(() => hub.handshakes, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await broadcastLive(session.mockUrl, 'Admin', 'New book added! Seto Dharti');
    const toast = page.locator('[role="status"][aria-live="polite"]');
    await expect.poll(() => toast.textContent()).toBe('Admin: New book added! Seto Dharti');
    await expect.poll(() => unread(page).count()).toBe(1);
    await screenshot(page, 'trust-bell-new', { fullPage: false });
    const phone = await session.signedInPage(CUSTOMER, PHONE);
    await phone.goto('/contact');
    await expect.poll(() => unread(phone).count()).toBe(1);
    await screenshot(phone, 'trust-bell-unread', { fullPage: false });
  });
});

describe('category pages show their books', () => {
  it.each([
    ['fiction', 'Fiction', ['Karnali Blues', 'Muna Madan', 'Palpasa Cafe', 'Shirish Ko Phool', 'Shakuntala']],
    ['non-fiction', 'Non-Fiction', ['Sapiens', 'Into Thin Air']],
  ])('/category/%s lists the %s books', async (slug, genre, titles) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await answerByGenre(page);
      await page.goto(`/category/${slug}`);
      const list = page.getByRole('list', { name: `${genre} books` });
      await expect.poll(() => list.getByRole('article').count()).toBe(titles.length);
      expect(await list.getByRole('heading').allTextContents()).toEqual(titles);
      expect(await page.getByRole('link', { name: new RegExp(`${genre.toLowerCase()} books$`) }).getAttribute('href')).toBe(
        `/books?genre=${genre}`,
      );
      expect(await page.title()).toBe(`${genre} · Pustak`);
      await storefrontScreenshot(page, `trust-category-${slug}`);
    }
  });

  it('/category/children says the catalogue has none and links to the full list', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.goto('/category/children');
      await page.getByRole('heading', { name: "No children's books in the catalogue yet" }).waitFor();
      await page.getByRole('link', { name: 'Browse all books' }).click();
      await page.waitForURL('**/books');
      await page.goBack();
      await page.getByRole('heading', { name: "No children's books in the catalogue yet" }).waitFor();
      await storefrontScreenshot(page, 'trust-category-children');
    }
  });
});

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: { boundingBox(): Promise<Box | null> }): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};
/** True when two boxes share any area. */
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('polish seen in screenshots', () => {
  it('the best-seller rank sits beside the details, and the deal cards’ prices line up', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.newPage(viewport);
      await page.clock.install({ time: MID_SALE });
      await page.goto('/');
      const best = page.getByRole('list', { name: 'Best Selling' }).getByRole('article');
      await expect.poll(() => best.count()).toBe(3);
      for (const [index, title] of ['Muna Madan', 'Karnali Blues', 'Dracula'].entries()) {
        const card = best.nth(index);
        const rank = await box(card.getByText(`#${index + 1}`));
        expect(overlaps(rank, await box(card.getByRole('img', { name: title })))).toBe(false);
      }
      const deals = page.getByRole('list', { name: 'Deal Of the Day' });
      await expect.poll(() => deals.getByRole('article').count()).toBe(3);
      // The price paid of each deal (The Hobbit's pair is the widest) on one line across the row.
      const paid = await Promise.all(['Rs. 552.50', 'Rs. 2,000.00', 'Rs. 405.00'].map((price) => box(deals.getByText(`Sale price ${price}`, { exact: true }))));
      if (viewport === DESKTOP) expect(new Set(paid.map((b) => Math.round(b.y))).size).toBe(1);
      await screenshot(page, 'trust-home-best-and-deals', { fullPage: true });
    }
  });

  it('the ISBN never breaks mid-number', async () => {
    for (const viewport of [DESKTOP, PHONE, { width: 320, height: 720 }]) {
      const page = await session.newPage(viewport);
      await page.goto('/bookDetails/0f0e0000-0000-4000-8000-000000000003');
      const isbn = page.getByText('978-9937-8520-0-3', { exact: true });
      await isbn.waitFor();
      const lineHeight = await isbn.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await box(isbn)).height).toBeLessThan(lineHeight * 1.5);
      await storefrontScreenshot(page, 'trust-book-details');
    }
  });

  it('both review errors look the same', async () => {
    const page = await session.signedInPage(CUSTOMER, PHONE);
    await page.goto('/bookDetails/0f0e0000-0000-4000-8000-000000000003');
    await reviewsLoaded(page);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const errors = [page.getByText('Please select a rating'), page.getByText('Please enter a review')];
    const looks = await Promise.all(
      errors.map((error) =>
        error.evaluate((el) => {
          const style = getComputedStyle(el);
          return { color: style.color, size: style.fontSize, weight: style.fontWeight, icon: el.querySelector('svg') !== null };
        }),
      ),
    );
    expect(looks[1]).toEqual(looks[0]);
    expect(looks[0]!.icon).toBe(true);
    await screenshot(page, 'trust-review-errors', { fullPage: false });
  });

  it('admin: genre badges under the covers, Orders as cards on a phone, a one-line pager, a dark phone menu', async () => {
    const wide = await session.signedInPage(ADMIN, DESKTOP);
    await wide.goto('/admin/books');
    const card = wide.getByRole('list', { name: 'Books' }).getByRole('listitem').first();
    await card.getByText('Fiction', { exact: true }).waitFor();
    expect(overlaps(await box(card.getByText('Fiction', { exact: true })), await box(card.getByRole('img', { name: 'Cover of Karnali Blues' })))).toBe(false);
    await screenshot(wide, 'trust-admin-books', { fullPage: false });

    const phone = await session.signedInPage(ADMIN, PHONE);
    await phone.goto('/admin/orders');
    const table = phone.getByRole('region', { name: 'Orders table' });
    await table.getByText('ram', { exact: true }).first().waitFor();
    // Every column of a row is on the card, none hidden in a sideways scroller.
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const label of ['Final Total Amount', 'Discount Rate', 'Status']) {
      expect(await table.locator(`td[data-label="${label}"]`).first().isVisible()).toBe(true);
    }
    await screenshot(phone, 'trust-admin-orders');

    await phone.goto('/admin/users');
    const pager = phone.getByRole('navigation', { name: 'Users pages' });
    await pager.getByRole('button', { name: 'Page 1' }).waitFor();
    const rows = new Set(await pager.getByRole('button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent).map((b) => Math.round(b.getBoundingClientRect().top))));
    expect(rows.size).toBe(1);
    // It reads "1 of 8" instead of eleven controls on two lines.
    expect(await pager.getByRole('button', { name: 'Page 1' }).evaluate((el) => getComputedStyle(el, '::after').content)).toContain('of 8');
    await screenshot(phone, 'trust-admin-users');

    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('dialog', { name: 'Pustak Admin' });
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    const [r, g, b] = (await menu.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    await screenshot(phone, 'trust-admin-menu', { fullPage: false });
  });
});

describe('back-office pages touched, at both widths', () => {
  it.each([
    ['books', '/admin/books', 'Cover of Karnali Blues'],
    ['orders', '/admin/orders', 'ram'],
    ['users', '/admin/users', 'sita@example.com'],
    ['book-view', '/admin/books/view/0f0e0000-0000-4000-8000-000000000003', '978-9937-8520-0-3'],
    ['banners', '/admin/banners', 'Dashain & Tihar festival sale: up to 30% off selected books!'],
  ])('%s', async (name, path, text) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await session.signedInPage(ADMIN, viewport);
      await page.goto(path);
      await page.getByText(text, { exact: true }).or(page.getByRole('img', { name: text })).first().waitFor();
      await screenshot(page, `trust-admin-${name}-page`);
      if (name === 'banners') {
        await page.getByRole('button', { name: 'Add Banner' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Banner' });
        // The radio itself is visually hidden; a user clicks its swatch (a forced check on the
        // hidden input failed once as "outside of the viewport" while the phone dialog opened).
        await dialog.getByText('Yellow', { exact: true }).click();
        await expect.poll(() => dialog.getByRole('radio', { name: 'Yellow' }).isChecked()).toBe(true);
        await dialog.getByLabel('Message').fill('Yellow week');
        // The preview is the storefront banner: the palette's dark text on yellow, no free text colour.
        expect(await dialog.getByLabel('Text colour').count()).toBe(0);
        const preview = dialog.locator('a', { hasText: 'Yellow week' });
        expect(await preview.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(31, 41, 55)');
        await screenshot(page, 'trust-admin-banner-editor', { fullPage: false });
      }
    }
  });
});
