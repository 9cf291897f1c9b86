// books: the storefront's reads, cached (read-cache/policy.ts).
import { cachedBestSellers, cachedBookPage } from '../../read-cache/policy.js';
import type { Handler } from '../../shared/handler.js';
import { bestSellers, booksByAuthor, listBooks as listBooksRule, type SortBy } from './rules.js';
import { bookView } from './views.js';

export const listBooks: Handler<'listBooks'> = async ({ query, services, origin }) => {
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
  const { rows, total } = await cachedBookPage(services, q, () => listBooksRule(services.db, q, now));
  return {
    status: 'success',
    code: 200,
    message: total === 0 ? 'No books found' : 'Books retrieved successfully',
    pagination: { currentPage: q.page, pageSize: q.pageSize, totalPages: Math.ceil(total / q.pageSize), totalItems: total },
    data: rows.map((row) => bookView(row, origin, now)),
  };
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

export const listBooksByAuthor: Handler<'listBooksByAuthor'> = async ({ params, services, origin }) => {
  const now = services.clock.now();
  return (await booksByAuthor(services.db, params.author)).map((row) => bookView(row, origin, now));
};
