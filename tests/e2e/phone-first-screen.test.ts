// What a phone shows before any scrolling (390 × 844, the production build on the mock).
import { describe, expect, it } from 'vitest';
import { MUNA_MADAN, PHONE, useBrowserSession } from './harness';

const session = useBrowserSession();

describe('on a phone, before scrolling', () => {
  it("a book page shows the book's price and ADD TO CART on the first screen", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`/bookDetails/${MUNA_MADAN}`);
    const buyBox = page.getByRole('region', { name: 'Buy this book' });
    const addToCart = buyBox.getByRole('button', { name: 'ADD TO CART', exact: true });
    await addToCart.waitFor();
    // The announcement banner is part of the first screen too: measure with it in place.
    await page.getByRole('link', { name: /Dashain & Tihar festival sale/ }).waitFor();
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
