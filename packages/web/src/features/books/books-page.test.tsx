import { act, screen, waitFor, within } from '@testing-library/react';
import { parseBooksQuery, toListBooksParams } from '@pustak/sdk/domain';
import { pustakKey } from '@pustak/sdk/swr';
import { unstable_serialize } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { offlineClient, requestsTo, scriptedClient } from '../../../test/scripted-client';

const listRequests = (requests: Parameters<typeof requestsTo>[0]) => requestsTo(requests, '/book/all');
const lastQuery = (requests: Parameters<typeof requestsTo>[0]) =>
  Object.fromEntries(listRequests(requests).at(-1)!.url.searchParams);

async function renderBooks(route = '/books', rules: Parameters<typeof scriptedClient>[0] = []) {
  const { client, requests } = scriptedClient(rules);
  const result = renderWithApp(undefined, { route, client });
  await screen.findByText(/^Showing page/);
  return { ...result, requests };
}

describe('/books', () => {
  it('asks for page 1 of 8 newest first and shows the grid with the page summary', async () => {
    const { requests } = await renderBooks();
    expect(screen.getByRole('heading', { level: 1, name: 'All Books' })).toBeTruthy();
    expect(screen.getByText('Showing page 1 of 4 — Total books: 27')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Books' })).getAllByRole('article')).toHaveLength(8);
    expect(lastQuery(requests)).toEqual({ page: '1', pageSize: '8', sortBy: 'createdat', sortDesc: 'true' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
  });

  it('reads the filters from the URL and sends them', async () => {
    const { requests } = await renderBooks('/books?genre=fiction&sortBy=price&search=devkota&page=2');
    expect(lastQuery(requests)).toEqual({
      page: '2',
      pageSize: '8',
      sortBy: 'price',
      sortDesc: 'false',
      genre: 'Fiction',
      search: 'devkota',
    });
    expect(screen.getByRole('radio', { name: 'Fiction' })).toHaveProperty('checked', true);
    expect((screen.getByRole('combobox', { name: 'Sort By' }) as HTMLSelectElement).value).toBe('price');
    expect((screen.getByRole('searchbox', { name: 'Search books' }) as HTMLInputElement).value).toBe('devkota');
    expect(screen.getByText('Showing page 2 of 4 — Total books: 27')).toBeTruthy();
  });

  it('changing the genre goes back to page 1, puts it in the URL and shows a removable chip', async () => {
    const { user, location, requests } = await renderBooks('/books?page=3');
    await user.click(screen.getByRole('radio', { name: 'Fiction' }));
    await waitFor(() => expect(location()).toBe('/books?genre=Fiction'));
    const chips = await screen.findByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter Genre: Fiction' })).toBeTruthy();
    await screen.findByText('Showing page 1 of 4 — Total books: 27');
    expect(lastQuery(requests)).toMatchObject({ page: '1', genre: 'Fiction' });

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Genre: Fiction' }));
    await waitFor(() => expect(location()).toBe('/books'));
    expect(screen.queryByRole('list', { name: 'Applied filters' })).toBeNull();
  });

  it('sorting and searching also go back to page 1', async () => {
    const { user, location, requests } = await renderBooks('/books?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By' }), 'title');
    await waitFor(() => expect(location()).toBe('/books?sortBy=title'));
    await waitForQuery(requests, { sortBy: 'title', sortDesc: 'false', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location()).toBe('/books?sortBy=title&page=2'));
    const box = screen.getByRole('searchbox', { name: 'Search books' });
    await user.type(box, 'Muna Madan');
    await user.click(within(screen.getByRole('search', { name: 'Search books' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/books?sortBy=title&search=Muna+Madan'));
    await waitForQuery(requests, { search: 'Muna Madan', page: '1' });
    expect(screen.getByRole('button', { name: 'Remove filter Search: “Muna Madan”' })).toBeTruthy();
  });

  it('Clear All removes every filter', async () => {
    const { user, location } = await renderBooks('/books?genre=Horror&sortBy=awardwinner&search=x&page=2');
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getAllByRole('button')).toHaveLength(3);
    await user.click(screen.getAllByRole('button', { name: 'Clear All' })[0]!);
    await waitFor(() => expect(location()).toBe('/books'));
    expect(screen.getByRole('radio', { name: 'All genres' })).toHaveProperty('checked', true);
  });

  it('pages with Next and Previous, disabling Next on the last page', async () => {
    const { user, location } = await renderBooks('/books?page=3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location()).toBe('/books?page=4'));
    await screen.findByText('Showing page 4 of 4 — Total books: 27');
    // The summary follows the URL at once; the pager stays disabled until page 4 has arrived.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(location()).toBe('/books?page=3'));
  });

  it('keeps the current books on screen and the pager disabled while the next page loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, location } = await renderBooks('/books', [{ path: /\/book\/all$/, search: /page=2/, hold: held }]);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location()).toBe('/books?page=2'));
    expect(within(screen.getByRole('list', { name: 'Books' })).getAllByRole('article')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    release();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', false);
  });

  it('keeps the page crisp and the pager usable while the same page is read again (the page a server sent, being taken over)', async () => {
    let gate: Promise<void> | undefined = undefined;
    let release: () => void = () => undefined;
    const { client, requests } = scriptedClient([{ path: /\/book\/all$/, get hold() { return gate; } }]);
    renderWithApp(undefined, { route: '/books', client, swr: { revalidateOnFocus: true, focusThrottleInterval: 0 } });
    await screen.findByText(/^Showing page/);
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = listRequests(requests).length;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await vi.waitFor(() => expect(listRequests(requests).length).toBe(before + 1));
    expect(screen.getByRole('list', { name: 'Books' }).className).not.toMatch(/stale/);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
    release();
  });

  it('shows the books the served page came with crisp, the pager usable, while they are read again', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const params = toListBooksParams(parseBooksQuery(new URLSearchParams()));
    const served = await scriptedClient().client.books.list(params);
    const { client, requests } = scriptedClient([{ path: /\/book\/all$/, hold: held }]);
    renderWithApp(undefined, { route: '/books', client, swr: { fallback: { [unstable_serialize(pustakKey('books', 'list', params))]: served } } });
    await screen.findByText(/^Showing page 1 of/);
    await vi.waitFor(() => expect(listRequests(requests).length).toBe(1));
    expect(screen.getByRole('list', { name: 'Books' }).className).not.toMatch(/stale/);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
    release();
  });

  it('goes back to the previous filters with the browser Back button', async () => {
    const { user, router, location } = await renderBooks('/books');
    await user.click(screen.getByRole('radio', { name: 'Mystery' }));
    await user.click(screen.getByRole('radio', { name: 'Romance' }));
    await waitFor(() => expect(location()).toBe('/books?genre=Romance'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/books?genre=Mystery'));
    expect(screen.getByRole('radio', { name: 'Mystery' })).toHaveProperty('checked', true);
  });

  it('says when nothing matches', async () => {
    const { client } = scriptedClient([{ path: /\/book\/all$/, prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/books?search=zzz', client });
    expect(await screen.findByRole('heading', { name: 'No books found matching your criteria.' })).toBeTruthy();
    expect(screen.queryByText(/^Showing page/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Book pages' })).toBeNull();
  });

  it('shows a retryable error when the list cannot be loaded', async () => {
    renderWithApp(undefined, { route: '/books', client: offlineClient() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Check your connection and try again.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

async function waitForQuery(requests: Parameters<typeof requestsTo>[0], expected: Record<string, string>) {
  await vi.waitFor(() => expect(lastQuery(requests)).toMatchObject(expected));
}
