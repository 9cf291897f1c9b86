import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, columnNames } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const admin = sessionFor('admin');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin activity log', () => {
  it('is in the admin sidebar and lists a server page of changes: when, who, what, target and the fields before and after', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin', session: admin });
    await user.click(await screen.findByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(location()).toBe('/admin/activity'));
    const table = await screen.findByRole('table');
    expect(columnNames(table)).toEqual(['When', 'Who', 'What', 'Target', 'Changes']);
    const rows = bodyRows(table);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent))).toEqual([
      ['admin', 'Discount offer', 'Muna Madan'],
      ['staff', 'Order ready', 'Order 0dde0000'],
    ]);
    expect(within(rows[0]!).getByText('discount: 0 → 15')).toBeTruthy();
    expect(within(rows[1]!).getByText('status: Pending → Ready')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 changes')).toBeTruthy();
    const [call] = api.find('GET', '/activity/all');
    expect([call!.query.get('page'), call!.query.get('pageSize'), call!.query.has('kind')]).toEqual(['1', '10', false]);
  });

  it('filters by who, what and a date range (the To day included), in the URL, from page 1', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin/activity?page=2', session: admin });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Who' }), 'staff');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Order handed over');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(location()).toBe('/admin/activity?actor=staff&kind=order.completed&from=2026-11-20&to=2026-11-21'));
    await waitFor(() => expect(api.find('GET', '/activity/all').some((call) => call.query.get('kind') === 'order.completed')).toBe(true));
    const call = api.find('GET', '/activity/all').find((c) => c.query.get('kind') === 'order.completed')!;
    expect(call.query.get('actor')).toBe('staff');
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('from')).toBe(new Date(2026, 10, 20).toISOString());
    expect(call.query.get('to')).toBe(new Date(2026, 10, 22).toISOString());
  });

  it('says No activity found when nothing matches', async () => {
    spyOnApi([{ method: 'GET', path: '/activity/all', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/admin/activity?kind=review.hidden', session: admin });
    expect(await screen.findByText('No activity found')).toBeTruthy();
    expect(screen.getByText('Nothing matches these filters.')).toBeTruthy();
  });
});
