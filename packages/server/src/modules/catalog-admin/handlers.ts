// catalog-admin: the admin's book screens, their reads cached and their writes forgetting
// what they change (read-cache/policy.ts).
import { cachedAllBooks, forgetCatalog } from '../../read-cache/policy.js';
import { transact } from '../../shared/context.js';
import { invalid } from '../../shared/errors.js';
import { keptAnswers, sendKept } from '../../shared/kept-answer.js';
import type { Caller, Handler, HandlerContext, UploadedImage } from '../../shared/handler.js';
import type { Services } from '../../shared/services.js';
import { MAX_IMAGE_BYTES, sniffImage } from '../../storage/images.js';
import { bookShown, bookView } from '../books/index.js';
import { allBooks, createBook as createBookRule, deleteBook as deleteBookRule, setDiscountOffer as setDiscountOfferRule,
  updateBook as updateBookRule, type BookInput, type CatalogChange } from './rules.js';

export const listAllBooks: Handler<'listAllBooks'> = async ({ services, origin }) => {
  const now = services.clock.now();
  return (await cachedAllBooks(services, () => allBooks(services.db))).map((row) => bookView(row, origin, now));
};



const bookPages = keptAnswers();

export const getBookById: Handler<'getBookById'> = async ({ params, services, origin, reply }) => {
  const found = await bookShown(services, params.bookId);
  const now = services.clock.now();
  return sendKept(bookPages, reply, found, origin, () => ({
    status: 'success',
    message: 'Book retrieved successfully',
    data: bookView(found, origin, now),
  }));
};

export const getBookForHeader: Handler<'getBookForHeader'> = async ({ params, services, origin }) =>
  bookView(await bookShown(services, params.id), origin, services.clock.now());

export const getBookTitle: Handler<'getBookTitle'> = async ({ params, services, origin }) => bookView(await bookShown(services, params.id), origin, services.clock.now());

/** Who is changing the catalogue, now (the activity log's entry). */
const change = (ctx: { caller(): Caller; services: Services }): CatalogChange => ({ actor: ctx.caller(), now: ctx.services.clock.now() });

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
    transact(services.db, services.broadcaster, (tx, publish) => createBookRule(tx, body as BookInput, path, change(ctx), publish)),
  );
  await forgetCatalog(services);
  return { message: 'Book created successfully', data: bookView({ book, reviews: [] }, origin, services.clock.now()) };
};

export const updateBook: Handler<'updateBook'> = async (ctx) => {
  const { services, body, params } = ctx;
  const { replacedImage } = await withCover(ctx, (path) => updateBookRule(services.db, params.bookId, body as BookInput, path, change(ctx)));
  await forgetCatalog(services);
  await services.images.remove(replacedImage);
  return { status: 'success', message: 'Book updated successfully' };
};

export const setDiscountOffer: Handler<'setDiscountOffer'> = async (ctx) => {
  const { params, body, services } = ctx;
  await transact(services.db, services.broadcaster, (tx) => setDiscountOfferRule(tx, params.bookId, { ...body, Discount: Number(body.Discount) }, change(ctx)));
  await forgetCatalog(services);
  return { status: 'success', message: 'Discount added successfully' };
};

export const deleteBook: Handler<'deleteBook'> = async (ctx) => {
  const { params, services } = ctx;
  const { imagePath } = await transact(services.db, services.broadcaster, (tx) => deleteBookRule(tx, params.bookId, change(ctx)));
  await forgetCatalog(services);
  await services.images.remove(imagePath);
  return { status: 'success', message: 'Book deleted successfully' };
};
