import { type Book } from '@pustak/sdk';
import { useSearchParams } from 'react-router';
import { CountText, PageStack, Panel, Toolbar } from '../../../components/back-office/back-office-ui';
import { Badge } from '../../../components/badge';
import { BookCover } from '../../../components/book-cover';
import { ButtonLink } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { TextField } from '../../../components/form-fields';
import { IconButton } from '../../../components/icon-button';
import { Price } from '../../../components/price';
import { GridIcon, ListIcon, PlusIcon, SearchIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import styles from './admin-books.module.css';
import { useAllBooks } from './api/use-all-books';
import { filterBooks } from './filter-books';

type View = 'grid' | 'list';

/** /admin/books: the whole inventory, searched on the client, as a grid or a list. */
export default function AdminBooksPage() {
  const { data, error, isLoading, mutate } = useAllBooks();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const view: View = params.get('view') === 'list' ? 'list' : 'grid';

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const books = data ?? [];
  const shown = filterBooks(books, query);

  return (
    <PageStack>
      <Toolbar>
        <TextField
          label="Search books"
          hideLabel
          type="search"
          placeholder="Search by title, author or genre"
          leading={<SearchIcon size={18} />}
          value={query}
          onChange={(event) => update({ q: event.target.value })}
        />
        <div role="group" aria-label="Layout" className={styles.viewToggle}>
          <IconButton
            aria-label="Grid view"
            aria-pressed={view === 'grid'}
            icon={<GridIcon size={18} />}
            className={cx(styles.viewButton, view === 'grid' && styles.viewButtonOn)}
            onClick={() => update({ view: null })}
          />
          <IconButton
            aria-label="List view"
            aria-pressed={view === 'list'}
            icon={<ListIcon size={18} />}
            className={cx(styles.viewButton, view === 'list' && styles.viewButtonOn)}
            onClick={() => update({ view: 'list' })}
          />
        </div>
        <ButtonLink to="/admin/books/addBooks">
          <PlusIcon size={18} />
          Add New Book
        </ButtonLink>
      </Toolbar>

      {error && !data ? (
        <ErrorState text="Failed to load books." onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <BooksSkeleton />
      ) : books.length === 0 ? (
        <EmptyState
          title="No books yet"
          text="Your inventory is empty. Add a new book to get started."
          action={<ButtonLink to="/admin/books/addBooks">Add New Book</ButtonLink>}
        />
      ) : (
        <>
          <CountText live>
            {query.trim() ? `${shown.length} of ${books.length} books match` : `${books.length} books`}
          </CountText>
          {shown.length === 0 ? (
            <EmptyState title="No results" text="No books match your search criteria." compact />
          ) : view === 'grid' ? (
            <BookGrid books={shown} />
          ) : (
            <BookList books={shown} />
          )}
        </>
      )}
    </PageStack>
  );
}

function BookGrid({ books }: { books: Book[] }) {
  return (
    <ul className={styles.grid} aria-label="Books">
      {books.map((book) => (
        <li key={book.bookId} className={styles.card}>
          <div className={styles.coverWrap}>
            <BookCover src={book.imageUrl} title={book.title} label={`Cover of ${book.title}`} />
          </div>
          <div className={styles.cardBody}>
            {/* Under the cover, not on it: covers print their own genre at the top. */}
            <Badge tone="accent" className={styles.genre}>
              {book.genre}
            </Badge>
            <h2 className={styles.cardTitle}>{book.title}</h2>
            <p className={styles.cardAuthor}>{book.author}</p>
            <div className={styles.cardMeta}>
              <Price pricing={book.pricing} size="sm" className={styles.price} />
              <span className={cx(styles.stock, book.quantity === 0 && styles.stockOut)}>Stock: {book.quantity}</span>
            </div>
            <ButtonLink
              to={`/admin/books/view/${book.bookId}`}
              variant="secondary"
              size="sm"
              block
              aria-label={`View ${book.title}`}
            >
              View
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}

const LIST_COLUMNS: Column<Book>[] = [
  { label: '#', cell: (_book, index) => index + 1 },
  {
    label: 'Cover',
    header: <span className="visually-hidden">Cover</span>,
    cell: (book) => <BookCover src={book.imageUrl} title={book.title} label={`Cover of ${book.title}`} size="sm" />,
  },
  { label: 'Title', className: 'strong', cell: (book) => book.title },
  { label: 'Author', cell: (book) => book.author },
  { label: 'Genre', cell: (book) => <Badge tone="accent">{book.genre}</Badge> },
  { label: 'Price', numeric: true, cell: (book) => <Price pricing={book.pricing} size="sm" /> },
  { label: 'Quantity', numeric: true, cell: (book) => book.quantity },
  {
    label: 'Actions',
    header: <span className="visually-hidden">Actions</span>,
    cell: (book) => (
      <ButtonLink to={`/admin/books/view/${book.bookId}`} variant="secondary" size="sm" aria-label={`View ${book.title}`}>
        View
      </ButtonLink>
    ),
  },
];

function BookList({ books }: { books: Book[] }) {
  return (
    <Panel flush as="div">
      <DataTable label="Books table" columns={LIST_COLUMNS} rows={books} rowKey={(book) => book.bookId} />
    </Panel>
  );
}

function BooksSkeleton() {
  return (
    <div className={styles.grid} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading books
      </span>
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className={styles.card}>
          <Skeleton height={0} className={styles.coverSkeleton} />
          <div className={styles.cardBody}>
            <Skeleton lines={2} />
          </div>
        </div>
      ))}
    </div>
  );
}
