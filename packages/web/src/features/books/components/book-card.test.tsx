import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { getAuthDialogState } from '../../auth';
import { makeBook, requestsTo, scriptedClient } from '../../../../test/scripted-client';
import { BookCard } from './book-card';

const NOW = new Date('2026-11-21T10:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BookCard', () => {
  it('shows cover, title, author and list price, and links to the detail page', () => {
    renderWithApp(<BookCard book={makeBook()} />);
    expect(screen.getByRole('img', { name: 'Karnali Blues' }).getAttribute('src')).toBe('/covers/karnali-blues.svg');
    const link = screen.getByRole('link', { name: 'Karnali Blues' });
    expect(link.getAttribute('href')).toBe('/bookDetails/0f0e0000-0000-4000-8000-000000000001');
    expect(screen.getByText('Buddhisagar')).toBeTruthy();
    expect(screen.getByText('Rs. 650.00')).toBeTruthy();
    expect(screen.queryByText(/Sale/)).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('while a deal runs shows the sale price, the struck list price and a countdown ticking every second until it disappears', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const book = makeBook({ isOnSale: true, discount: 20, startTime: at(-60_000), endTime: at(2_500) });
    renderWithApp(<BookCard book={book} />);

    expect(screen.getByText('Sale −20%')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('00:00:03');
    expect(screen.getByText('Rs. 520.00')).toBeTruthy();
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    act(() => vi.advanceTimersByTime(1000));

    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Sale −20%')).toBeNull();
    expect(screen.queryByText('Rs. 520.00')).toBeNull();
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeNull();
  });

  it('shows days in front of the clock when a day or more is left', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderWithApp(<BookCard book={makeBook({ isOnSale: true, startTime: at(-1000), endTime: at((26 * 3600 + 61) * 1000) })} />);
    expect(screen.getByRole('timer').textContent).toBe('1d 02:01:01');
  });

  it("says 'Starts in future' for a sale that has not started, at the list price", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderWithApp(<BookCard book={makeBook({ isOnSale: true, startTime: at(86_400_000), endTime: at(2 * 86_400_000) })} />);
    expect(screen.getByText('Starts in future')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeNull();
  });

  it("says 'Invalid start date' for an on-sale book whose window cannot be read", () => {
    renderWithApp(<BookCard book={makeBook({ isOnSale: true, startTime: 'soon', endTime: null })} />);
    expect(screen.getByText('Invalid start date')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows no sale note for a book that is not on sale', () => {
    renderWithApp(<BookCard book={makeBook({ isOnSale: false, startTime: null, endTime: null })} />);
    expect(screen.queryByText('Invalid start date')).toBeNull();
    expect(screen.queryByText('Starts in future')).toBeNull();
  });

  it('asks a guest to sign in instead of bookmarking or adding to the cart, and calls nothing', async () => {
    const { client, requests } = scriptedClient();
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client });
    await user.click(screen.getByRole('button', { name: 'Save Karnali Blues to wishlist' }));
    expect(getAuthDialogState().view).toBe('signIn');
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(getAuthDialogState().view).toBe('signIn');
    expect(requests).toEqual([]);
  });

  it('reads the wishlist state for a signed-in customer and toggles it with DELETE and POST', async () => {
    const { client, requests } = scriptedClient();
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client, session: sessionFor('customer') });
    const heart = screen.getByRole('button', { name: 'Save Karnali Blues to wishlist' });
    // The mock's checkWishlist answers "bookmarked".
    await vi.waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(requestsTo(requests, '/book/checkWishlist/0f0e0000-0000-4000-8000-000000000001')).toHaveLength(1);

    await user.click(heart);
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(requestsTo(requests, '/book/remove/0f0e0000-0000-4000-8000-000000000001', 'DELETE')).toHaveLength(1);

    await user.click(heart);
    expect(await screen.findByText('Bookmarked Successfully')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(requestsTo(requests, '/book/addWishlist', 'POST')[0]!.body)).toEqual({
      bookId: '0f0e0000-0000-4000-8000-000000000001',
    });
  });

  it('tells the customer when bookmarking fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = scriptedClient([
      { path: /checkWishlist/, prefer: 'example=not-bookmarked' },
      { path: /addWishlist$/, prefer: 'code=400' },
    ]);
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client, session: sessionFor('customer') });
    const heart = screen.getByRole('button', { name: 'Save Karnali Blues to wishlist' });
    await user.click(heart);
    expect(await screen.findByText('Failed to add to wishlist')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('tells the customer when removing from the wishlist fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = scriptedClient([{ method: 'DELETE', path: /\/book\/remove\//, prefer: 'code=403' }]);
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client, session: sessionFor('customer') });
    const heart = screen.getByRole('button', { name: 'Save Karnali Blues to wishlist' });
    await vi.waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await user.click(heart);
    expect(await screen.findByText('Failed to remove from wishlist')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it("adds one copy to the cart and says 'Added to Cart'", async () => {
    const { client, requests } = scriptedClient();
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client, session: sessionFor('customer') });
    const card = screen.getByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Add to cart – Karnali Blues' }));
    expect(await screen.findByText('Added to Cart')).toBeTruthy();
    expect(JSON.parse(requestsTo(requests, '/addToCart/add', 'POST')[0]!.body)).toEqual({
      bookId: '0f0e0000-0000-4000-8000-000000000001',
      quantity: 1,
    });
  });

  it('only logs an add-to-cart failure on a card (no toast, nothing blocking)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = scriptedClient([{ path: /addToCart\/add$/, prefer: 'code=404' }]);
    const { user } = renderWithApp(<BookCard book={makeBook()} />, { client, session: sessionFor('customer') });
    await user.click(screen.getByRole('button', { name: 'Add to cart – Karnali Blues' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Added to Cart')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
