import type { RequestOptions } from './types.js';

/**
 * One page of any paged list (books, users, staff, the activity log), whatever shape the wire
 * gives it (`pagination.totalItems` for books, `totalCount` at the top for users): the items,
 * where the page is, and the way to the next one.
 */
export interface Page<T> {
  items: T[];
  /** 1-based number of this page. */
  page: number;
  pageSize: number;
  /** Items of the whole list under these filters. */
  totalItems: number;
  totalPages: number;
  /** Whether a page follows this one. */
  hasNextPage(): boolean;
  /** The page after this one, with the same filters; throws when there is none. */
  getNextPage(options?: RequestOptions): Promise<Page<T>>;
}

/** Where a page is, as the SDK reads it from any of the wire's page shapes. */
export interface PageFigures<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

/** Fetches one page of a list for the given filters (with `page` among them). */
export type PageFetcher<T, P extends { page?: number | undefined }> = (params: P, options?: RequestOptions) => Promise<PageFigures<T>>;

/** The {@link Page} the fetcher answers for `params`. */
export async function firstPage<T, P extends { page?: number | undefined }>(
  fetchPage: PageFetcher<T, P>,
  params: P,
  options?: RequestOptions,
): Promise<Page<T>> {
  const figures = await fetchPage(params, options);
  // An empty page ends the list whatever the totals say, and so does a page other than the one
  // asked for (a static mock answers page 1 to every page), so a walk always ends.
  const hasNextPage = () => figures.items.length > 0 && figures.page === (params.page ?? 1) && figures.page < figures.totalPages;
  return {
    ...figures,
    hasNextPage,
    getNextPage(nextOptions) {
      if (!hasNextPage()) return Promise.reject(new RangeError(`No page after page ${figures.page} of ${figures.totalPages}`));
      return firstPage(fetchPage, { ...params, page: figures.page + 1 }, nextOptions ?? options);
    },
  };
}

/**
 * Every item from `params.page` (the first page by default) to the last page, a page fetched
 * only when the walk reaches it: `for await (const book of sdk.books.iterate({ genre: 'Fiction' }))`.
 */
export async function* iteratePages<T, P extends { page?: number | undefined }>(
  fetchPage: PageFetcher<T, P>,
  params: P,
  options?: RequestOptions,
): AsyncGenerator<T, void, undefined> {
  let page: Page<T> | undefined = await firstPage(fetchPage, params, options);
  while (page) {
    yield* page.items;
    page = page.hasNextPage() ? await page.getNextPage() : undefined;
  }
}

/** The figures of the `{ items, currentPage, pageSize, totalCount, totalPages }` shape (users, staff, activity). */
export function pageFigures<T>({ items, currentPage, pageSize, totalCount, totalPages }: { items: T[]; currentPage: number; pageSize: number; totalCount: number; totalPages: number }): PageFigures<T> {
  return { items, page: currentPage, pageSize, totalItems: totalCount, totalPages };
}
