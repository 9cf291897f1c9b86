import { isNetworkError } from '@pustak/sdk';
import {
  BOOKS_PAGE_SIZE,
  type BooksQueryState,
  DEFAULT_BOOKS_QUERY,
  parseBooksQuery,
  toBooksSearchParams,
  toListBooksParams,
  withFilterChange,
} from '@pustak/sdk/domain';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorState, PageHeader, Pager, SearchIcon } from '../../components';
import { useBookPage, useShowsPreviousBooks } from './api/use-book-page';
import styles from './books-page.module.css';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import { BooksFilters, FilterChips, hasFilters } from './components/books-filters';
import { SearchBox } from './components/search-box';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /books: genre filter, Sort By, search and paging, all kept in the URL query. */
export default function BooksPage() {
  useDocumentTitle('All Books');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseBooksQuery(searchParams);
  const params = toListBooksParams(state);
  const { data, error, isLoading, isValidating, mutate } = useBookPage(params);
  const resultsRef = useRef<HTMLElement>(null);
  const showingPrevious = useShowsPreviousBooks(params, { data, isLoading });

  // Every change is a new history entry, so Back restores the previous filters.
  const go = (next: BooksQueryState) => setSearchParams(toBooksSearchParams(next));
  const change = (patch: Partial<BooksQueryState>) => go(withFilterChange(state, patch));
  const clearAll = () => go(DEFAULT_BOOKS_QUERY);
  const changePage = (page: number) => {
    go({ ...state, page });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const books = data?.items.slice(0, BOOKS_PAGE_SIZE) ?? [];
  const totalPages = data?.pagination.totalPages ?? 0;
  const totalItems = data?.pagination.totalItems ?? 0;
  const empty = data !== undefined && (books.length === 0 || totalItems === 0);

  return (
    <div className="container">
      <PageHeader
        title="All Books"
        description="Nepali classics, new voices and the world's favourites — filter by genre or search by title and author."
      />
      <SearchBox
        key={state.search}
        initial={state.search}
        onSearch={(search) => change({ search })}
        className={styles.search}
      />
      <div className={styles.layout}>
        <BooksFilters state={state} onChange={change} onClearAll={clearAll} />
        <section ref={resultsRef} className={styles.results} aria-labelledby="books-results-heading" aria-busy={isValidating || undefined}>
          <h2 id="books-results-heading" className="visually-hidden">
            Results
          </h2>
          <div className={styles.toolbar}>
            <p className={styles.status} aria-live="polite">
              {data && !empty ? `Showing page ${state.page} of ${totalPages} — Total books: ${totalItems}` : null}
              {!data && isLoading ? 'Loading books…' : null}
            </p>
            <FilterChips state={state} onChange={change} onClearAll={clearAll} />
          </div>

          {error && data ? (
            <p role="alert" className={styles.inlineError}>
              We couldn&apos;t load this page of books.{' '}
              <Button variant="ghost" size="sm" onClick={() => void mutate()}>
                Retry
              </Button>
            </p>
          ) : null}

          {error && !data ? (
            <ErrorState
              title="Books are unavailable right now"
              text={isNetworkError(error) ? 'Check your connection and try again.' : "We couldn't load the books."}
              onRetry={() => void mutate()}
            />
          ) : !data ? (
            <BookGridSkeleton count={BOOKS_PAGE_SIZE} />
          ) : empty ? (
            <EmptyState
              icon={<SearchIcon size={26} />}
              title="No books found matching your criteria."
              text={hasFilters(state) ? 'Try another genre or a different search.' : undefined}
              action={
                hasFilters(state) ? (
                  <Button variant="secondary" onClick={clearAll}>
                    Clear All
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <BookGrid books={books} label="Books" eagerCount={4} className={showingPrevious ? styles.stale : undefined} />
          )}

          {data && !empty ? (
            <Pager
              page={state.page}
              totalPages={totalPages}
              onPageChange={changePage}
              disabled={showingPrevious}
              label="Book pages"
              className={styles.pager}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
