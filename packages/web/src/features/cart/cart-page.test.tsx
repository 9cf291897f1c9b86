import { type Cart, type CartItem } from '@pustak/sdk';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestMockUrl } from '../../../test/mock-url';
import { renderWithApp, sessionFor, testClient } from '../../../test/render';
import { type RequestRule, offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

afterEach(() => {
  vi.restoreAllMocks();
});

// The contract's example cart, as the mock answers it: Karnali Blues x2 and Muna Madan x1 on
// running deals, The Name of the Wind x2 whose price changed since it was added (was 1980, now
// 2200); five copies, so the server applies its 5 % "+5 Books Member" discount: total 5614.50.
let example: Cart;
beforeAll(async () => {
  example = await testClient(`${getTestMockUrl()}/api`).cart.list({
    headers: { Authorization: `Bearer ${sessionFor('customer').token}` },
  });
});

/** A cart answer as the server sends it (the SDK reads `data` and `totals`). */
const cartAnswer = (cart: Cart) =>
  new Response(JSON.stringify({ status: 'success', statusCode: 200, message: 'Cart items retrieved successfully', data: cart.items, totals: cart.totals }), {
    headers: { 'Content-Type': 'application/json' },
  });
const okAnswer = (message: string) =>
  new Response(JSON.stringify({ status: 'success', statusCode: 200, message }), { headers: { 'Content-Type': 'application/json' } });

/** Answers the cart read with `before` until `changed()` says the server's cart is now `after`. */
function cartReads(before: () => Cart, after: () => Cart, changed: () => boolean): RequestRule {
  return { method: 'GET', path: /getcartitems$/, respond: () => cartAnswer(changed() ? after() : before()) };
}

async function renderCart(rules: RequestRule[] = [], route = '/cart') {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route, client, session: sessionFor('customer') });
  await screen.findByRole('heading', { level: 1, name: 'Your Cart' });
  return { ...result, requests };
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;
const summary = () => screen.getByRole('region', { name: 'Order Summary' });
/** The value beside a label in the order summary. */
const summaryValue = (label: string | RegExp) =>
  within(summary()).getByText(label, { selector: 'dt' }).closest('div')?.querySelector('dd')?.textContent;

