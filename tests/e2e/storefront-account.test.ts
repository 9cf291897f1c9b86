// Storefront in Chromium for a signed-in customer: cart and Place Order, My Orders and
// Cancel, the wishlist. Screenshots at phone and desktop widths and axe on /cart.
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  DESKTOP,
  PHONE,
  a11yViolations,
  storefrontScreenshot as screenshot,
  useBrowserSession,
} from './harness';

const session = useBrowserSession({ reuseTabs: true });

const customerPage = (viewport = DESKTOP) => session.signedInPage(CUSTOMER, viewport);

describe('storefront: customer pages', () => {
  it('cart: lines, stepper, Place Order with the claim code, then back to the previous page', async () => {
    const page = await customerPage();
    await page.goto('/books');
    await page.getByText(/^Showing page/).waitFor();
    // Into the cart inside the app, so "back one page" has somewhere to go.
    await page.getByRole('button', { name: 'Open account panel' }).click();
    const panel = page.getByRole('dialog', { name: 'Your account' });
    await panel.getByRole('link', { name: 'Cart', exact: true }).click();
    await page.waitForURL(/\/cart$/);
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    const items = page.getByRole('region', { name: 'Items in your cart' });
    await items.waitFor();
    await expect.poll(() => items.getByRole('listitem').count()).toBe(3);
    await screenshot(page, 'cart');
    const violations = await a11yViolations(page);

    const muna = items.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Muna Madan' }) });
    await expect.poll(() => muna.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    // A quantity change is saved, then the cart is read again: its figures are the server's (the
    // stateless mock answers its example cart again, total 5,614.50).
    const saved = page.waitForRequest((request) => request.url().includes('/api/addToCart/update/') && request.method() === 'PUT');
    const reread = page.waitForRequest((request) => request.url().endsWith('/api/addToCart/getcartitems'));
    await muna.getByRole('button', { name: 'Increase quantity' }).click();
    expect((await saved).postDataJSON()).toEqual({ quantity: 2 });
    await reread;
    await page.getByRole('region', { name: 'Order Summary' }).getByText('Rs. 5,614.50').first().waitFor();

    await page.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order placed' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('7F3A9C21').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Show this claim code at pickup').isVisible()).toBe(true);
    await screenshot(page, 'cart-order-placed');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/books$/, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'All Books' }).waitFor();

    const phone = await customerPage(PHONE);
    await phone.goto('/cart');
    await phone.getByRole('region', { name: 'Items in your cart' }).waitFor();
    await screenshot(phone, 'cart');

    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });

  it('my orders: expand an order and cancel a Pending one after confirming', async () => {
    const page = await customerPage();
    await page.goto('/myOrders');
    const list = page.getByRole('list', { name: 'Orders' });
    await list.waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Cancel order/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Show details of order #00000002' }).click();
    await page.getByText('Qty 3 × Rs. 550.00').waitFor();
    await screenshot(page, 'orders');

    await page.getByRole('button', { name: 'Cancel order #00000001' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Order cancelled successfully').waitFor();
    await expect.poll(() => confirm.isVisible()).toBe(false);

    const phone = await customerPage(PHONE);
    await phone.goto('/myOrders');
    await phone.getByRole('list', { name: 'Orders' }).waitFor();
    await phone.getByRole('button', { name: 'Show details of order #00000001' }).click();
    await screenshot(phone, 'orders');
  });

  it('wishlist: a card heart removes and adds with toasts; the wishlist page removes with DELETE', async () => {
    const page = await customerPage();
    await page.goto('/');
    const card = page.getByRole('list', { name: 'New Arrivals' }).getByRole('article').first();
    const heart = card.getByRole('button', { name: /to wishlist$/ });
    // The mock answers "bookmarked" for every book.
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await page.getByText('Removed from Wishlist').waitFor();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.getByText('Bookmarked Successfully').waitFor();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    const wishlist = await customerPage();
    const methods: string[] = [];
    wishlist.on('request', (request) => {
      if (request.url().includes('/api/book/remove/')) methods.push(request.method());
    });
    await wishlist.goto('/wishlist');
    const grid = wishlist.getByRole('list', { name: 'Saved books' });
    await grid.waitFor();
    await expect.poll(() => grid.getByRole('article').count()).toBe(3);
    await screenshot(wishlist, 'wishlist');
    await wishlist.getByRole('button', { name: 'Remove Palpasa Cafe from wishlist' }).click();
    await wishlist.getByText('Removed from Wishlist').waitFor();
    await expect.poll(() => grid.getByRole('article').count()).toBe(2);
    expect(methods).toEqual(['DELETE']);

    const phone = await customerPage(PHONE);
    await phone.goto('/wishlist');
    await phone.getByRole('list', { name: 'Saved books' }).waitFor();
    await screenshot(phone, 'wishlist');
  });
});
