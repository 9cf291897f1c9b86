import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

// The contract's sale windows run 2025-01-01 .. 2029-12-31, so "now" is pinned inside them.
const NOW = new Date('2026-11-21T10:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

function sectionNamed(name: string) {
  return screen.getByRole('region', { name });
}

describe('Home', () => {
  it('shows the eight sections in order with their limits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const { client, requests } = scriptedClient();
    renderWithApp(undefined, { route: '/', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next favourite book' })).toBeTruthy();
    await screen.findByRole('list', { name: 'New Arrivals' });
    await screen.findByRole('list', { name: 'Best Selling' });
    // The newsletter box loads after the page has rendered.
    await screen.findByRole('heading', { name: 'Get new arrivals in your inbox' });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const order = ['Shop By Genre', 'New Arrivals', 'Coming Soon', 'Best Selling', 'Deal Of the Day', 'Why Shop with Us', 'Get new arrivals in your inbox'];
    expect(headings.filter((h) => order.includes(h ?? ''))).toEqual(order);

    // Home reads the whole list with no parameters.
    const list = requestsTo(requests, '/book/all');
    expect(list).toHaveLength(1);
    expect(list[0]!.url.search).toBe('');

    // The first six genres with the server's counts over the whole catalogue (27 books).
    // They come from their own request (/book/genres), which may answer after the lists: wait for the tiles.
    const genreLinks = () =>
      within(sectionNamed('Shop By Genre')).queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/books?genre='));
    await waitFor(() =>
      expect(genreLinks().map((a) => a.textContent)).toEqual([
        'Fiction5 books',
        'Non-Fiction2 books',
        'Science3 books',
        'History3 books',
        'Biography3 books',
        'Fantasy3 books',
      ]),
    );
    const genres = genreLinks();
    expect(genres[1]!.getAttribute('href')).toBe('/books?genre=Non-Fiction');
    expect(requestsTo(requests, '/book/genres')).toHaveLength(1);

    const cardsIn = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('article');
    expect(cardsIn('New Arrivals')).toHaveLength(5);
    // The first page holds no sale that starts later: Coming Soon says so instead of repeating New Arrivals.
    expect(within(sectionNamed('Coming Soon')).getByText('No sales announced yet. Today’s deals are below.')).toBeTruthy();
    expect(cardsIn('Best Selling')).toHaveLength(3);
    expect(within(cardsIn('Best Selling')[0]!).getByRole('link', { name: 'Muna Madan' })).toBeTruthy();
    expect(within(cardsIn('Best Selling')[0]!).getByText(/^#1/).textContent).toBe('#1 best seller');

    // Deals: the first three on-sale books, newest first, whose window is open now.
    const deals = cardsIn('Deal Of the Day');
    expect(deals).toHaveLength(3);
    for (const card of deals) {
      // The sales end 2029-12-31T23:59:59Z, in Kathmandu already 1 January: the end date, not a counter of days.
      expect(within(card).getByText('Ends 1 Jan 2030')).toBeTruthy();
      expect(within(card).queryByRole('timer')).toBeNull();
      expect(within(card).getByText(/^Sale −\d+%$/)).toBeTruthy();
    }
    // New Arrivals are not on sale: no badge there.
    expect(within(screen.getByRole('list', { name: 'New Arrivals' })).queryByText(/^Sale/)).toBeNull();

    expect(within(sectionNamed('Why Shop with Us')).getByRole('link', { name: 'Browse all books' }).getAttribute('href')).toBe('/books');
  });

  it('takes a search from the hero to /books?search=…', async () => {
    const { user, location } = renderWithApp(undefined, { route: '/' });
    const box = await screen.findByRole('searchbox', { name: 'Search the catalogue' });
    await user.type(box, 'Palpasa');
    await user.click(within(screen.getByRole('search', { name: 'Search the catalogue' })).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Books' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/books?search=Palpasa'));
  });

  it('offers the newsletter as an e-mail the visitor sends, and claims nothing was done', async () => {
    const { client, requests } = scriptedClient();
    renderWithApp(undefined, { route: '/', client });
    const subscribe = await screen.findByRole('link', { name: 'E-mail us to subscribe' });
    const href = new URL(subscribe.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('hello@pustak.com.np');
    expect(href.searchParams.get('subject')).toBe('Newsletter sign-up');
    expect(screen.getByText(/Nothing is sent until you send it\./)).toBeTruthy();
    // No box that takes an address and thanks the visitor while nothing is sent.
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull();
    expect(screen.queryByText(/we'll be in touch/i)).toBeNull();
    expect(requestsTo(requests, '/newsletter')).toHaveLength(0);
  });

  it('shows the newest books as New Arrivals and the sales that start later as Coming Soon, never the same book', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    // The second page of the catalogue: four books without a sale, Sapiens (its sale ended in 2024: no
    // deal, so a New Arrival), Buddha's Orphans (the server announces its deal), two running deals.
    const { client } = scriptedClient([{ path: /\/book\/all$/, prefer: 'example=page2' }]);
    renderWithApp(undefined, { route: '/', client });
    const titlesIn = async (name: string) =>
      within(await screen.findByRole('list', { name })).getAllByRole('heading').map((h) => h.textContent);
    expect(await titlesIn('New Arrivals')).toEqual(['A Brief History of Time', 'Shirish Ko Phool', 'The Law of Love', 'Tiger of the Snows', 'Sapiens']);
    expect(await titlesIn('Coming Soon')).toEqual(["Buddha's Orphans"]);
    expect(within(screen.getByRole('list', { name: 'Coming Soon' })).getByText('Starts in future')).toBeTruthy();
  });

  it('says so quietly when a section has nothing to show', async () => {
    const { client } = scriptedClient([
      { path: /\/book\/all$/, prefer: 'example=empty' },
      { path: /bestSeller$/, prefer: 'example=empty' },
      { path: /\/book\/genres$/, prefer: 'example=empty' },
    ]);
    renderWithApp(undefined, { route: '/', client });
    expect(await screen.findByText('New books are on their way — check back soon.')).toBeTruthy();
    // Best sellers come from their own call, which may answer after the books.
    expect(await screen.findByText('No best sellers yet — be the first to order.')).toBeTruthy();
    expect(screen.getByText('No deals are running right now. New ones start every week.')).toBeTruthy();
    // And the genre counts from theirs.
    expect((await within(sectionNamed('Shop By Genre')).findByText('Fiction')).closest('a')?.textContent).toBe('Fiction0 books');
  });

  it("counts each genre over the whole catalogue as the server says, not over the page of books it shows", async () => {
    // The server's counts, whatever the list holds: here the list's page is empty.
    const { client } = scriptedClient([{ path: /\/book\/all$/, prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/', client });
    const tile = async (genre: string) => (await within(sectionNamed('Shop By Genre')).findByText(genre)).closest('a')?.textContent;
    expect(await tile('Non-Fiction')).toBe('Non-Fiction2 books');
    expect(await tile('Fiction')).toBe('Fiction5 books');
  });

  it('offers a retry in Shop By Genre alone when only the counts fail', async () => {
    const { client, requests } = scriptedClient([{ path: /\/book\/genres$/, offline: true }]);
    const { user } = renderWithApp(undefined, { route: '/', client });
    const retry = await within(sectionNamed('Shop By Genre')).findByRole('button', { name: 'Retry' });
    expect(await screen.findByRole('list', { name: 'New Arrivals' })).toBeTruthy();
    await user.click(retry);
    await waitFor(() => expect(requestsTo(requests, '/book/genres').length).toBeGreaterThan(1));
  });

  it('shows an inline, retryable error (never a blocking dialog) when the books cannot be loaded', async () => {
    const { user } = renderWithApp(undefined, { route: '/', client: offlineClient() });
    const errors = await screen.findAllByText("We couldn't load these books right now.");
    expect(errors.length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const retry = within(sectionNamed('Shop By Genre')).getByRole('button', { name: 'Retry' });
    await user.click(retry);
    // Still offline: the quiet state stays.
    expect(await within(sectionNamed('Shop By Genre')).findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows placeholders while the books load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client } = scriptedClient([{ path: /\/book\/all$/, hold: held }]);
    renderWithApp(undefined, { route: '/', client });
    const section = await screen.findByRole('region', { name: 'New Arrivals' });
    expect(section.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(within(section).queryByRole('article')).toBeNull();
    release();
    expect(await within(section).findAllByRole('article')).toHaveLength(5);
    expect(section.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
