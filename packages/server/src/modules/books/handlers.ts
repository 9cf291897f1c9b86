// books: the storefront's reads, cached (read-cache/policy.ts).
import type { components } from '@pustak/sdk/schema';
import { cachedBestSellers, cachedBookPage, cachedGenreCounts } from '../../read-cache/policy.js';
import type { Handler } from '../../shared/handler.js';
import { keptAnswers, sendKept } from '../../shared/kept-answer.js';
import { bestSellers, booksByAuthor, genreCounts, listBooks as listBooksRule, type SortBy } from './rules.js';
import { bookView } from './views.js';

const cataloguePages = keptAnswers();

export const listBooks: Handler<'listBooks'> = async ({ query, services, origin, reply }) => {
  const q = {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 8,
    sortBy: (query.sortBy ?? 'createdat') as SortBy,
    sortDesc: query.sortDesc ?? true,
    genre: query.genre,
    search: query.search,
    author: query.author,
  };
  const now = services.clock.now();
  const page = await cachedBookPage(services, q, () => listBooksRule(services.db, q, now));
  const { rows, total } = page;
  return sendKept(cataloguePages, reply, page, origin, () => ({
    status: 'success',
    code: 200,
    message: total === 0 ? 'No books found' : 'Books retrieved successfully',
    pagination: { currentPage: q.page, pageSize: q.pageSize, totalPages: Math.ceil(total / q.pageSize), totalItems: total },
    data: rows.map((row) => bookView(row, origin, now)),
  }));
};

export const listBestSellers: Handler<'listBestSellers'> = async ({ services, origin }) => {
  const now = services.clock.now();
  const ranked = await cachedBestSellers(services, () => bestSellers(services.db));
  return {
    status: 'success',
    code: 200,
    message: 'Best sellers retrieved successfully',
    data: ranked.map(({ entry, orderCount }) => ({ book: bookView(entry, origin, now), orderCount })),
  };
};

/** GET /book/genres over the contract's genres, in its order (read from the contract at start). */
export const genreCountsHandler = (genres: readonly components['schemas']['Genre'][]): Handler<'listGenreCounts'> => async ({ services }) => ({
  status: 'success',
  code: 200,
  message: 'Genre counts retrieved successfully',
  data: await cachedGenreCounts(services, () => genreCounts(services.db, genres)),
});

export const listBooksByAuthor: Handler<'listBooksByAuthor'> = async ({ params, services, origin }) => {
  const now = services.clock.now();
  return (await booksByAuthor(services.db, params.author)).map((row) => bookView(row, origin, now));
};
