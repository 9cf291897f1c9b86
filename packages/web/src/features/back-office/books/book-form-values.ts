import { type Book, type BookFormat, type BookInput, type Genre } from '@pustak/sdk';
import { type BookFormValues, fromDateInputValue, toDateInputValue } from '@pustak/sdk/domain';

/** Everything the Add/Edit Book form holds (text as typed, flags as booleans). */
export type BookFormState = BookFormValues & {
  isOnSale: boolean;
  availableInLibrary: boolean;
  awardWinners: boolean;
};

export const EMPTY_BOOK_FORM: BookFormState = {
  title: '',
  author: '',
  genre: '',
  format: '',
  isbn: '',
  language: '',
  publisher: '',
  publicationDate: '',
  price: '',
  discount: '0',
  quantity: '',
  description: '',
  isOnSale: false,
  availableInLibrary: false,
  awardWinners: false,
};

/** The Edit form prefilled from a loaded book. */
export function formStateFromBook(book: Book): BookFormState {
  return {
    title: book.title ?? '',
    author: book.author ?? '',
    genre: book.genre ?? '',
    format: book.format ?? '',
    isbn: book.isbn ?? '',
    language: book.language ?? '',
    publisher: book.publisher ?? '',
    publicationDate: toDateInputValue(book.publicationDate, 'date'),
    price: book.price === undefined || book.price === null ? '' : String(book.price),
    discount: book.discount === undefined || book.discount === null ? '0' : String(book.discount),
    quantity: book.quantity === undefined || book.quantity === null ? '' : String(book.quantity),
    description: book.description ?? '',
    isOnSale: Boolean(book.isOnSale),
    availableInLibrary: Boolean(book.availableInLibrary),
    awardWinners: Boolean(book.awardWinners),
  };
}

/**
 * The SDK input of a validated form: numbers as numbers, the publication date as an ISO
 * timestamp (validate first: an unreadable date is reported by the form, not here).
 */
export function toBookInput(values: BookFormState, image: Blob | null): BookInput {
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    genre: values.genre as Genre,
    format: values.format as BookFormat,
    isbn: values.isbn.trim(),
    language: values.language.trim(),
    publisher: values.publisher.trim(),
    publicationDate: fromDateInputValue(values.publicationDate) ?? values.publicationDate,
    price: Number(values.price),
    discount: Number(values.discount),
    quantity: Number(values.quantity),
    description: values.description.trim(),
    isOnSale: values.isOnSale,
    availableInLibrary: values.availableInLibrary,
    awardWinners: values.awardWinners,
    image,
  };
}
