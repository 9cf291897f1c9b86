import type { components } from '../generated/schema.js';
import type {
  Book, BookCreated, BookInput, DiscountOfferInput, MessageEnvelope, RequestOptions,
} from '../types.js';
import { init, iso, unwrap, type RawClient } from './call.js';

/** The admin book screens: unpaged list, one book, create/edit/delete, timed discounts. */
export interface CatalogApi {
  /** `listAllBooks` — every book; accepts the bare array and the legacy `{books}` wrapping. */
  listAll(options?: RequestOptions): Promise<Book[]>;
  /** `getBookById` — one book, unwrapped from its envelope. */
  get(bookId: string, options?: RequestOptions): Promise<Book>;
  /** `getBookForHeader` — the bare book the admin and staff headers read for the title (`/bookcrud/get/{id}`, the path the legacy client reaches). */
  getTitle(id: string, options?: RequestOptions): Promise<Book>;
  /** `getBookTitle` — the same bare book on the spec's literal, doubled `/api/api/bookcrud/get/{id}` path. */
  getTitleDoubledPath(id: string, options?: RequestOptions): Promise<Book>;
  /** `createBook` — multipart form with the `image` file part (Admin). */
  create(input: BookInput, options?: RequestOptions): Promise<BookCreated>;
  /** `updateBook` — multipart form; without `image` an empty file part keeps the cover (Admin). */
  update(bookId: string, input: BookInput, options?: RequestOptions): Promise<MessageEnvelope>;
  /** `setDiscountOffer` — sends PascalCase `{Discount, StartTime, EndTime, IsOnSale}`, times as ISO (Admin). */
  setDiscount(bookId: string, offer: DiscountOfferInput, options?: RequestOptions): Promise<MessageEnvelope>;
  /** `deleteBook` (Admin). */
  remove(bookId: string, options?: RequestOptions): Promise<MessageEnvelope>;
}

type BookForm = components['schemas']['BookForm'];

export function catalogApi(raw: RawClient): CatalogApi {
  const form = (input: BookInput, emptyImage: boolean) => ({
    body: bookFormFields(input),
    bodySerializer: (fields: BookForm) => toFormData(fields, input.image, emptyImage),
  });
  const book = (bookId: string) => ({ params: { path: { bookId } } });
  return {
    async listAll(options) {
      const all = await unwrap(raw.GET('/bookcrud/getallbooks', init(options)));
      return Array.isArray(all) ? all : all.books;
    },
    get: async (bookId, options) => (await unwrap(raw.GET('/bookcrud/getbookbyid/{bookId}', { ...book(bookId), ...init(options) }))).data,
    getTitle: (id, options) => unwrap(raw.GET('/bookcrud/get/{id}', { params: { path: { id } }, ...init(options) })),
    getTitleDoubledPath: (id, options) => unwrap(raw.GET('/api/bookcrud/get/{id}', { params: { path: { id } }, ...init(options) })),
    create: async (input, options) => unwrap(raw.POST('/bookcrud/create', { ...form(input, false), ...init(options) })),
    update: async (bookId, input, options) =>
      unwrap(raw.PUT('/bookcrud/updatebook/{bookId}', { ...book(bookId), ...form(input, true), ...init(options) })),
    setDiscount: async (bookId, { discount, startTime, endTime, isOnSale }, options) =>
      unwrap(raw.PUT('/bookcrud/discountOffer/{bookId}', {
        ...book(bookId),
        body: { Discount: discount, StartTime: iso(startTime, 'startTime'), EndTime: iso(endTime, 'endTime'), IsOnSale: isOnSale },
        ...init(options),
      })),
    remove: (bookId, options) => unwrap(raw.DELETE('/bookcrud/deletebook/{bookId}', { ...book(bookId), ...init(options) })),
  };
}

/** The text parts of the form, in the contract's order; times as ISO, absent sale times left out. */
function bookFormFields(input: BookInput): BookForm {
  const { startTime, endTime } = input;
  return {
    title: input.title,
    author: input.author,
    genre: input.genre,
    isbn: input.isbn,
    description: input.description,
    publisher: input.publisher,
    publicationDate: iso(input.publicationDate, 'publicationDate'),
    price: input.price,
    quantity: input.quantity,
    language: input.language,
    discount: input.discount,
    format: input.format,
    isOnSale: input.isOnSale ?? false,
    availableInLibrary: input.availableInLibrary ?? false,
    awardWinners: input.awardWinners ?? false,
    ...(startTime != null ? { startTime: iso(startTime, 'startTime') } : {}),
    ...(endTime != null ? { endTime: iso(endTime, 'endTime') } : {}),
  };
}

/**
 * Numbers and booleans travel as their text ("450", "true"), as an HTML form sends them.
 * The image is a file part; the Edit form sends an empty, unnamed file when no cover was chosen.
 */
function toFormData(fields: BookForm, image: Blob | null | undefined, emptyImage: boolean): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && name !== 'image') data.append(name, String(value));
  }
  if (image) data.append('image', image, fileName(image));
  else if (emptyImage) data.append('image', new Blob([], { type: 'application/octet-stream' }), '');
  return data;
}

function fileName(image: Blob): string {
  if (typeof File !== 'undefined' && image instanceof File && image.name) return image.name;
  const extension = /^image\/(png|jpeg|gif|webp|svg)/.exec(image.type)?.[1]?.replace('jpeg', 'jpg') ?? 'bin';
  return `cover.${extension}`;
}
