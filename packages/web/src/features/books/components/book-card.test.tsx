import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { getAuthDialogState } from '../../auth';
import { makeBook, requestsTo, scriptedClient } from '../../../../test/scripted-client';
import { useBook } from '../api/use-book';
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

  // The card shows the server's pricing as sent: 519.99 is not 20 % off 650, and is what shows.
  const deal = (dealEndsAt: string) => ({
    pricing: { listPrice: 650, unitPrice: 519.99, dealRunning: true, dealPercent: 20, dealStartsAt: null, dealEndsAt },
  });

  it("while a deal runs shows the server's sale price, the struck list price and a countdown ticking every second until it disappears", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderWithApp(<BookCard book={makeBook(deal(at(2_500)))} />);

    expect(screen.getByText('Sale −20%')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('00:00:03');
    expect(screen.getByText('Rs. 519.99')).toBeTruthy();
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    act(() => vi.advanceTimersByTime(1000));

    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Sale −20%')).toBeNull();
  });

  it('reads the book again when its countdown reaches zero, and shows the price the server says then', async () => {
    const bookId = '0f0e0000-0000-4000-8000-000000000001';
    const ends = new Date(Date.now() + 1_200).toISOString();
    let reads = 0;
    const { client, requests } = scriptedClient([
      {
        path: /getbookbyid\//,
        respond: () => {
          reads += 1;
          // The first answer has the deal running; once it has ended the server prices the book at its list price.
          const book = reads === 1 ? makeBook(deal(ends)) : makeBook();
          return new Response(JSON.stringify({ message: 'ok', data: book }), { headers: { 'Content-Type': 'application/json' } });
        },
      },
    ]);
    function Card() {
      const { data } = useBook(bookId);
      return data ? <BookCard book={data} /> : null;
    }
    renderWithApp(<Card />, { client });
    expect(await screen.findByText('Rs. 519.99')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('Rs. 519.99')).toBeNull(), { timeout: 5_000 });
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeNull();
    expect(screen.queryByText('Sale −20%')).toBeNull();
    expect(requestsTo(requests, `/bookcrud/getbookbyid/${bookId}`)).toHaveLength(2);
  });

  it('shows days in front of the clock when a day or more is left', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderWithApp(<BookCard book={makeBook(deal(at((26 * 3600 + 61) * 1000)))} />);
    expect(screen.getByRole('timer').textContent).toBe('1d 02:01:01');
  });

  it("says 'Starts in future' for a deal the server announces, at the list price", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const announced = { listPrice: 650, unitPrice: 650, dealRunning: false, dealPercent: 0, dealStartsAt: at(86_400_000), dealEndsAt: null };
    renderWithApp(<BookCard book={makeBook({ isOnSale: true, discount: 20, pricing: announced })} />);
    expect(screen.getByText('Starts in future')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeNull();
  });

  it("shows the list price and no sale note when the server's pricing has no deal, whatever the sale fields say", () => {
    // isOnSale with a running window, yet the server says no deal: its answer is what shows.
    renderWithApp(<BookCard book={makeBook({ isOnSale: true, discount: 20, startTime: at(-60_000), endTime: at(60_000) })} />);
    expect(screen.getByText('Rs. 650.00').closest('s')).toBeNull();
    expect(screen.queryByText(/Sale/)).toBeNull();
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

  it("says 'Out of stock' and offers no Add to cart for a book with no copies left", async () => {
    const { client, requests } = scriptedClient();
    renderWithApp(<BookCard book={makeBook({ quantity: 0 })} />, { client, session: sessionFor('customer') });
    const card = screen.getByRole('article');
    expect(within(card).getByText('Out of stock')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Add to cart/ })).toBeNull();
    // The rest of the card stays: its link, its price and the wishlist heart.
    expect(within(card).getByRole('link', { name: 'Karnali Blues' })).toBeTruthy();
    expect(within(card).getByText('Rs. 650.00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Save Karnali Blues to wishlist' })).toBeTruthy();
    expect(requestsTo(requests, '/addToCart/add', 'POST')).toEqual([]);
  });

  it('offers Add to cart and says nothing of stock while a copy is left', () => {
    renderWithApp(<BookCard book={makeBook({ quantity: 1 })} />);
    expect(screen.getByRole('button', { name: 'Add to cart – Karnali Blues' })).toBeTruthy();
    expect(screen.queryByText('Out of stock')).toBeNull();
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
