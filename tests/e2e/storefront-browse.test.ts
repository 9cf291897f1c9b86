// Storefront in Chromium, as a guest and a customer: home, the /books filters in the URL,
// a book page. Screenshots at phone and desktop widths and an axe check per page.
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  DESKTOP,
  MUNA_MADAN,
  PHONE,
  expectNoA11yViolations,
  a11yViolations,
  settled,
  storefrontScreenshot as screenshot,
  useBrowserSession,
} from './harness';

const session = useBrowserSession({ reuseTabs: true });

/**
 * Home, loaded; with `clock`, the page runs on Playwright's controllable clock, set to the last
 * days of the example sales (they end 2029-12-31), when their countdowns tick.
 */
async function openHome(viewport = DESKTOP, { clock = false } = {}) {
  const page = await session.newPage(viewport);
  if (clock) await page.clock.install({ time: new Date('2029-12-29T12:00:00Z') });
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Find your next favourite book' }).waitFor();
  await page.getByRole('list', { name: 'Deal Of the Day' }).waitFor();
  await page.getByRole('list', { name: 'Best Selling' }).waitFor();
  return page;
}

describe('storefront: browsing', () => {
  it('home shows its sections, a running deal with a ticking countdown, and passes axe', async () => {
    const page = await openHome(DESKTOP, { clock: true });
    for (const name of ['Shop By Genre', 'New Arrivals', 'Coming Soon', 'Best Selling', 'Deal Of the Day', 'Why Shop with Us']) {
      await expect.poll(() => page.getByRole('heading', { level: 2, name, exact: true }).isVisible()).toBe(true);
    }
    const deals = page.getByRole('list', { name: 'Deal Of the Day' });
    await expect.poll(() => deals.getByRole('article').count()).toBe(3);
    const timer = deals.getByRole('timer').first();
    await settled(page);
    // The page's clock is paused, so the countdown holds still until it is moved on by one
    // second, which must make it tick.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const first = await timer.textContent();
    expect(first).toMatch(/^(\d+d )?\d{2}:\d{2}:\d{2}$/);
    await page.clock.runFor(1_000);
    await expect.poll(() => timer.textContent()).not.toBe(first);
    await page.clock.resume();
    await expect.poll(() => deals.getByText(/^Sale −\d+%$/).first().isVisible()).toBe(true);
    // The server's counts over the whole catalogue: Non-Fiction's two books are not on the first page.
    await expect.poll(() => page.getByRole('link', { name: /^Fiction\s*5 books$/ }).getAttribute('href')).toBe('/books?genre=Fiction');
    await expect.poll(() => page.getByRole('link', { name: /^Non-Fiction\s*2 books$/ }).getAttribute('href')).toBe('/books?genre=Non-Fiction');

    await screenshot(page, 'home');
    const phone = await openHome(PHONE);
    await screenshot(phone, 'home');

    await expectNoA11yViolations(page);
  });

  it('the hero search opens /books with the search applied', async () => {
    const page = await openHome();
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('Devkota');
    await page.getByRole('search', { name: 'Search the catalogue' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/books?search=Devkota');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search books' }).inputValue()).toBe('Devkota');
  });

  it('/books keeps genre, sort and page in the URL, and Back restores them', async () => {
    const page = await session.newPage(DESKTOP);
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/book/all')) listCalls.push(request.url());
    });
    await page.goto('/books');
    await page.getByText('Showing page 1 of 4 — Total books: 27').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Books' }).getByRole('article').count()).toBe(8);
    await screenshot(page, 'books');
    const violations = await a11yViolations(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL('**/books?page=2');
    await page.getByText('Showing page 2 of 4 — Total books: 27').waitFor();

    // The radio follows the URL, which changes in a transition: click, then wait for both.
    const fiction = page.getByRole('radio', { name: 'Fiction', exact: true });
    await fiction.click();
    await page.waitForURL('**/books?genre=Fiction');
    await expect.poll(() => fiction.isChecked()).toBe(true);
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption('price');
    await page.waitForURL('**/books?genre=Fiction&sortBy=price');
    await page.getByRole('button', { name: 'Remove filter Genre: Fiction' }).waitFor();
    await expect.poll(() => listCalls.at(-1) ?? '').toContain('sortBy=price');
    expect(listCalls.at(-1)).toContain('genre=Fiction');
    expect(listCalls.at(-1)).toContain('page=1');

    await page.goBack();
    await page.waitForURL('**/books?genre=Fiction');
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('');
    await expect.poll(() => page.getByRole('radio', { name: 'Fiction', exact: true }).isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL('**/books?page=2');
    await page.getByText('Showing page 2 of 4 — Total books: 27').waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'All genres', exact: true }).isChecked()).toBe(true);

    await page.getByRole('radio', { name: 'Horror', exact: true }).click();
    await page.waitForURL('**/books?genre=Horror');
    await page.getByRole('button', { name: 'Clear All' }).first().click();
    await page.waitForURL(/\/books$/);

    const phone = await session.newPage(PHONE);
    await phone.goto('/books?genre=Fiction');
    await phone.getByText('Showing page 1 of 4 — Total books: 27').waitFor();
    // Filters collapse into a disclosure on phones.
    const disclosure = phone.getByRole('button', { name: /^Filters/ });
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => phone.getByRole('radio', { name: 'Fiction', exact: true }).isVisible()).toBe(false);
    await screenshot(phone, 'books');
    await disclosure.click();
    await expect.poll(() => phone.getByRole('radio', { name: 'Fiction', exact: true }).isVisible()).toBe(true);
    await screenshot(phone, 'books-filters-open');

    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });

  it('opens a book from its card, adds it to the cart, and the page passes axe', async () => {
    const page = await session.signedInPage(CUSTOMER);
    await page.goto('/books');
    const grid = page.getByRole('list', { name: 'Books' });
    await grid.getByRole('link', { name: 'Muna Madan' }).click();
    await page.waitForURL(`**/bookDetails/${MUNA_MADAN}`);
    await page.getByRole('heading', { level: 1, name: 'Muna Madan' }).waitFor();
    await page.getByRole('list', { name: 'Reviews' }).waitFor();
    await page.getByRole('list', { name: 'More books by Laxmi Prasad Devkota' }).waitFor();
    await expect.poll(() => page.getByText('Available Within 1 to 2 days').isVisible()).toBe(true);
    await screenshot(page, 'book-details');
    const violations = await a11yViolations(page);

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await page.getByText('Added to Cart').waitFor();

    // A direct link (or reload) works without the card's hand-over.
    const phone = await session.newPage(PHONE);
    await phone.goto(`/bookDetails/${MUNA_MADAN}`);
    await phone.getByRole('heading', { level: 1, name: 'Muna Madan' }).waitFor();
    await phone.getByRole('list', { name: 'Reviews' }).waitFor();
    await screenshot(phone, 'book-details');

    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });

  it('adds a book to the cart from a home card', async () => {
    const page = await session.signedInPage(CUSTOMER);
    await page.goto('/');
    const card = page.getByRole('list', { name: 'New Arrivals' }).getByRole('article').first();
    await card.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByText('Added to Cart').waitFor();
  });
});
