import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, columnNames } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const options = { route: '/admin/orders', session: sessionFor('admin') };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin all orders', () => {
  it('lists a page of every order with totals, the discount rate as a percent, its status and what the shop can do', async () => {
    const api = spyOnApi();
    renderWithApp(undefined, options);
    const table = await screen.findByRole('table');
    // Every status, newest first, one page of ten: asked of the server.
    const [call] = api.find('GET', '/order/search');
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', pageSize: '10', sort: 'newest' });
    expect(screen.getByText('Showing 1–10 of 14 orders')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'All orders pages' })).toBeTruthy();
    expect(columnNames(table)).toEqual([
      'Order ID',
      'Username',
      'Order Date',
      'Total Amount',
      'Discount Rate',
      'Final Total Amount',
      'Status',
    ]);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(10);
    const anisha = rows[9];
    const cells = within(anisha).getAllByRole('cell').map((cell) => cell.textContent);
    // Total Amount is the server's subtotal (after each book's running discount), worked back
    // from the final total and the 5% cart discount: 5,220.25 / 0.95.
    expect(cells.slice(1, 7)).toEqual(['anisha', '5 November 2026', 'Rs. 5,495.00', '5%', 'Rs. 5,220.25', 'CompletedView']);
    expect(within(anisha).getByText('0dde0000-0000-4000-8000-000000000005')).toBeTruthy();
    expect(within(rows[0]).getAllByRole('cell')[6].textContent).toBe('Ready for pickupViewCancel');
    expect(within(rows[2]).getAllByRole('cell')[6].textContent).toBe('PendingMark readyViewCancel');
    // The legacy drop-down that saved nothing is gone.
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(table.textContent).not.toMatch(/claim code/i);
  });

  it("opens an order's view with its books and its history, never its claim code", async () => {
    const { user } = renderWithApp(undefined, options);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^View the order of ram on 20 November 2026/ }));
    const dialog = screen.getByRole('dialog', { name: 'Order by ram' });
    expect(within(dialog).getByText('1 × Dracula (Rs. 1,850.00)')).toBeTruthy();
    expect(dialog.textContent).toContain('Held until 27 Nov 2026, 20:45');
    const steps = within(within(dialog).getByRole('list', { name: 'Order history' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Placed20 Nov 2026, 18:15 · by ram', 'Ready for pickup20 Nov 2026, 20:45 · by staff']);
    expect(dialog.textContent).not.toMatch(/claim code/i);
  });

  it('saves what it offers: Mark ready and Cancel with a reason, each one call', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^Mark ready the order of hari/ }));
    expect(await screen.findByText('Order is ready for pickup')).toBeTruthy();
    expect(api.find('PUT', '/staff/readyOrder/0dde0000-0000-4000-8000-000000000006')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /^Cancel the order of sita on 19 November 2026/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Out of print');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeTruthy();
    const [call] = api.find('PUT', '/staff/cancelOrder/0dde0000-0000-4000-8000-000000000001');
    expect(await call.request.json()).toEqual({ reason: 'Out of print' });
  });

  it('searches, filters, sorts and pages on the server, keeping them in the address', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, options);
    await screen.findByRole('table');
    const lastQuery = () => Object.fromEntries(api.find('GET', '/order/search').at(-1)!.query);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Completed');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '10', sort: 'newest', status: 'Completed' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'total-desc');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total-desc', status: 'Completed' }));
    await user.type(screen.getByRole('searchbox', { name: 'Claim code, order number or customer' }), '  Anisha {Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '10', sort: 'total-desc', status: 'Completed', search: 'Anisha' }));
    expect(location()).toBe('/admin/orders?search=Anisha&show=Completed&sort=total-desc');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'waiting');
    await waitFor(() => expect(api.find('GET', '/order/search').at(-1)!.query.getAll('status')).toEqual(['Pending', 'Ready']));
  });

  it('goes to the next page of the server', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11–14 of 14 orders')).toBeTruthy();
    expect(api.find('GET', '/order/search').at(-1)!.query.get('page')).toBe('2');
    expect(bodyRows(screen.getByRole('table'))).toHaveLength(4);
  });

  it('says No orders found when nothing matches', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'example=empty' }]);
    renderWithApp(undefined, { ...options, route: '/admin/orders?search=nobody' });
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.getByText('Nothing matches “nobody”.')).toBeTruthy();
  });

  it('says Failed to fetch orders when the list cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/search', prefer: 'code=403' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
  });
});
