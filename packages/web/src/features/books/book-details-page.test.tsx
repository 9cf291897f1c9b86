import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../test/render';
import { getAuthDialogState } from '../auth';
import { type RequestRule, makeBook, offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

const MUNA = '0f0e0000-0000-4000-8000-000000000003';
const route = `/bookDetails/${MUNA}`;

async function renderDetails(rules: RequestRule[] = [], signedIn = false) {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route, client, session: signedIn ? sessionFor('customer') : null });
  await screen.findByRole('heading', { level: 1, name: 'Muna Madan' });
  return { ...result, requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/bookDetails/{bookId}', () => {
  it('loads the book by id on a direct link and shows its facts and the buy box', async () => {
    const { requests } = await renderDetails();
    expect(requestsTo(requests, `/bookcrud/getbookbyid/${MUNA}`)).toHaveLength(1);
    expect(screen.getByText('MUNA MADAN')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Books' }).getAttribute('href')).toBe('/books');
    expect(within(crumbs).getByText('Muna Madan').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Laxmi Prasad Devkota', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/who leaves his wife Muna to trade in Lhasa/)).toBeTruthy();
    for (const term of ['ISBN', 'Language', 'Publisher', 'Format']) expect(screen.getByText(term, { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('Available Within 1 to 2 days')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveProperty('value', '1');
  });

  it('shows the book handed over by a card at once, even before (or without) an answer', async () => {
    const book = makeBook({ bookId: MUNA, title: 'Passed Along', author: 'Card Author' });
    const result = renderWithApp(undefined, { route: '/', client: offlineClient() });
    await act(() => result.router.navigate(route, { state: { book } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Passed Along' })).toBeTruthy();
    expect(screen.getByText('PASSED ALONG')).toBeTruthy();
  });

  it("lists the first reviews with stars, username and comment, and other books by the author but not this one", async () => {
    await renderDetails();
    const reviews = await screen.findByRole('list', { name: 'Reviews' });
    const items = within(reviews).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('sita')).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(within(items[0]!).getByText(/A timeless epic/)).toBeTruthy();

    const similar = await screen.findByRole('list', { name: 'More books by Laxmi Prasad Devkota' });
    expect(within(similar).getByRole('link', { name: 'Shakuntala' })).toBeTruthy();
    expect(within(similar).queryByRole('link', { name: 'Muna Madan' })).toBeNull();
  });

  it('shows at most five other books by the author', async () => {
    const books = [MUNA, ...[11, 12, 13, 14, 15, 16].map((n) => `0f0e0000-0000-4000-8000-0000000000${n}`)].map((bookId, index) =>
      makeBook({ bookId, title: `Devkota ${index}`, author: 'Laxmi Prasad Devkota' }),
    );
    const json = () => new Response(JSON.stringify(books), { status: 200, headers: { 'Content-Type': 'application/json' } });
    await renderDetails([{ path: /bookByAuthor/, respond: json }]);
    const similar = await screen.findByRole('list', { name: 'More books by Laxmi Prasad Devkota' });
    expect(within(similar).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Devkota 1',
      'Devkota 2',
      'Devkota 3',
      'Devkota 4',
      'Devkota 5',
    ]);
  });

  it("says 'No reviews yet.' when the server has none (its 404)", async () => {
    await renderDetails([{ path: /getReviews/, prefer: 'code=404' }]);
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it("shows 'Book not found' with a way back for an unknown id", async () => {
    const { client } = scriptedClient([{ path: /getbookbyid/, prefer: 'code=404' }]);
    renderWithApp(undefined, { route: '/bookDetails/0f0e0000-0000-4000-8000-0000000000ff', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Books' }).getAttribute('href')).toBe('/books');
  });

  it('shows a retryable error when the book cannot be loaded', async () => {
    renderWithApp(undefined, { route, client: offlineClient() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load this book")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("adds the chosen quantity to the cart with 'Added to Cart'", async () => {
    const { user, requests } = await renderDetails([], true);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Added to Cart')).toBeTruthy();
    expect(JSON.parse(requestsTo(requests, '/addToCart/add', 'POST')[0]!.body)).toEqual({ bookId: MUNA, quantity: 3 });
  });

  it("says 'Failed to Add' when the cart refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderDetails([{ path: /addToCart\/add$/, prefer: 'code=404' }], true);
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Failed to Add')).toBeTruthy();
  });

  it('asks a guest to sign in to buy or review', async () => {
    const { user, requests } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(getAuthDialogState().view).toBe('signIn');
    expect(requestsTo(requests, '/addToCart/add', 'POST')).toHaveLength(0);
  });

  describe('Add Your Review', () => {
    it('needs a rating and a text, and sends nothing until both are there', async () => {
      const { user, requests } = await renderDetails([], true);
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(screen.getByText('Please select a rating')).toBeTruthy();
      expect(screen.getByText('Please enter a review')).toBeTruthy();
      await user.click(screen.getByRole('radio', { name: '4 stars' }));
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), '   ');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(screen.queryByText('Please select a rating')).toBeNull();
      expect(screen.getByText('Please enter a review')).toBeTruthy();
      expect(requestsTo(requests, '/review/addReview', 'POST')).toHaveLength(0);
    });

    it("sends the review, shows the server's message, clears the form and reloads the reviews", async () => {
      const { user, requests } = await renderDetails([], true);
      await screen.findByRole('list', { name: 'Reviews' });
      const before = requestsTo(requests, `/review/getReviews/${MUNA}`).length;
      await user.click(screen.getByRole('radio', { name: '5 stars' }));
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Loved every verse.');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText('Review added Successfully;')).toBeTruthy();
      expect(JSON.parse(requestsTo(requests, '/review/addReview', 'POST')[0]!.body)).toEqual({
        bookId: MUNA,
        Stars: 5,
        Comment: 'Loved every verse.',
      });
      expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveProperty('value', '');
      expect(screen.getByRole('radio', { name: '5 stars' })).toHaveProperty('checked', false);
      await vi.waitFor(() => expect(requestsTo(requests, `/review/getReviews/${MUNA}`).length).toBe(before + 1));
    });

    it("shows the server's refusal and keeps the typed review", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = await renderDetails([{ path: /addReview$/, prefer: 'code=400' }], true);
      await user.click(screen.getByRole('radio', { name: '3 stars' }));
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Not bought yet');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText('You must purchase the book before reviewing it.')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveProperty('value', 'Not bought yet');
      expect(screen.getByRole('radio', { name: '3 stars' })).toHaveProperty('checked', true);
    });

    it("says 'Failed to submit review' when the server gives no message", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = await renderDetails([{ path: /addReview$/, respond: () => new Response(null, { status: 500 }) }], true);
      await user.click(screen.getByRole('radio', { name: '3 stars' }));
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Hmm');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText('Failed to submit review')).toBeTruthy();
    });

    it("says 'Something went wrong' when no answer comes", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = await renderDetails([{ path: /addReview$/, offline: true }], true);
      await user.click(screen.getByRole('radio', { name: '2 stars' }));
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Offline words');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText('Something went wrong')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveProperty('value', 'Offline words');
    });

    it('asks a guest to sign in and keeps what they typed', async () => {
      const { user, requests } = await renderDetails();
      await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Guest thoughts');
      await user.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(getAuthDialogState().view).toBe('signIn');
      expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveProperty('value', 'Guest thoughts');
      expect(requestsTo(requests, '/review/addReview', 'POST')).toHaveLength(0);
    });
  });
});
