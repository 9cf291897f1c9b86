import { type Book } from '@pustak/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionFor } from '../../../../test/render';
import { spyOnApi } from '../../../../test/api-spy';
import { BookCover } from '../../../components/book-cover';
import { filterBooks } from './filter-books';

const admin = { session: sessionFor('admin') };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin books list', () => {
  it('shows every book as a card with genre, title, author, price, stock and a View link', async () => {
    renderWithApp(undefined, { ...admin, route: '/admin/books' });
    const grid = await screen.findByRole('list', { name: 'Books' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(27);
    expect(screen.getByText('27 books')).toBeTruthy();
    const first = cards[0];
    expect(within(first).getByRole('heading', { name: 'Karnali Blues' })).toBeTruthy();
    expect(within(first).getByText('Buddhisagar')).toBeTruthy();
    expect(within(first).getByText('Fiction')).toBeTruthy();
    // What a customer pays now (the server's pricing: 15 % off while the deal runs), the list price struck.
    expect(within(first).getByText('Rs. 552.50')).toBeTruthy();
    expect(within(first).getByText('Rs. 650.00').closest('s')).toBeTruthy();
    expect(within(first).getByText('Stock: 42')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Cover of Karnali Blues' }).getAttribute('src')).toMatch(/^http:\/\/[^/]+\/covers\/karnali-blues\.svg$/);
    expect(within(first).getByRole('link', { name: 'View Karnali Blues' }).getAttribute('href')).toBe(
      '/admin/books/view/0f0e0000-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('link', { name: 'Add New Book' }).getAttribute('href')).toBe('/admin/books/addBooks');
  });

  it('searches title, author and genre without asking the server again', async () => {
    const api = spyOnApi();
    const { user } = renderWithApp(undefined, { ...admin, route: '/admin/books' });
    const search = await screen.findByRole('searchbox', { name: 'Search books' });
    await screen.findByRole('list', { name: 'Books' });

    await user.type(search, 'DEVKOTA');
    let titles = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('heading').map((h) => h.textContent);
    expect(titles).toEqual(['Muna Madan', 'Shakuntala']);
    expect(screen.getByText('2 of 27 books match')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'horror');
    titles = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('heading').map((h) => h.textContent);
    expect(titles).toEqual(['Dracula', 'Frankenstein', 'The Haunting of Hill House']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No books match your search criteria.')).toBeTruthy();
    expect(api.find('GET', '/bookcrud/getallbooks')).toHaveLength(1);
  });

  it('switches between grid and list', async () => {
    const { user, location } = renderWithApp(undefined, { ...admin, route: '/admin/books' });
    await screen.findByRole('list', { name: 'Books' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const list = screen.getByRole('button', { name: 'List view' });
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');

    await user.click(list);
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(location()).toBe('/admin/books?view=list'));
    expect(screen.queryByRole('list', { name: 'Books' })).toBeNull();
    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Cover', 'Title', 'Author', 'Genre', 'Price', 'Quantity', 'Actions']);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1',
      '',
      'Karnali Blues',
      'Buddhisagar',
      'Fiction',
      'Sale price Rs. 552.50Original price Rs. 650.00',
      '42',
      'View',
    ]);
    await user.click(grid);
    expect(screen.getByRole('list', { name: 'Books' })).toBeTruthy();
  });

  it('says the inventory is empty', async () => {
    spyOnApi([{ method: 'GET', path: '/bookcrud/getallbooks', prefer: 'example=empty' }]);
    renderWithApp(undefined, { ...admin, route: '/admin/books' });
    expect(await screen.findByText('Your inventory is empty. Add a new book to get started.')).toBeTruthy();
  });

  it('accepts the legacy {books} wrapping', async () => {
    spyOnApi([{ method: 'GET', path: '/bookcrud/getallbooks', prefer: 'example=books-object' }]);
    renderWithApp(undefined, { ...admin, route: '/admin/books' });
    const grid = await screen.findByRole('list', { name: 'Books' });
    expect(within(grid).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Muna Madan', 'Karnali Blues']);
  });

  it('shows an error when the list cannot load', async () => {
    spyOnApi([{ method: 'GET', path: '/bookcrud/getallbooks', networkError: true }]);
    renderWithApp(undefined, { ...admin, route: '/admin/books' });
    expect(await screen.findByText('Failed to load books.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('BookCover', () => {
  it('falls back to an icon when the image is missing or broken', () => {
    const { rerender } = renderWithApp(<BookCover src="/covers/missing.svg" title="Lost" label="Cover of Lost" />);
    const image = screen.getByRole('img', { name: 'Cover of Lost' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Cover of Lost' }).tagName).toBe('SPAN');
    rerender(<BookCover src={null} title="None" label="Cover of None" />);
    expect(screen.getByRole('img', { name: 'Cover of None' }).tagName).toBe('SPAN');
  });
});

describe('filterBooks', () => {
  const book = (title: string, author: string, genre: string) => ({ title, author, genre }) as Book;
  const books = [book('Sapiens', 'Yuval Noah Harari', 'Non-Fiction'), book('Dracula', 'Bram Stoker', 'Horror')];

  it('matches title, author or genre, ignoring case and outer spaces', () => {
    expect(filterBooks(books, '  SAP ').map((b) => b.title)).toEqual(['Sapiens']);
    expect(filterBooks(books, 'stoker').map((b) => b.title)).toEqual(['Dracula']);
    expect(filterBooks(books, 'non-fic').map((b) => b.title)).toEqual(['Sapiens']);
    expect(filterBooks(books, '')).toHaveLength(2);
    expect(filterBooks(books, 'isbn')).toEqual([]);
  });
});
