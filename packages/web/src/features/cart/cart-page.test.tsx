import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { type RequestRule, offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderCart(rules: RequestRule[] = [], route = '/cart') {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route, client, session: sessionFor('customer') });
  await screen.findByRole('heading', { level: 1, name: 'Your Cart' });
  return { ...result, requests };
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

describe('/cart', () => {
  it('lists each line at the price the customer pays: the sale price, the list price struck beside it', async () => {
    await renderCart();
    const items = await screen.findByRole('region', { name: 'Items in your cart' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(3);
    const karnali = rowOf('Karnali Blues');
    expect(within(karnali).getByRole('img', { name: 'Karnali Blues' })).toBeTruthy();
    expect(within(karnali).getByText('Buddhisagar')).toBeTruthy();
    // Karnali Blues: Rs. 650, 15 % off while its sale runs, as the book card shows it.
    expect(within(karnali).getByText('Rs. 552.50')).toBeTruthy();
    expect(within(karnali).getByText('Rs. 650.00').closest('s')).toBeTruthy();
    expect(within(karnali).getByText('Rs. 1,105.00')).toBeTruthy();
    expect(within(karnali).getByRole('spinbutton', { name: 'Quantity of Karnali Blues' })).toHaveProperty('value', '2');
    // The Name of the Wind has no sale: its list price, nothing struck.
    const wind = rowOf('The Name of the Wind');
    expect(within(wind).getAllByText('Rs. 2,200.00')).toHaveLength(2);
    expect(wind.querySelector('s')).toBeNull();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    // List 2 x 650 + 450 + 2200 = 3950; the sales take 195 + 45 off; four books, no cart discount.
    expect(within(summary).getByText('Rs. 3,950.00')).toBeTruthy();
    expect(within(summary).getByText('-Rs. 240.00')).toBeTruthy();
    expect(within(summary).getByText('Rs. 3,710.00')).toBeTruthy();
    expect(within(summary).queryByText(/Cart discount/)).toBeNull();
    expect(within(summary).getByText('+5 Books Member')).toBeTruthy();
  });

  it('changes a quantity at once, then saves it; the fifth book brings the 5 % cart discount; never below 1', async () => {
    const { user, requests } = await renderCart();
    await screen.findByRole('region', { name: 'Items in your cart' });
    const muna = rowOf('Muna Madan');
    expect(within(muna).getByRole('button', { name: 'Decrease quantity' })).toHaveProperty('disabled', true);
    await user.click(within(muna).getByRole('button', { name: 'Decrease quantity' }));
    expect(requestsTo(requests, '/addToCart/update/ca770000-0000-4000-8000-000000000002', 'PUT')).toHaveLength(0);

    await user.click(within(muna).getByRole('button', { name: 'Increase quantity' }));
    expect(within(muna).getByRole('spinbutton')).toHaveProperty('value', '2');
    await vi.waitFor(() =>
      expect(requestsTo(requests, '/addToCart/update/ca770000-0000-4000-8000-000000000002', 'PUT')).toHaveLength(1),
    );
    expect(JSON.parse(requestsTo(requests, '/addToCart/update/ca770000-0000-4000-8000-000000000002', 'PUT')[0]!.body)).toEqual({
      quantity: 2,
    });
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    // 2 x 552.50 + 2 x 405 + 2200 = 4115; five books: 5 % off = 205.75.
    expect(within(summary).getByText(/Cart discount 5%/)).toBeTruthy();
    expect(within(summary).getByText('-Rs. 205.75')).toBeTruthy();
    expect(within(summary).getByText('Rs. 3,909.25')).toBeTruthy();
    // Typing 0 is clamped to 1.
    const input = within(muna).getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(input).toHaveProperty('value', '1');
  });

  it('puts the quantity back and says so quietly when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderCart([{ path: /addToCart\/update\//, prefer: 'code=400' }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    const karnali = rowOf('Karnali Blues');
    await user.click(within(karnali).getByRole('button', { name: 'Increase quantity' }));
    expect(await within(karnali).findByText("Couldn't update the quantity. Please try again.")).toBeTruthy();
    expect(within(karnali).getByRole('spinbutton')).toHaveProperty('value', '2');
  });

  it('removes a line', async () => {
    const { user, requests } = await renderCart();
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Remove The Name of the Wind' }));
    expect(await screen.findByText('Item removed from cart')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'The Name of the Wind' })).toBeNull();
    expect(requestsTo(requests, '/addToCart/remove/ca770000-0000-4000-8000-000000000003', 'DELETE')).toHaveLength(1);
  });

  it('places the order and shows the claim code, then goes back where the customer came from', async () => {
    const { client, requests } = scriptedClient();
    const { user, router, location } = renderWithApp(undefined, { route: '/books', client, session: sessionFor('customer') });
    await screen.findByRole('heading', { level: 1, name: 'All Books' });
    await act(() => router.navigate('/cart'));
    await screen.findByRole('region', { name: 'Items in your cart' });

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order placed' });
    expect(within(dialog).getByText('7F3A9C21')).toBeTruthy();
    expect(within(dialog).getByText('Show this claim code at pickup')).toBeTruthy();
    expect(within(dialog).getByText('0dde0000-0000-4000-8000-000000000007')).toBeTruthy();
    expect(within(dialog).getByText('Rs. 2,470.00')).toBeTruthy();
    expect(within(dialog).getByText('5.00%')).toBeTruthy();
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

  it("shows 'Processing...' while the order is placed and 'Order failed. Please try again.' on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = await renderCart([{ path: /order\/place$/, prefer: 'code=400', hold: held }]);
    await screen.findByRole('region', { name: 'Items in your cart' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Order failed. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('dialog')).toBeNull();
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
