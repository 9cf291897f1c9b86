import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { type RequestRule, offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderOrders(rules: RequestRule[] = []) {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route: '/myOrders', client, session: sessionFor('customer') });
  await screen.findByRole('heading', { level: 1, name: 'My Orders' });
  return { ...result, requests };
}

const orderTitles = () =>
  within(screen.getByRole('list', { name: 'Orders' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('/myOrders', () => {
  it('lists the orders newest first with status and total', async () => {
    await renderOrders();
    await screen.findByRole('list', { name: 'Orders' });
    expect(orderTitles()).toEqual(['Order #00000001', 'Order #00000008', 'Order #00000011', 'Order #00000002', 'Order #00000003']);
    const first = screen.getByRole('article', { name: 'Order #00000001' });
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getAllByText('Rs. 1,510.00').length).toBeGreaterThan(0);
    expect(within(first).getByText('Placed 19 November 2026 · 3 books')).toBeTruthy();
  });

  it('says how a completed order was paid and who handed it over, and nothing of the kind on an open one', async () => {
    await renderOrders();
    const completed = await screen.findByRole('article', { name: 'Order #00000008' });
    expect(within(completed).getByText('Paid by eSewa · Handed over by staff')).toBeTruthy();
    // Completed before the handover recorded anything: no line.
    expect(within(screen.getByRole('article', { name: 'Order #00000011' })).queryByText(/Paid by|Handed over/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Order #00000001' })).queryByText(/Paid by|Handed over/)).toBeNull();
  });

  it('filters by status and sorts', async () => {
    const { user } = await renderOrders();
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Completed (3)' }));
    expect(orderTitles()).toEqual(['Order #00000008', 'Order #00000011', 'Order #00000002']);
    await user.click(screen.getByRole('button', { name: 'Cancelled (1)' }));
    expect(orderTitles()).toEqual(['Order #00000003']);
    await user.click(screen.getByRole('button', { name: 'All (5)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'oldest');
    expect(orderTitles()).toEqual(['Order #00000003', 'Order #00000002', 'Order #00000011', 'Order #00000008', 'Order #00000001']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'amount-desc');
    expect(orderTitles()).toEqual(['Order #00000002', 'Order #00000001', 'Order #00000003', 'Order #00000008', 'Order #00000011']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'amount-asc');
    expect(orderTitles()).toEqual(['Order #00000011', 'Order #00000008', 'Order #00000003', 'Order #00000001', 'Order #00000002']);
  });

  it('expands an order to its items, totals and discount rate', async () => {
    const { user } = await renderOrders();
    const order = await screen.findByRole('article', { name: 'Order #00000002' });
    const toggle = within(order).getByRole('button', { name: 'Show details of order #00000002' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(order).queryByRole('list', { name: 'Books of order #00000002' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(within(order).getByRole('list', { name: 'Books of order #00000002' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(order).getByText('Palpasa Cafe')).toBeTruthy();
    expect(within(order).getByText('Qty 3 × Rs. 550.00')).toBeTruthy();
    expect(within(order).getByText('Rs. 1,650.00')).toBeTruthy();
    // Each line at what one copy was charged (Seto Dharti's deal was running: 475, list 500 struck)
    // and what the line was charged; then the order's own subtotal, rate and final total, as sent.
    const seto = within(order).getByText('Seto Dharti').closest('li') as HTMLElement;
    expect(seto.textContent).toContain('Qty 2 × Rs. 475.00');
    expect(within(seto).getByText('Rs. 500.00', { exact: false }).closest('s')).toBeTruthy();
    expect(within(seto).getByText('Rs. 950.00')).toBeTruthy();
    expect(within(order).getByText('Rs. 2,600.00')).toBeTruthy();
    expect(within(order).getByText('5%')).toBeTruthy();
    expect(within(order).getAllByText('Rs. 2,470.00').length).toBe(2);
  });

  it('offers Cancel only on Pending orders, confirms, shows the server message and reloads', async () => {
    const { user, requests } = await renderOrders();
    await screen.findByRole('list', { name: 'Orders' });
    expect(screen.getAllByRole('button', { name: /^Cancel order/ })).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Order #00000002' })).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Order #00000003' })).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel order #00000001' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsTo(requests, '/order/cancel/0dde0000-0000-4000-8000-000000000001', 'PUT')).toHaveLength(0);

    const loads = requestsTo(requests, '/order/userOrder').length;
    await user.click(screen.getByRole('button', { name: 'Cancel order #00000001' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeTruthy();
    expect(requestsTo(requests, '/order/cancel/0dde0000-0000-4000-8000-000000000001', 'PUT')).toHaveLength(1);
    await vi.waitFor(() => expect(requestsTo(requests, '/order/userOrder').length).toBe(loads + 1));
  });

  it("shows an open order's claim code with pickup words, and no code on a closed one", async () => {
    await renderOrders();
    const open = await screen.findByRole('article', { name: 'Order #00000001' });
    const pickup = within(open).getByRole('group', { name: 'Pickup of order #00000001' });
    expect(within(pickup).getByText('00000001').tagName).toBe('STRONG');
    expect(pickup.textContent).toContain('Show this code at the counter');
    for (const closed of ['Order #00000002', 'Order #00000003']) {
      expect(within(screen.getByRole('article', { name: closed })).queryByRole('group', { name: /Pickup/ })).toBeNull();
    }
  });

  it('shows a Ready order as Ready for pickup, with its code, the end of its hold and its timeline', async () => {
    const ready = {
      orderId: '0dde0000-0000-4000-8000-000000000021',
      username: 'sita',
      orderDate: '2026-11-20T04:15:00Z',
      originalTotal: 650,
      finalTotal: 650,
      discountRate: 0,
      status: 'Ready',
      claimCode: 'AB12CD34',
      expiresAt: '2026-11-27T06:15:00Z',
      shippingCost: 0,
      bookTitles: ['Karnali Blues'],
      orderItems: [{ bookId: '0f0e0000-0000-4000-8000-000000000001', title: 'Karnali Blues', itemCode: '978-9937-8520-0-1', quantity: 1, pricePerUnit: 650, unitPrice: 650, totalPrice: 650 }],
      history: [
        { kind: 'placed', at: '2026-11-20T04:15:00Z', by: 'sita' },
        { kind: 'ready', at: '2026-11-20T06:15:00Z', by: 'staff' },
      ],
    };
    const cancelled = { ...ready, orderId: '0dde0000-0000-4000-8000-000000000022', status: 'Cancelled', claimCode: undefined, expiresAt: undefined,
      history: [ready.history[0], { kind: 'cancelled', at: '2026-11-21T04:15:00Z', by: 'staff', reason: 'Damaged copy' }] };
    const list = { status: 'success', message: 'Orders retrieved successfully', data: [ready, cancelled] };
    const { user } = await renderOrders([{ path: /userOrder$/, respond: () => Response.json(list) }]);
    const card = await screen.findByRole('article', { name: 'Order #00000021' });
    expect(within(card).getByText('Ready for pickup', { selector: 'span[class*="badge"]' })).toBeTruthy();
    expect(within(card).getByText('AB12CD34')).toBeTruthy();
    expect(within(card).getByRole('group', { name: /Pickup/ }).textContent).toContain('Collect them by 27 Nov 2026, 12:00');
    const steps = within(within(card).getByRole('list', { name: 'History of order #00000021' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Placed20 Nov 2026, 10:00 · by sita', 'Ready for pickup20 Nov 2026, 12:00 · by staff']);
    const shopCancelled = within(screen.getByRole('article', { name: 'Order #00000022' })).getByRole('list', { name: /History/ });
    expect(within(shopCancelled).getAllByRole('listitem')[1].textContent).toBe('Cancelled21 Nov 2026, 10:00 · by staffReason: Damaged copy');
    await user.click(screen.getByRole('button', { name: 'Ready for pickup (1)' }));
    expect(orderTitles()).toEqual(['Order #00000021']);
  });

  it('sends the confirmation e-mail again and says so', async () => {
    const { user, requests } = await renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Email it to me again for order #00000001' }));
    expect(await screen.findByText('We e-mailed the claim code of order #00000001 again.')).toBeTruthy();
    expect(requestsTo(requests, '/order/resendConfirmation/0dde0000-0000-4000-8000-000000000001', 'POST')).toHaveLength(1);
  });

  it('says Too many attempts when the e-mail was sent 3 times this hour', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderOrders([{ path: /resendConfirmation\//, prefer: 'code=429' }]);
    await user.click(await screen.findByRole('button', { name: 'Email it to me again for order #00000001' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeTruthy();
  });

  it("shows the server's reason when a cancel is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderOrders([{ path: /order\/cancel\//, prefer: 'code=400' }]);
    await user.click(await screen.findByRole('button', { name: 'Cancel order #00000001' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Cannot cancel a completed or already cancelled order')).toBeTruthy();
  });

  it('says when there are no orders yet (the legacy 404) and links to the books', async () => {
    await renderOrders([{ path: /userOrder$/, prefer: 'code=404' }]);
    expect(await screen.findByRole('heading', { name: 'You have no orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse books' }).getAttribute('href')).toBe('/books');
  });

  it('shows a retryable error when the orders cannot be loaded', async () => {
    renderWithApp(undefined, { route: '/myOrders', client: offlineClient(), session: sessionFor('customer') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your orders")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
