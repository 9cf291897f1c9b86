import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { activeNavPath, pageTitleFor } from './back-office-nav';
import { spyOnApi } from '../../../test/api-spy';

const MUNA_MADAN = '0f0e0000-0000-4000-8000-000000000003';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('back-office layout', () => {
  it('shows the admin sidebar, the page title, an inert search and the Admin label', async () => {
    const { user, location, router } = renderWithApp(undefined, { route: '/admin', session: sessionFor('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Books', 'Orders', 'Users', 'Staff', 'Banners', 'Activity', 'Reports']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Books' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Admin', { selector: 'header span' })).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search' });
    const submits: Event[] = [];
    search.closest('form')?.addEventListener('submit', (event) => submits.push(event));
    await user.type(search, 'anything{Enter}');
    // Enter submits the form and the page keeps it from going anywhere...
    expect(submits.map((event) => event.defaultPrevented)).toEqual([true]);
    // ...and nothing navigates: Back from the next page lands on /admin again.
    await act(() => router.navigate('/admin/books'));
    await waitFor(() => expect(location()).toBe('/admin/books'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/admin'));
    // The storefront chrome is not rendered here.
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('marks the current section and titles the page', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/admin', session: sessionFor('admin') });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    await user.click(within(nav).getByRole('link', { name: 'Banners' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Banners' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/admin/banners'));
    // The title follows in an effect after the navigation's render.
    await waitFor(() => expect(document.title).toBe('Banners · Pustak Admin'));
    expect(within(nav).getByRole('link', { name: 'Banners' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it.each(['/admin/settings'])('shows the dashboard at %s', async (route) => {
    renderWithApp(undefined, { route, session: sessionFor('admin') });
    expect(await screen.findByText('Welcome back, User')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it("titles a book's view page from GET /bookcrud/get/{id}", async () => {
    // The page's own load fails, so the title can only come from the header's title call.
    const api = spyOnApi([{ method: 'GET', path: '/bookcrud/getbookbyid', prefer: 'code=404' }]);
    renderWithApp(undefined, { route: `/admin/books/view/${MUNA_MADAN}`, session: sessionFor('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Muna Madan' })).toBeTruthy();
    expect(await screen.findByText('Book not found')).toBeTruthy();
    expect(api.find('GET', `/bookcrud/get/${MUNA_MADAN}`)).toHaveLength(1);
  });

  it('falls back to the loaded book title when the title call fails', async () => {
    const api = spyOnApi([{ method: 'GET', path: '/bookcrud/get', prefer: 'code=404' }]);
    renderWithApp(undefined, { route: `/admin/books/view/${MUNA_MADAN}`, session: sessionFor('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Muna Madan' })).toBeTruthy();
    expect(api.find('GET', '/bookcrud/get')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 2, name: 'Muna Madan' })).toBeTruthy();
  });

  it('shows the staff sidebar and label', async () => {
    renderWithApp(undefined, { route: '/staff/orders', session: sessionFor('staff') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Orders']);
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Staff', { selector: 'header span' })).toBeTruthy();
  });

  it('logs out: clears token, role and user id and goes to / without a sign-in dialog', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/staff', session: sessionFor('staff') });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(window.localStorage.getItem('userId')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });

  it('opens the navigation drawer from the menu button (narrow screens)', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/admin', session: sessionFor('admin') });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Pustak Admin' });
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
    await user.click(within(drawer).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(location()).toBe('/admin/users'));
    expect(screen.queryByRole('dialog', { name: 'Pustak Admin' })).toBeNull();
  });

  it('opens the sign-in dialog when a back-office call answers 401', async () => {
    spyOnApi([{ method: 'GET', path: '/dashboard/all', prefer: 'code=401' }]);
    renderWithApp(undefined, { route: '/admin', session: sessionFor('admin') });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows a not-found message inside the area for unknown paths', async () => {
    renderWithApp(undefined, { route: '/admin/nope', session: sessionFor('admin') });
    expect(await screen.findByText('This page does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin');
  });
});

describe('back-office guards', () => {
  it('sends a signed-in customer from /admin to /', async () => {
    const { location } = renderWithApp(undefined, { route: '/admin/books', session: sessionFor('customer') });
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });

  it('sends a guest from /admin to / with the sign-in dialog', async () => {
    const { location } = renderWithApp(undefined, { route: '/admin' });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('keeps an admin out of /staff', async () => {
    const { location } = renderWithApp(undefined, { route: '/staff', session: sessionFor('admin') });
    await waitFor(() => expect(location()).toBe('/admin'));
  });
});

describe('nav rules', () => {
  it('keeps the section of sub-pages current', () => {
    expect(activeNavPath('Admin', '/admin/books/view/x')).toBe('books');
    expect(activeNavPath('Admin', '/admin/books/addBooks')).toBe('books');
    expect(activeNavPath('Admin', '/admin/reports')).toBe('reports');
    expect(activeNavPath('Admin', '/admin/settings')).toBe('');
    expect(activeNavPath('Admin', '/admin/nope')).toBeNull();
    expect(activeNavPath('Staff', '/staff/')).toBe('');
  });

  it('names every admin page', () => {
    expect(pageTitleFor('Admin', '/admin/books/addBooks')).toEqual({ kind: 'fixed', title: 'Add Book' });
    expect(pageTitleFor('Admin', '/admin/books/edit/1')).toEqual({ kind: 'fixed', title: 'Edit Book' });
    expect(pageTitleFor('Admin', '/admin/books/view/1')).toEqual({ kind: 'book', bookId: '1' });
    expect(pageTitleFor('Admin', '/admin/orders')).toEqual({ kind: 'fixed', title: 'All Orders' });
    expect(pageTitleFor('Staff', '/staff')).toEqual({ kind: 'fixed', title: 'Dashboard' });
  });
});
