import { BOOKS_PAGE_SIZE, GENRES, SORT_OPTIONS, type GenreName, type ListBooksQuery, type SortByValue } from './constants.js';

/** The /books page state kept in the URL. genre '' = all genres; sortBy '' = Recommended. */
export type BooksQueryState = { page: number; genre: GenreName | ''; sortBy: SortByValue; search: string };

/** The /books state with nothing chosen. */
export const DEFAULT_BOOKS_QUERY: BooksQueryState = { page: 1, genre: '', sortBy: '', search: '' };

/**
 * Parameters for sdk.books.list built from the /books state: the contract's listBooks query
 * (so `genre` is a Genre), with paging and sort always sent and Recommended sent as createdat.
 */
export type BooksListRequest = Required<Pick<ListBooksQuery, 'page' | 'pageSize' | 'sortDesc'>> &
  Pick<ListBooksQuery, 'genre' | 'search'> & { sortBy: Exclude<SortByValue, ''> };

/** Reads /books state from a query string or URLSearchParams; unknown genres, sorts and bad pages fall back to defaults. */
export function parseBooksQuery(query: URLSearchParams | string): BooksQueryState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const page = Number(params.get('page'));
  const genreParam = (params.get('genre') ?? '').trim().toLowerCase();
  const sortParam = (params.get('sortBy') ?? '').trim().toLowerCase();
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    genre: GENRES.find((g) => g.toLowerCase() === genreParam) ?? '',
    sortBy: SORT_OPTIONS.find((o) => o.value === sortParam)?.value ?? '',
    search: (params.get('search') ?? '').trim(),
  };
}

/** URL query for /books state, leaving out every value that equals its default. */
export function toBooksSearchParams(state: BooksQueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.genre) params.set('genre', state.genre);
  if (state.sortBy) params.set('sortBy', state.sortBy);
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Applies a change to /books state; a changed genre, sort or search sends the user back to page 1. */
export function withFilterChange(
  state: BooksQueryState,
  patch: Partial<BooksQueryState>,
): BooksQueryState {
  const next = { ...state, ...patch };
  const filterChanged =
    next.genre !== state.genre || next.sortBy !== state.sortBy || next.search !== state.search;
  return filterChanged ? { ...next, page: 1 } : next;
}

/** sdk.books.list parameters: 8 per page; Recommended means sortBy 'createdat' descending (the spec's default). */
export function toListBooksParams(state: BooksQueryState): BooksListRequest {
  const option = SORT_OPTIONS.find((o) => o.value === state.sortBy);
  const request: BooksListRequest = {
    page: Math.max(1, Math.floor(state.page) || 1),
    pageSize: BOOKS_PAGE_SIZE,
    sortBy: state.sortBy || 'createdat',
    sortDesc: option?.sortDesc ?? true,
  };
  if (state.genre) request.genre = state.genre;
  const search = state.search.trim();
  if (search) request.search = search;
  return request;
}
