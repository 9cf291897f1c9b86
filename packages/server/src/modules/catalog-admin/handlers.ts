// books and catalog-admin: the storefront's reads (cached) and the admin's writes.
import { allBooks, bestSellers, booksByAuthor, createBook as createBookRule, deleteBook as deleteBookRule, getBook, listBooks as listBooksRule,
  setDiscountOffer as setDiscountOfferRule, updateBook as updateBookRule, type BookInput, type SortBy } from '../domain/catalogue.js';
import { transact } from '../domain/context.js';
import { invalid } from '../domain/errors.js';
import { MAX_IMAGE_BYTES, sniffImage } from '../storage/images.js';
import type { HandlerContext, Handler, UploadedImage } from './types.js';
import { bookView } from './views.js';
import type { Services } from '../services.js';

/** The best sellers' cache entry: a placed order changes it (and nothing else of the catalogue). */
export const BEST_SELLERS_KEY = 'best-sellers';
/** Reads that depend only on the stored data: any write clears them. */
const STABLE_TTL_MS = 30_000;
const TIME_DEPENDENT_SORTS = new Set(['newestarrivals', 'newrelease', 'dealsanddiscount']);
/** The cache tag of the entries that show a book: a write that changes only that book drops them. */
export const bookTag = (bookId: string) => `book:${bookId}`;
const cached = <T>(services: Services, key: string, load: () => Promise<T>, ttlMs: number, books: (value: T) => Iterable<{ book: { id: string } }>) =>
  services.cache.get(key, load, ttlMs, (value) => [...books(value)].map((shown) => bookTag(shown.book.id)));
/** Drops the cached pages that show these books (their stock, stars or reviews changed), on every instance. */
export const forgetBooks = async (services: Services, bookIds: Iterable<string>): Promise<void> => {
  await Promise.all([...new Set(bookIds)].map((id) => services.cache.forgetTagged(bookTag(id))));
};

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
  const { rows, total } = await cached(services, `books:${JSON.stringify(q)}`, () => listBooksRule(services.db, q, services.clock.now()),
    TIME_DEPENDENT_SORTS.has(q.sortBy) ? 1000 : STABLE_TTL_MS, (page) => page.rows);
  return {
    status: 'success',
    code: 200,
    message: total === 0 ? 'No books found' : 'Books retrieved successfully',
    pagination: { currentPage: q.page, pageSize: q.pageSize, totalPages: Math.ceil(total / q.pageSize), totalItems: total },
    data: rows.map((row) => bookView(row, origin)),
  };
};

export const listBestSellers: Handler<'listBestSellers'> = async ({ services, origin }) => {
  const ranked = await cached(services, BEST_SELLERS_KEY, () => bestSellers(services.db), STABLE_TTL_MS, (list) => list.map(({ entry }) => entry));
  return {
    status: 'success',
    code: 200,
    message: 'Best sellers retrieved successfully',
    data: ranked.map(({ entry, orderCount }) => ({ book: bookView(entry, origin), orderCount })),
  };
};

export const listBooksByAuthor: Handler<'listBooksByAuthor'> = async ({ params, services, origin }) =>
  (await booksByAuthor(services.db, params.author)).map((row) => bookView(row, origin));

export const listAllBooks: Handler<'listAllBooks'> = async ({ services, origin }) =>
  (await cached(services, 'all-books', () => allBooks(services.db), STABLE_TTL_MS, (rows) => rows)).map((row) => bookView(row, origin));

const oneBook = (services: Services, id: string) => cached(services, `book:${id}`, () => getBook(services.db, id), STABLE_TTL_MS, (found) => [found]);

export const getBookById: Handler<'getBookById'> = async ({ params, services, origin }) => ({
  status: 'success',
  message: 'Book retrieved successfully',
  data: bookView(await oneBook(services, params.bookId), origin),
});

export const getBookForHeader: Handler<'getBookForHeader'> = async ({ params, services, origin }) =>
  bookView(await oneBook(services, params.id), origin);

export const getBookTitle: Handler<'getBookTitle'> = async ({ params, services, origin }) => bookView(await oneBook(services, params.id), origin);

/** Checks and stores the uploaded cover; answers its path, or null when none was sent. */
async function storeCover(services: Services, upload: UploadedImage | null): Promise<string | null> {
  if (!upload || upload.bytes.length === 0) return null;
  if (upload.bytes.length > MAX_IMAGE_BYTES) throw invalid('image', 'image must be at most 5 MB');
  const kind = sniffImage(upload.bytes);
  if (!kind) throw invalid('image', 'image must be a PNG, JPEG, GIF, WebP or SVG image');
  return services.images.save(upload.bytes, kind);
}

/** A stored cover is removed again when the request that brought it fails. */
async function withCover<T>(ctx: HandlerContext<'createBook'> | HandlerContext<'updateBook'>, work: (path: string | null) => Promise<T>): Promise<T> {
  const path = await storeCover(ctx.services, ctx.upload);
  try {
    return await work(path);
  } catch (error) {
    await ctx.services.images.remove(path);
    throw error;
  }
}

export const createBook: Handler<'createBook'> = async (ctx) => {
  const { services, body, origin } = ctx;
  const book = await withCover(ctx, (path) =>
    transact(services.db, services.broadcaster, (tx, publish) => createBookRule(tx, body as BookInput, path, services.clock.now(), publish)),
  );
  await services.cache.clear();
  return { message: 'Book created successfully', data: bookView({ book, reviews: [] }, origin) };
};

export const updateBook: Handler<'updateBook'> = async (ctx) => {
  const { services, body, params } = ctx;
  const { replacedImage } = await withCover(ctx, (path) => updateBookRule(services.db, params.bookId, body as BookInput, path));
  await services.cache.clear();
  await services.images.remove(replacedImage);
  return { status: 'success', message: 'Book updated successfully' };
};

export const setDiscountOffer: Handler<'setDiscountOffer'> = async ({ params, body, services }) => {
  await setDiscountOfferRule(services.db, params.bookId, { ...body, Discount: Number(body.Discount) });
  await services.cache.clear();
  return { status: 'success', message: 'Discount added successfully' };
};

export const deleteBook: Handler<'deleteBook'> = async ({ params, services }) => {
  const { imagePath } = await deleteBookRule(services.db, params.bookId);
  await services.cache.clear();
  await services.images.remove(imagePath);
  return { status: 'success', message: 'Book deleted successfully' };
};
