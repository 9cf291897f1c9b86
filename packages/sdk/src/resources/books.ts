import type { BestSeller, Book, BookPage, GenreCount, ListBooksParams, RequestOptions } from '../types.js';
import { firstPage, iteratePages, type Page, type PageFetcher } from '../pages.js';
import { emptyOn404, init, unwrap, type RawClient } from './call.js';

/** The public storefront catalogue. */
export interface BooksApi {
  /** `listBooks` — one page plus its pagination; no params gives the server's first page. */
  list(params?: ListBooksParams, options?: RequestOptions): Promise<BookPage>;
  /** `listBooks` as a {@link Page}: `hasNextPage()`, `getNextPage()`. */
  page(params?: ListBooksParams, options?: RequestOptions): Promise<Page<Book>>;
  /** Every book under the filters, page after page: `for await (const book of sdk.books.iterate(filters))`. */
  iterate(params?: ListBooksParams, options?: RequestOptions): AsyncGenerator<Book, void, undefined>;
  /** `listBestSellers` — up to ten, best first. */
  bestSellers(options?: RequestOptions): Promise<BestSeller[]>;
  /** `listGenreCounts` — every genre in the contract's order with its books in the whole catalogue (0 included). */
  genreCounts(options?: RequestOptions): Promise<GenreCount[]>;
  /** `listBooksByAuthor` — exact, case-sensitive author; none (a 404) gives `[]`. */
  byAuthor(author: string, options?: RequestOptions): Promise<Book[]>;
}

export function booksApi(raw: RawClient): BooksApi {
  const list: BooksApi['list'] = async (params, options) => {
    const { data, pagination } = await unwrap(raw.GET('/book/all', { params: { query: params ?? {} }, ...init(options) }));
    return { items: data, pagination };
  };
  const fetchPage: PageFetcher<Book, ListBooksParams> = async (params, options) => {
    const { items, pagination } = await list(params, options);
    return { items, page: pagination.currentPage, pageSize: pagination.pageSize, totalItems: pagination.totalItems, totalPages: pagination.totalPages };
  };
  return {
    list,
    page: (params, options) => firstPage(fetchPage, params ?? {}, options),
    iterate: (params, options) => iteratePages(fetchPage, params ?? {}, options),
    bestSellers: async (options) => (await unwrap(raw.GET('/book/bestSeller', init(options)))).data,
    genreCounts: async (options) => (await unwrap(raw.GET('/book/genres', init(options)))).data,
    byAuthor: (author, options) =>
      emptyOn404(unwrap(raw.GET('/book/bookByAuthor/{author}', { params: { path: { author } }, ...init(options) }))),
  };
}
