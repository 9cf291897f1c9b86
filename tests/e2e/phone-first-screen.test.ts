// What a phone shows first (390 × 844, the production build on the mock): nothing moves once
// painted, and a book page's buy box is on the first screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MUNA_MADAN, PHONE, useBrowserSession } from './harness';

const session = useBrowserSession();
const BANNER = /Dashain & Tihar festival sale/;

/** Sums the page's layout shifts (as CLS counts them: none right after an input) from the start. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

describe('on a phone, as a page loads', () => {
  const pages: [string, string, (page: Page) => Promise<void>][] = [
    ['/', 'home', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Find your next favourite book' }).waitFor();
      await page.getByRole('list', { name: 'Best Selling' }).waitFor();
    }],
    ['/books', 'books', async (page) => {
      await page.getByRole('list', { name: 'Books' }).getByRole('article').first().waitFor();
    }],
    [`/bookDetails/${MUNA_MADAN}`, 'a book page', async (page) => {
      await page.getByRole('button', { name: 'ADD TO CART', exact: true }).waitFor();
      await page.getByRole('list', { name: 'Reviews' }).waitFor();
    }],
  ];
  for (const [path, name, loaded] of pages) {
    it(`${name} paints with the announcement banner in place and nothing shifts (CLS 0)`, async () => {
      const page = await session.newPage(PHONE);
      await recordLayoutShifts(page);
      const bannerCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/announcement/active') bannerCalls.push(request.url());
      });
      await page.goto(path);
      await page.getByRole('link', { name: BANNER }).waitFor();
      await loaded(page);
      // The covers on the first screen have loaded (those further down load lazily, on scroll).
      await page.waitForFunction(() =>
        Array.from(document.images)
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
          .every((image) => image.complete),
      );
      expect(await shifts(page)).toEqual([]);
      // index.html's preload of the banner's data is the request the app itself uses.
      expect(bannerCalls).toHaveLength(1);
    });
  }

  it("a book page shows the book's price and ADD TO CART on the first screen", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`/bookDetails/${MUNA_MADAN}`);
    const buyBox = page.getByRole('region', { name: 'Buy this book' });
    const addToCart = buyBox.getByRole('button', { name: 'ADD TO CART', exact: true });
    await addToCart.waitFor();
    // The announcement banner is part of the first screen too: measure with it in place.
    await page.getByRole('link', { name: BANNER }).waitFor();
    const price = buyBox.getByText(/Rs\. [\d,]+\.\d\d/).first();
    for (const [what, element] of [['price', price], ['ADD TO CART', addToCart]] as const) {
      const box = await element.boundingBox();
      expect(box, `${what} has a box`).not.toBeNull();
      expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${what} bottom within the ${PHONE.height} px screen`).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
