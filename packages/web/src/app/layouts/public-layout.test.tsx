import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetServedBanner, renderWithApp, serveBanner, sessionFor } from '../../../test/render';
import { scriptedClient } from '../../../test/scripted-client';
import { pageBannerFallback } from '../../features/announcements';

describe('public header', () => {
  it('links the main storefront pages', async () => {
    renderWithApp(undefined, { route: '/contact' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Home', '/'],
        ['All Books', '/books'],
        ['New Arrivals', '/new-arrivals'],
        ['Best Selling', '/best-selling'],
        ['Deal of the Day', '/deal-of-the-day'],
        ['Contact', '/contact'],
      ]),
    );
  });

  it('has a Books dropdown with the four categories and inert dead entries', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/contact' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: 'Books' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/category/fiction',
      '/category/non-fiction',
      '/category/children',
      '/category/academic',
    ]);
    for (const label of ['Top 100', 'Best Authors', 'Trending Now', 'Top Rated', 'Romance', 'Mystery', 'Sci-Fi', 'Fantasy']) {
      const entry = within(panel).getByText(label);
      expect(entry.closest('a')).toBeNull();
      expect(entry.getAttribute('aria-disabled')).toBe('true');
    }
    await user.click(within(panel).getByRole('link', { name: 'Fiction' }));
    await waitFor(() => expect(location()).toBe('/category/fiction'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiction' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a compact menu drawer with the same links', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/contact' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Best Selling' }));
    await waitFor(() => expect(location()).toBe('/best-selling'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('user side panel', () => {
  it('shows the signed-in user and signs out to /', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/contact', session: sessionFor('customer') });
    await user.click(await screen.findByRole('button', { name: 'Open account panel' }));
    const panel = await screen.findByRole('dialog', { name: 'Your account' });
    expect(await within(panel).findByText('sita')).toBeTruthy();
    expect(within(panel).getByText('sita@example.com')).toBeTruthy();
    expect(within(panel).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/profile',
      '/myOrders',
      '/wishlist',
      '/cart',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows Guest User with a Sign in button to guests', async () => {
    const { user } = renderWithApp(undefined, { route: '/contact' });
    await user.click(await screen.findByRole('button', { name: 'Open account panel' }));
    const panel = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(panel).getByText('Guest User')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('footer', () => {
  it('shows contact details and link groups', async () => {
    renderWithApp(undefined, { route: '/contact' });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Thamel Marg 12, Kathmandu 44600, Nepal')).toBeTruthy();
    expect(within(footer).getByRole('navigation', { name: 'Company' })).toBeTruthy();
    expect(within(footer).getByRole('navigation', { name: 'Account' })).toBeTruthy();
    expect(within(footer).getByRole('navigation', { name: 'Support' })).toBeTruthy();
  });
});

describe('the announcement banner and the first paint', () => {
  const BANNER = /Dashain & Tihar festival sale/;
  afterEach(() => forgetServedBanner());

  it('shows the banner the served page carries in the first render, without asking the API first', async () => {
    serveBanner({ active: true, message: 'Dashain & Tihar festival sale', start: null, end: '2029-12-31T23:59:59Z', color: 'Blue', textColor: '#ffffff' });
    // The API never answers here: only the page's copy can show the banner.
    const { client } = scriptedClient([{ path: /\/announcement\/active$/, hold: new Promise(() => {}) }]);
    renderWithApp(undefined, { route: '/contact', client, swr: { fallback: pageBannerFallback() } });
    expect(screen.getByRole('link', { name: BANNER }).getAttribute('href')).toBe('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
  });

  it('shows no banner when the served page says none is active', async () => {
    serveBanner({ active: false });
    renderWithApp(undefined, { route: '/contact', swr: { fallback: pageBannerFallback() } });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(screen.queryByRole('link', { name: BANNER })).toBeNull();
  });

  it('without the served state (the dev server without an API), shows the page at once and the banner when it arrives', async () => {
    let release!: () => void;
    const hold = new Promise<void>((done) => (release = done));
    const { client } = scriptedClient([{ path: /\/announcement\/active$/, hold }]);
    renderWithApp(undefined, { route: '/contact', client, swr: { fallback: pageBannerFallback() } });
    // Nothing waits for the banner: the page is there while its answer is still out.
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(screen.queryByRole('link', { name: BANNER })).toBeNull();
    release();
    expect(await screen.findByRole('link', { name: BANNER })).toBeTruthy();
  });

  it('ignores a served banner block it cannot read', () => {
    serveBanner('{not json');
    expect(pageBannerFallback()).toEqual({});
  });
});
