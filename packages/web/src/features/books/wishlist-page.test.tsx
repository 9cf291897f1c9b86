import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { type RequestRule, offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

async function renderWishlist(rules: RequestRule[] = []) {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route: '/wishlist', client, session: sessionFor('customer') });
  await screen.findByRole('heading', { level: 1, name: 'Your Wishlist' });
  return { ...result, requests };
}

describe('/wishlist', () => {
  it('shows the saved books as cards, already marked as saved', async () => {
    const { requests } = await renderWishlist();
    const grid = await screen.findByRole('list', { name: 'Saved books' });
    const titles = within(grid)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['The Hobbit', 'Palpasa Cafe', 'A Wizard of Earthsea']);
    expect(screen.getByRole('button', { name: 'Save The Hobbit to wishlist' }).getAttribute('aria-pressed')).toBe('true');
    // The page already knows these are saved: no check per card.
    expect(requests.filter((r) => r.url.pathname.includes('checkWishlist'))).toHaveLength(0);
  });

  it('removes a book with DELETE and takes it off the page', async () => {
    const { user, requests } = await renderWishlist();
    await screen.findByRole('list', { name: 'Saved books' });
    await user.click(screen.getByRole('button', { name: 'Remove Palpasa Cafe from wishlist' }));
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Palpasa Cafe' })).toBeNull());
    expect(requestsTo(requests, '/book/remove/0f0e0000-0000-4000-8000-000000000006', 'DELETE')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says when nothing is saved and links to the books', async () => {
    await renderWishlist([{ path: /getWishlist$/, prefer: 'example=empty' }]);
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse books' }).getAttribute('href')).toBe('/books');
  });

  it('shows a retryable error when the wishlist cannot be loaded', async () => {
    renderWithApp(undefined, { route: '/wishlist', client: offlineClient(), session: sessionFor('customer') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your wishlist")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
