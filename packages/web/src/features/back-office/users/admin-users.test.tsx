import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { bodyRows, columnNames } from '../../../../test/table';
import { spyOnApi } from '../../../../test/api-spy';

const admin = sessionFor('admin');
const SITA = '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03';

afterEach(() => {
  vi.restoreAllMocks();
});

function pageButtons() {
  const nav = screen.getByRole('navigation', { name: 'Users pages' });
  return within(nav)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
}

describe('admin users', () => {
  it('lists a server page of users with e-mail, role, joined date and verified badge', async () => {
    const api = spyOnApi();
    renderWithApp(undefined, { route: '/admin/users', session: admin });
    const table = await screen.findByRole('table');
    expect(columnNames(table)).toEqual([
      'Username',
      'E-mail',
      'Role',
      'Joined At',
      'Verified',
      'Change role',
    ]);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)).toEqual([
      'sita',
      'sita@example.com',
      'User',
      '5 January 2026',
      'Yes',
    ]);
    expect(within(rows[6]).getAllByRole('cell')[4].textContent).toBe('No');
    expect(screen.getByText('Showing 1–10 of 73 users')).toBeTruthy();
    const [call] = api.find('GET', '/user/getallusers');
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('pageSize')).toBe('10');
    expect(call.query.has('search')).toBe(false);
  });

  it('pages with up to 5 numbers, ellipses, first and last', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin/users', session: admin });
    await screen.findByRole('table');
    expect(pageButtons()).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 8',
      'Next page',
      'Last page',
    ]);
    expect(screen.getAllByText('…')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(api.find('GET', '/user/getallusers').at(-1)?.query.get('page')).toBe('5'));
    await waitFor(() => expect(location()).toBe('/admin/users?page=5'));
    expect(pageButtons().filter((name) => name?.startsWith('Page '))).toEqual([
      'Page 1',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 7',
      'Page 8',
    ]);
    expect(screen.getAllByText('…')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');

    // Near the end the gap moves to the front: 1 … 4 5 6 7 8.
    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    await waitFor(() =>
      expect(pageButtons().filter((name) => name?.startsWith('Page '))).toEqual([
        'Page 1',
        'Page 4',
        'Page 5',
        'Page 6',
        'Page 7',
        'Page 8',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(api.find('GET', '/user/getallusers').at(-1)?.query.get('page')).toBe('8'));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(location()).toBe('/admin/users'));
  });

  it('searches from page 1 after a pause, and at once on Enter', async () => {
    const api = spyOnApi();
    const { user, location } = renderWithApp(undefined, { route: '/admin/users?page=3', session: admin });
    await screen.findByRole('table');
    expect(api.find('GET', '/user/getallusers')[0].query.get('page')).toBe('3');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ram');
    await waitFor(() => expect(location()).toBe('/admin/users?search=ram'));
    await waitFor(() => {
      const last = api.find('GET', '/user/getallusers').at(-1);
      expect(last?.query.get('search')).toBe('ram');
      expect(last?.query.get('page')).toBe('1');
    });
    // The debounce sent one search, not one per key.
    expect(api.find('GET', '/user/getallusers').filter((call) => call.query.has('search'))).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'a{Enter}');
    await waitFor(() => expect(location()).toBe('/admin/users?search=rama'));
  });

  it('skips the role change when the role is unchanged and sends it when it changed', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { route: '/admin/users', session: admin });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Update role of sita' }));
    expect(await screen.findByText('sita is already User.')).toBeTruthy();
    expect(api.find('PUT', '/user/updaterole')).toHaveLength(0);

    const listsBefore = api.find('GET', '/user/getallusers').length;
    await user.selectOptions(screen.getByLabelText('New role for sita'), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Update role of sita' }));
    expect(await screen.findByText('sita is now Staff.')).toBeTruthy();
    const [call] = api.find('PUT', `/user/updaterole/${SITA}`);
    expect(await call.request.text()).toBe('"Staff"');
    expect(call.request.headers.get('content-type')).toContain('application/json');
    // The table is refreshed after the change.
    await waitFor(() => expect(api.find('GET', '/user/getallusers').length).toBeGreaterThan(listsBefore));
  });

  it('offers only User and Staff for customers', async () => {
    renderWithApp(undefined, { route: '/admin/users', session: admin });
    await screen.findByRole('table');
    const select = screen.getByLabelText('New role for ram');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['User', 'Staff']);
  });

  it('toasts the server message when the role change fails', async () => {
    spyOnApi([{ method: 'PUT', path: '/user/updaterole', prefer: 'code=404' }]);
    const { user } = renderWithApp(undefined, { route: '/admin/users', session: admin });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('New role for ram'), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Update role of ram' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect((screen.getByLabelText('New role for ram') as HTMLSelectElement).value).toBe('Staff');
  });

  it('says No users found for an empty page', async () => {
    spyOnApi([{ method: 'GET', path: '/user/getallusers', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/admin/users?search=nobody', session: admin });
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.getByText('Nothing matches “nobody”.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).toBeNull();
  });

  it('shows an error when users cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/user/getallusers', prefer: 'code=403' }]);
    renderWithApp(undefined, { route: '/admin/users', session: admin });
    expect(await screen.findByText('Failed to load users.')).toBeTruthy();
  });
});

describe('admin staff', () => {
  it('lists staff accounts from GET /user/getAllStaffs without a pager for one page', async () => {
    const api = spyOnApi();
    renderWithApp(undefined, { route: '/admin/staff', session: admin });
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(names).toEqual(['staff', 'maya', 'rojan']);
    expect(screen.getByText('Showing 1–3 of 3 staff members')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Staff pages' })).toBeNull();
    expect(api.find('GET', '/user/getAllStaffs')[0].query.get('pageSize')).toBe('10');
    const select = screen.getByLabelText('New role for maya') as HTMLSelectElement;
    expect(select.value).toBe('Staff');
  });

  it('says No staff members found', async () => {
    spyOnApi([{ method: 'GET', path: '/user/getAllStaffs', prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/admin/staff', session: admin });
    expect(await screen.findByText('No staff members found')).toBeTruthy();
  });
});