describe('/cart', () => {
  it("lists each line at the server's unit price and line total, the list price struck while a deal runs", async () => {
    await renderCart();
    const items = await screen.findByRole('region', { name: 'Items in your cart' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(3);
    const karnali = rowOf('Karnali Blues');
    expect(within(karnali).getByRole('img', { name: 'Karnali Blues' })).toBeTruthy();
    expect(within(karnali).getByText('Buddhisagar')).toBeTruthy();
    expect(within(karnali).getByText('Rs. 552.50')).toBeTruthy();
    expect(within(karnali).getByText('Rs. 650.00').closest('s')).toBeTruthy();
    expect(within(karnali).getByText('Rs. 1,105.00')).toBeTruthy();
    expect(within(karnali).getByRole('spinbutton', { name: 'Quantity of Karnali Blues' })).toHaveProperty('value', '2');
    expect(within(karnali).queryByText(/Price changed/)).toBeNull();
    // The Name of the Wind: no deal, nothing struck; its price went up since it was added, and the line says so.
    const wind = rowOf('The Name of the Wind');
    expect(within(wind).getByText('Rs. 2,200.00')).toBeTruthy();
    expect(within(wind).getByText('Rs. 4,400.00')).toBeTruthy();
    expect(wind.querySelector('s')).toBeNull();
    expect(within(wind).getByText('Price changed since you added it: was Rs. 1,980.00')).toBeTruthy();
  });

  it("shows the server's totals: list price, deal savings, subtotal, each discount by name with its amount, total", async () => {
    await renderCart();
    await screen.findByRole('region', { name: 'Items in your cart' });
    expect(summaryValue('Items')).toBe('5');
    expect(summaryValue('List price')).toBe('Rs. 6,150.00');
    expect(summaryValue('Deal savings')).toBe('-Rs. 240.00');
    expect(summaryValue('Subtotal')).toBe('Rs. 5,910.00');
    expect(summaryValue(/^\+5 Books Member \(5%\)/)).toBe('-Rs. 295.50');
    expect(within(summary()).getByText('5 % off the whole cart from 5 books on')).toBeTruthy();
    expect(summaryValue('Total')).toBe('Rs. 5,614.50');
    // The offers list is information; the applied one is marked from the server's discounts.
    const offers = within(summary()).getByRole('list');
    expect(within(offers).getByText('+5 Books Member').closest('li')?.textContent).toBe('+5 Books Member (applied)5%');
    expect(within(offers).getByText('10 successful orders').closest('li')?.textContent).toBe('10 successful orders10%');
  });

  it('shows what the server says even where a client rule would say otherwise', async () => {
    // Figures no client rule would produce (a 7 % loyalty amount, a total that is not the sum):
    // the page shows them as sent, so what it shows is what the order charges.
    const odd = (): Cart => ({
      items: example.items.slice(0, 1).map((line) => ({ ...line, unitPrice: 551.11, lineTotal: 1102.22 })),
      totals: {
        copies: 2, listSubtotal: 1300, dealSavings: 197.78, subtotal: 1102.22, discountTotal: 77.16, total: 1025.06,
        discounts: [{ code: 'loyalty', name: '10 successful orders', rule: '10 % off after 10 completed orders', percent: 7, amount: 77.16 }],
      },
    });
    await renderCart([cartReads(odd, odd, () => false)]);
    const karnali = rowOf('Karnali Blues');
    await vi.waitFor(() => expect(within(karnali).getByText('Rs. 551.11')).toBeTruthy());
    expect(within(karnali).getByText('Rs. 1,102.22')).toBeTruthy();
    expect(summaryValue(/^10 successful orders \(7%\)/)).toBe('-Rs. 77.16');
    expect(summaryValue('Total')).toBe('Rs. 1,025.06');
  });

  it("changes a quantity at once, saves it, then shows the server's new figures; never below 1", async () => {
    let saved = false;
    const after = (): Cart => ({
      items: example.items.map((line): CartItem => (line.bookId.endsWith('03') ? { ...line, quantity: 2, lineTotal: 810 } : line)),
      totals: { ...example.totals, copies: 6, listSubtotal: 6600, dealSavings: 285, subtotal: 6315, discountTotal: 315.75, total: 5999.25,
        discounts: [{ ...example.totals.discounts[0]!, amount: 315.75 }] },
    });
    const { user, requests } = await renderCart([
      { method: 'PUT', path: /addToCart\/update\//, respond: () => ((saved = true), okAnswer('Cart item updated successfully')) },
      cartReads(() => example, after, () => saved),
    ]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    const muna = rowOf('Muna Madan');
    expect(within(muna).getByRole('button', { name: 'Decrease quantity' })).toHaveProperty('disabled', true);

    await user.click(within(muna).getByRole('button', { name: 'Increase quantity' }));
    expect(within(muna).getByRole('spinbutton')).toHaveProperty('value', '2');
    const update = () => requestsTo(requests, '/addToCart/update/ca770000-0000-4000-8000-000000000002', 'PUT');
    await vi.waitFor(() => expect(update()).toHaveLength(1));
    expect(JSON.parse(update()[0]!.body)).toEqual({ quantity: 2 });
    // The cart is read again and its figures are the server's.
    await vi.waitFor(() => expect(summaryValue('Total')).toBe('Rs. 5,999.25'));
    expect(within(muna).getByText('Rs. 810.00')).toBeTruthy();
    expect(summaryValue(/^\+5 Books Member/)).toBe('-Rs. 315.75');
    expect(requestsTo(requests, '/addToCart/getcartitems')).toHaveLength(2);
    // Typing 0 is clamped to 1: that is what is saved.
    const input = within(muna).getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '0{Enter}');
    await vi.waitFor(() => expect(update()).toHaveLength(2));
    expect(JSON.parse(update()[1]!.body)).toEqual({ quantity: 1 });
  });

  it('puts the quantity back and says so quietly when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderCart([{ path: /addToCart\/update\//, prefer: 'code=400' }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    const karnali = rowOf('Karnali Blues');
    await user.click(within(karnali).getByRole('button', { name: 'Increase quantity' }));
    expect(await within(karnali).findByText("Couldn't update the quantity. Please try again.")).toBeTruthy();
    expect(within(karnali).getByRole('spinbutton')).toHaveProperty('value', '2');
    expect(summaryValue('Total')).toBe('Rs. 5,614.50');
  });

  it("removes a line and shows the server's totals without it", async () => {
    let removed = false;
    const after = (): Cart => ({
      items: example.items.slice(0, 2),
      totals: { copies: 3, listSubtotal: 1750, dealSavings: 240, subtotal: 1510, discounts: [], discountTotal: 0, total: 1510 },
    });
    const { user, requests } = await renderCart([
      { method: 'DELETE', path: /addToCart\/remove\//, respond: () => ((removed = true), okAnswer('Item removed from cart')) },
      cartReads(() => example, after, () => removed),
    ]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Remove The Name of the Wind' }));
    expect(await screen.findByText('Item removed from cart')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'The Name of the Wind' })).toBeNull());
    expect(requestsTo(requests, '/addToCart/remove/ca770000-0000-4000-8000-000000000003', 'DELETE')).toHaveLength(1);
    expect(summaryValue('Total')).toBe('Rs. 1,510.00');
    expect(within(summary()).queryByText(/\+5 Books Member \(5%\)/)).toBeNull();
  });

  it('places the order at the total on screen and shows what it charged, then goes back where the customer came from', async () => {
    const { client, requests } = scriptedClient();
    const { user, router, location } = renderWithApp(undefined, { route: '/books', client, session: sessionFor('customer') });
    await screen.findByRole('heading', { level: 1, name: 'All Books' });
    await act(() => router.navigate('/cart'));
    await screen.findByRole('region', { name: 'Items in your cart' });

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order placed' });
    expect(JSON.parse(requestsTo(requests, '/order/place', 'POST')[0]!.body)).toEqual({ expectedTotal: 5614.5 });
    expect(within(dialog).getByText('7F3A9C21')).toBeTruthy();
    expect(within(dialog).getByText('Show this claim code at pickup')).toBeTruthy();
    expect(within(dialog).getByText('0dde0000-0000-4000-8000-000000000007')).toBeTruthy();
    const fact = (label: string | RegExp) => within(dialog).getByText(label, { selector: 'dt' }).closest('div')?.querySelector('dd')?.textContent;
    expect(fact('Subtotal')).toBe('Rs. 5,910.00');
    expect(fact(/^\+5 Books Member \(5%\)/)).toBe('-Rs. 295.50');
    expect(fact('Total')).toBe('Rs. 5,614.50');
    // Where and when to collect it: the shop's configured pickup information (GET /shop/info).
    const pickup = await within(dialog).findByRole('region', { name: 'Pickup information' });
    expect(pickup.textContent).toContain('Pick up at Pustak');
    expect(pickup.textContent).toContain('Thamel Marg 12, Kathmandu 44600, Nepal');
    expect(pickup.textContent).toContain('Sunday to Friday, 9:00 to 19:00');
    expect(pickup.textContent).toContain('Once your order is ready we keep it for 7 days.');
    expect(requestsTo(requests, '/order/place', 'POST')).toHaveLength(1);
    // The cart is read again after the order.
    await vi.waitFor(() => expect(requestsTo(requests, '/addToCart/getcartitems').length).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(location()).toBe('/books'));
  });

  it('goes to My Orders after the confirmation when the cart was opened directly', async () => {
    const { user, location } = await renderCart();
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order placed' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(location()).toBe('/myOrders'));
  });

  it("orders nothing when the server's total changed: says so with its text, reads the cart again and keeps it", async () => {
    // What the server says once a deal has ended: Karnali Blues back at its list price.
    const after = (): Cart => ({
      items: example.items.map((line, index) => (index === 0 ? { ...line, unitPrice: 650, lineTotal: 1300, priceChanged: true, addedUnitPrice: 552.5,
        book: { ...line.book, pricing: { ...line.book.pricing, unitPrice: 650, dealRunning: false, dealPercent: 0, dealEndsAt: null } } } : line)),
      totals: { ...example.totals, dealSavings: 45, subtotal: 6105, discountTotal: 305.25, total: 5799.75,
        discounts: [{ ...example.totals.discounts[0]!, amount: 305.25 }] },
    });
    // The mock answers the contract's 409 example; from then on the server's cart is the new one.
    const { client, requests } = scriptedClient([
      { path: /order\/place$/, prefer: 'code=409' },
      cartReads(() => example, after, () => place().length > 0),
    ]);
    const place = () => requestsTo(requests, '/order/place', 'POST');
    const { user } = renderWithApp(undefined, { route: '/cart', client, session: sessionFor('customer') });
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(place()).toHaveLength(1));
    expect(JSON.parse(place()[0]!.body)).toEqual({ expectedTotal: 5614.5 });
    const alert = await within(summary()).findByRole('alert');
    expect(alert.textContent).toBe('Prices in your cart have changed. Please check your cart and place the order again.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Read again: the new figures show, the lines are all still there, and the customer can order at them.
    await vi.waitFor(() => expect(summaryValue('Total')).toBe('Rs. 5,799.75'));
    expect(requestsTo(requests, '/addToCart/getcartitems').length).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByRole('region', { name: 'Items in your cart' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(rowOf('Karnali Blues')).getByText('Price changed since you added it: was Rs. 552.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);
  });

  it('reads the cart again when a deal in it ends while the page is open', async () => {
    const ends = new Date(Date.now() + 1_200).toISOString();
    const ending = (): Cart => ({
      ...example,
      items: example.items.map((line, index) =>
        index === 0 ? { ...line, book: { ...line.book, pricing: { ...line.book.pricing, dealEndsAt: ends } } } : line),
    });
    const { requests } = await renderCart([cartReads(ending, ending, () => false)]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    expect(requestsTo(requests, '/addToCart/getcartitems')).toHaveLength(1);
    await vi.waitFor(() => expect(requestsTo(requests, '/addToCart/getcartitems')).toHaveLength(2), { timeout: 5_000 });
  });

  it("shows 'Processing...' while the order is placed and 'Order failed. Please try again.' when no answer came", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = await renderCart([{ path: /order\/place$/, offline: true, hold: held }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Order failed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['not-enough-stock', 'Not enough stock for book: The Haunting of Hill House'],
    ['cart-empty', 'Cart is empty'],
  ])("shows the server's reason when the order is refused (%s), not only 'Order failed'", async (example, reason) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderCart([{ path: /order\/place$/, prefer: `code=400, example=${example}` }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(summary()).findByText(reason)).toBeTruthy();
    expect(screen.queryByText('Order failed. Please try again.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("falls back to 'Order failed. Please try again.' when the server's refusal carries no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderCart([{ path: /order\/place$/, respond: () => new Response(null, { status: 500 }) }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(summary()).findByText('Order failed. Please try again.')).toBeTruthy();
  });

  it('says when the cart is empty and links to the books', async () => {
    await renderCart([{ path: /getcartitems$/, prefer: 'example=empty' }]);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse books' }).getAttribute('href')).toBe('/books');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('shows a retryable error when the cart cannot be loaded', async () => {
    renderWithApp(undefined, { route: '/cart', client: offlineClient(), session: sessionFor('customer') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your cart")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
