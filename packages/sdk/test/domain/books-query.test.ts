import { describe, it, expect } from 'vitest';
import {
  DEFAULT_BOOKS_QUERY,
  parseBooksQuery,
  toBooksSearchParams,
  toListBooksParams,
  withFilterChange,
} from '../../src/domain/index.js';

describe('parseBooksQuery', () => {
  it('defaults to page 1, all genres, Recommended and no search', () => {
    expect(parseBooksQuery('')).toEqual({ page: 1, genre: '', sortBy: '', search: '' });
  });

  it('reads page, genre, sort and search from a string or URLSearchParams', () => {
    const expected = { page: 3, genre: 'Non-Fiction', sortBy: 'price', search: 'harry potter' };
    expect(parseBooksQuery('?page=3&genre=non-fiction&sortBy=price&search=%20harry%20potter%20')).toEqual(expected);
    expect(parseBooksQuery(new URLSearchParams({ page: '3', genre: 'Non-Fiction', sortBy: 'PRICE', search: 'harry potter' }))).toEqual(expected);
  });

  it('falls back to defaults for unknown or malformed values', () => {
    expect(parseBooksQuery('page=0&genre=Cooking&sortBy=random')).toEqual(DEFAULT_BOOKS_QUERY);
    expect(parseBooksQuery('page=2.5').page).toBe(1);
    expect(parseBooksQuery('page=abc').page).toBe(1);
  });
});

describe('toBooksSearchParams', () => {
  it('leaves out defaults', () => {
    expect(toBooksSearchParams(DEFAULT_BOOKS_QUERY).toString()).toBe('');
    expect(toBooksSearchParams({ page: 1, genre: '', sortBy: '', search: '   ' }).toString()).toBe('');
  });

  it('writes chosen values and round-trips through parseBooksQuery', () => {
    const state = { page: 2, genre: 'Fantasy', sortBy: 'title', search: 'dune' } as const;
    const params = toBooksSearchParams(state);
    expect(params.toString()).toBe('genre=Fantasy&sortBy=title&search=dune&page=2');
    expect(parseBooksQuery(params)).toEqual(state);
  });
});

describe('withFilterChange', () => {
  const state = { page: 4, genre: 'Fiction', sortBy: 'price', search: 'war' } as const;

  it('resets to page 1 when genre, sort or search changes', () => {
    expect(withFilterChange(state, { genre: 'History' })).toEqual({ ...state, genre: 'History', page: 1 });
    expect(withFilterChange(state, { sortBy: 'title' }).page).toBe(1);
    expect(withFilterChange(state, { search: 'peace' }).page).toBe(1);
    expect(withFilterChange(state, { genre: '', sortBy: '', search: '' })).toEqual(DEFAULT_BOOKS_QUERY);
  });

  it('keeps the page for page moves and for no-op filter patches', () => {
    expect(withFilterChange(state, { page: 5 })).toEqual({ ...state, page: 5 });
    expect(withFilterChange(state, { genre: 'Fiction' }).page).toBe(4);
  });
});

describe('toListBooksParams', () => {
  it('asks for 8 newest-first books by default', () => {
    expect(toListBooksParams(DEFAULT_BOOKS_QUERY)).toEqual({
      page: 1,
      pageSize: 8,
      sortBy: 'createdat',
      sortDesc: true,
    });
  });

  it('passes the chosen sort (price ascending), genre and trimmed search', () => {
    expect(toListBooksParams({ page: 3, genre: 'Mystery', sortBy: 'price', search: ' poirot ' })).toEqual({
      page: 3,
      pageSize: 8,
      sortBy: 'price',
      sortDesc: false,
      genre: 'Mystery',
      search: 'poirot',
    });
  });
});
