import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, columnNames } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const options = { route: '/admin/orders', session: sessionFor('admin') };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin all orders', () => {
  it('lists every order with totals, the discount rate as a percent and a status dropdown', async () => {
    renderWithApp(undefined, options);
    const table = await screen.findByRole('table');
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
    expect(rows).toHaveLength(14);
    const anisha = rows[9];
    const cells = within(anisha).getAllByRole('cell').map((cell) => cell.textContent);
    // Total Amount is the server's subtotal (after each book's running discount), worked back
    // from the final total and the 5% cart discount: 5,220.25 / 0.95.
    expect(cells.slice(1, 6)).toEqual(['anisha', '5 November 2026', 'Rs. 5,495.00', '5%', 'Rs. 5,220.25']);
    expect(within(anisha).getByText('0dde0000-0000-4000-8000-000000000005')).toBeTruthy();
    expect((within(anisha).getByRole('combobox') as HTMLSelectElement).value).toBe('Completed');
  });

  it('changes a status in the page only and says it is not saved', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, options);
    const table = await screen.findByRole('table');
    expect(screen.getByText(/Status changes here are not saved/)).toBeTruthy();
    const select = within(table).getAllByRole('combobox')[0] as HTMLSelectElement;
    expect(select.value).toBe('Processing');
    await user.selectOptions(select, 'Completed');
    expect(select.value).toBe('Completed');
    expect(within(select.closest('tr')!).getByText('Not saved')).toBeTruthy();
    expect(screen.getByText('1 unsaved status change')).toBeTruthy();
    // No call exists to save it, and none is made.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.selectOptions(select, 'Processing');
    expect(screen.queryByText('Not saved')).toBeNull();
  });

  it('says No orders found for an empty list', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('No orders found')).toBeTruthy();
  });

  it('treats the legacy 404 as no orders', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', prefer: 'code=404' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('No orders found')).toBeTruthy();
  });

  it('says Failed to fetch orders when the list cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/order/all', prefer: 'code=403' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('Failed to fetch orders')).toBeTruthy();
  });
});
