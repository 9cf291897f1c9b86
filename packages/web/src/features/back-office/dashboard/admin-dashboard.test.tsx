import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { spyOnApi } from '../../../../test/api-spy';
import { barHeightPercent } from './sales-chart';

// An hour after the newest activity in the contract's dashboard example.
const NOW = new Date('2026-11-19T16:00:30Z');
const options = { route: '/admin', session: sessionFor('admin'), config: { now: () => NOW } };

afterEach(() => {
  vi.restoreAllMocks();
});

function card(label: string) {
  const element = screen.getByText(label).closest('article');
  if (!element) throw new Error(`no card ${label}`);
  return element;
}

describe('admin dashboard', () => {
  it('lists the books running low (at or below the threshold), fewest first, each with a link to edit it', async () => {
    const { user, location } = renderWithApp(undefined, options);
    expect(await screen.findByRole('heading', { name: 'Running low' })).toBeTruthy();
    expect(screen.getByText('Books with 5 or fewer copies in stock')).toBeTruthy();
    const table = within(screen.getByRole('region', { name: 'Books running low table' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['The Haunting of Hill House', 'Shirley Jackson', '2'],
      ['And Then There Were None', 'Agatha Christie', '5'],
    ]);
    await user.click(screen.getByRole('link', { name: 'Edit The Haunting of Hill House' }));
    await waitFor(() => expect(location()).toBe('/admin/books/edit/0f0e0000-0000-4000-8000-000000000022'));
  });

  it('says so when no book is running low', async () => {
    spyOnApi([{ method: 'GET', path: '/dashboard/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('No book is running low.')).toBeTruthy();
  });

  it('shows the totals, revenue as Rs. with 2 decimals and the greeting', async () => {
    renderWithApp(undefined, options);
    expect(await screen.findByText('Total Books')).toBeTruthy();
    expect(screen.getByText('Welcome back, User')).toBeTruthy();
    expect(within(card('Total Books')).getByText('27')).toBeTruthy();
    expect(within(card('Total Orders')).getByText('14')).toBeTruthy();
    expect(within(card('Total Customers')).getByText('73')).toBeTruthy();
    expect(within(card('Total Revenue')).getByText('Rs.14,815.25')).toBeTruthy();
  });

  it('draws the last 7 days with bar heights scaled by count / 5 and a readable table', async () => {
    const { container } = renderWithApp(undefined, options);
    expect(await screen.findByRole('heading', { name: 'Sales Overview' })).toBeTruthy();
    expect(screen.getByText('Last 7 Days')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Orders in the last 7 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Sun1', 'Mon0', 'Tue0', 'Wed2', 'Thu2', 'Fri1', 'Sat0']);
    const wednesday = container.querySelector('[title="Wed: 2 orders"]');
    expect(wednesday).toBeTruthy();
    const bar = wednesday?.querySelector('span > span') as HTMLElement;
    expect(bar.style.height).toBe(`${barHeightPercent(2)}%`);
  });

  it('scales bars by count / 5 and caps them at the full height', () => {
    expect(barHeightPercent(5)).toBe(barHeightPercent(10) / 2);
    expect(barHeightPercent(0)).toBe(0);
    expect(barHeightPercent(1000)).toBe(100);
  });

  it('lists recent activity with relative times, recent books and recent orders', async () => {
    renderWithApp(undefined, options);
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    const items = within(activity).getAllByRole('listitem');
    expect(items[0].textContent).toBe('Karnali Blues was just bought1h ago');
    expect(items[3].textContent).toBe('The Hobbit was just bought3d ago');

    const books = within(screen.getByRole('region', { name: 'Recently Added Books' })).getAllByRole('row');
    expect(books[0].textContent).toBe('TitleAuthorPriceAdded');
    expect(within(books[1]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Karnali Blues',
      'Buddhisagar',
      'Sale price Rs. 552.50Original price Rs. 650.00',
      '18 November 2026',
    ]);

    const orders = within(screen.getByRole('region', { name: 'Recent Orders' })).getAllByRole('row').slice(1);
    expect(orders.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['1', '2', '3']);
    expect(within(orders[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1',
      'ram',
      '20 November 2026',
      'Rs. 1,850.00',
      'Ready for pickup',
    ]);
    expect(within(orders[0]).getByText('Ready for pickup').className).toMatch(/info/);
    expect(within(orders[1]).getByText('Completed').className).toMatch(/success/);
    expect(within(orders[2]).getByText('Pending').className).toMatch(/warning/);
  });

  it('renders View All buttons that do nothing', async () => {
    const { user, location, router } = renderWithApp(undefined, options);
    const viewAll = await screen.findByRole('button', { name: 'View All orders' });
    expect(viewAll.getAttribute('aria-disabled')).toBe('true');
    await user.click(viewAll);
    // Had the click gone anywhere, Back from the next page would land there, not on /admin.
    await act(() => router.navigate('/admin/orders'));
    await waitFor(() => expect(location()).toBe('/admin/orders'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(screen.getAllByRole('button', { name: /^View All/ })).toHaveLength(3);
  });

  it('shows empty lists for a new shop', async () => {
    spyOnApi([{ method: 'GET', path: '/dashboard/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, options);
    expect(await screen.findByText('No recent activity.')).toBeTruthy();
    expect(screen.getByText('No books added yet.')).toBeTruthy();
    expect(screen.getByText('No orders yet.')).toBeTruthy();
    expect(within(card('Total Revenue')).getByText('Rs.0.00')).toBeTruthy();
  });

  it('shows an error with a retry that loads the figures', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/dashboard/all', prefer: 'code=403' }]);
    const { user } = renderWithApp(undefined, options);
    expect(await screen.findByText('Failed to load the dashboard.')).toBeTruthy();
    api.rules.length = 0;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Rs.14,815.25')).toBeTruthy();
  });
});
