import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sessionFor } from '../../test/render';

// Issue 11: every route had the same tab title. Each page now names itself.
describe('tab titles', () => {
  it.each([
    ['/', 'Find your next favourite book', 'Pustak — Online Bookstore'],
    ['/books', 'All Books', 'All Books · Pustak'],
    ['/bookDetails/0f0e0000-0000-4000-8000-000000000003', 'Muna Madan', 'Muna Madan · Pustak'],
    ['/category/fiction', 'Fiction', 'Fiction · Pustak'],
    ['/contact', 'Contact Us', 'Contact Us · Pustak'],
    ['/cart', 'Your Cart', 'Your Cart · Pustak'],
    ['/myOrders', 'My Orders', 'My Orders · Pustak'],
    ['/wishlist', 'Your Wishlist', 'Your Wishlist · Pustak'],
    ['/profile', 'My Profile', 'My Profile · Pustak'],
    ['/no/such/page', 'Page not found', 'Page not found · Pustak'],
  ])('%s is titled after its page', async (route, heading, title) => {
    document.title = 'stale';
    renderWithApp(undefined, { route, session: sessionFor('customer') });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
