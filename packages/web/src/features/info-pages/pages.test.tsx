import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';

describe('static pages', () => {
  it.each([
    ['/new-arrivals', 'New Arrivals'],
    ['/best-selling', 'Best Selling'],
    ['/deal-of-the-day', 'Deal of the Day'],
    ['/contact', 'Contact Us'],
    ['/shop', 'Shop the Offer'],
    ['/category/fiction', 'Fiction'],
    ['/category/non-fiction', 'Non-Fiction'],
    ['/category/children', "Children's Books"],
    ['/category/academic', 'Academic'],
  ])('%s says what it is and leads into the books', async (route, title) => {
    renderWithApp(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    const main = screen.getByRole('main');
    const bookLinks = Array.from(main.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '');
    expect(bookLinks.some((href) => href.startsWith('/books'))).toBe(true);
  });

  it('links the fiction category to the Fiction genre filter', async () => {
    renderWithApp(undefined, { route: '/category/fiction' });
    expect((await screen.findByRole('link', { name: 'Browse fiction' })).getAttribute('href')).toBe('/books?genre=Fiction');
  });

  it('shows a 404 page for unknown paths and unknown categories', async () => {
    renderWithApp(undefined, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse books' }).getAttribute('href')).toBe('/books');
  });

  it('treats an unknown category as not found', async () => {
    renderWithApp(undefined, { route: '/category/poetry' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('profile page', () => {
  it('asks a guest to sign in', async () => {
    const { user } = renderWithApp(undefined, { route: '/profile' });
    expect(await screen.findByText("You're browsing as a guest")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });

  it("shows the signed-in user's username and e-mail", async () => {
    renderWithApp(undefined, { route: '/profile', session: sessionFor('customer') });
    expect(await screen.findByText('sita@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });
});
