import { type Book, type BookInput } from '@pustak/sdk';
import { useParams } from 'react-router';
import { useToast } from '../../../components/toaster';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useBook } from '../../books';
import { useUpdateBook } from './api/use-update-book';
import { BookForm } from './book-form';
import { formStateFromBook } from './book-form-values';
import { BookLoadError, BookSkeleton } from './book-load-state';

/** Spec: after an edit, the book's page opens 1.5 s later. */
export const REDIRECT_AFTER_EDIT_MS = 1500;

/** /admin/books/edit/{bookId}: the form prefilled from the book. */
export default function EditBookPage() {
  const { bookId = '' } = useParams();
  const { data: book, error, isLoading, mutate } = useBook(bookId);
  if (error && !book) return <BookLoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !book) return <BookSkeleton />;
  return <EditBookForm key={book.bookId} book={book} />;
}

function EditBookForm({ book }: { book: Book }) {
  const updateBook = useUpdateBook();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();

  const save = async (input: BookInput) => {
    // The form has no sale-window fields; the book keeps the window it has.
    const reply = await updateBook(book.bookId, { ...input, startTime: book.startTime, endTime: book.endTime });
    toast.success(reply.message || 'Book updated successfully');
    navigateLater(`/admin/books/view/${book.bookId}`, REDIRECT_AFTER_EDIT_MS);
  };

  return (
    <BookForm
      mode="edit"
      initial={formStateFromBook(book)}
      currentImageUrl={book.imageUrl}
      cancelTo={`/admin/books/view/${book.bookId}`}
      submitLabel="Save Changes"
      failureText="Failed to update book. Please check your input."
      onSave={save}
    />
  );
}
