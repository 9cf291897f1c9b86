// Issue 11, "Trust": the cart charges what the card showed, countdowns that make sense, the
// bell's dot means unread, category pages show their books. Chromium against the production
// build on the mock; time is Playwright's page clock, never a wait. Screenshots at 390 and
// 1280 px of every page these points touch.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CUSTOMER, DESKTOP, PHONE, broadcastLive, screenshot, storefrontScreenshot, useBrowserSession, watchHub } from './harness';

const session = useBrowserSession();

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
  it('Karnali Blues costs Rs. 552.50 on /books and in the cart, and the total is the sum of those prices', async () => {
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
    const summary = page.getByRole('region', { name: 'Order Summary' });
    // 2 x 552.50 + 405.00 (Muna Madan, 10 % off) + 2,200.00 (no sale).
    await expect.poll(() => summary.getByText('Rs. 3,710.00').isVisible()).toBe(true);
    expect(await summary.getByText('-Rs. 240.00').isVisible()).toBe(true);
    await storefrontScreenshot(page, 'trust-cart');
    const phone = await session.signedInPage(CUSTOMER, PHONE);
    await phone.clock.install({ time: MID_SALE });
    await phone.goto('/cart');
    await phone.getByRole('region', { name: 'Order Summary' }).getByText('Rs. 3,710.00').waitFor();
    await storefrontScreenshot(phone, 'trust-cart');
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
