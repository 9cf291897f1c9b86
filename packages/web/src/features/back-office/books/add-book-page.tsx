import { type BookInput } from '@pustak/sdk';
import { useToast } from '../../../components/toaster';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCreateBook } from './api/use-create-book';
import { BookForm } from './book-form';
import { EMPTY_BOOK_FORM } from './book-form-values';

/** Spec: after a create, the list opens 1 s later (the success toast can be read first). */
export const REDIRECT_AFTER_CREATE_MS = 1000;

/** /admin/books/addBooks. */
export default function AddBookPage() {
  const createBook = useCreateBook();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();

  const save = async (input: BookInput) => {
    const reply = await createBook(input);
    toast.success(reply.message || 'Book created successfully');
    navigateLater('/admin/books', REDIRECT_AFTER_CREATE_MS);
  };

  return (
    <BookForm
      mode="add"
      initial={EMPTY_BOOK_FORM}
      cancelTo="/admin/books"
      submitLabel="Add Book"
      // The legacy form failed silently; saying so is kinder than a button that just wakes up again.
      failureText="Failed to add book. Please check your input."
      onSave={save}
    />
  );
}
