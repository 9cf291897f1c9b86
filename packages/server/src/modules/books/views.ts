// A book and its reviews in the contract's wire shape (camelCase, rupees, ISO dates, absolute image URLs).
import { basisPointsToPercent, paisaToRupees } from '../../shared/money.js';
import { bookPricing, type BookPrice } from '../../shared/pricing.js';
import { absoluteUrl, iso, type Schemas } from '../../shared/wire.js';
import type { BookWithReviews, ReviewView } from './rules.js';

export const reviewView = (review: ReviewView): Schemas['Review'] => ({
  reviewId: review.id,
  bookId: review.book_id,
  username: review.username,
  stars: review.stars,
  comment: review.comment,
  createdAt: iso(review.created_at),
});

/** Mean stars with one decimal, 0 without reviews. */
export function averageStars(reviews: { stars: number }[]): number {
  if (reviews.length === 0) return 0;
  const sum = reviews.reduce((total, r) => total + r.stars, 0);
  return Math.round((sum * 10) / reviews.length) / 10;
}

export const pricingView = (price: BookPrice): Schemas['BookPricing'] => ({
  listPrice: paisaToRupees(price.listPaisa),
  unitPrice: paisaToRupees(price.unitPaisa),
  dealRunning: price.dealRunning,
  dealPercent: basisPointsToPercent(price.dealBp),
  dealStartsAt: price.dealStartsAt ? iso(price.dealStartsAt) : null,
  dealEndsAt: price.dealEndsAt ? iso(price.dealEndsAt) : null,
});

/**
 * A book as the wire shows it at `now`. Its pricing is worked out here, after the read cache
 * (which keeps rows, never a price), so no cached answer outlives a deal's start or end.
 */
export function bookView({ book, reviews }: BookWithReviews, origin: string, now: Date): Schemas['Book'] {
  return {
    bookId: book.id,
    title: book.title,
    author: book.author,
    genre: book.genre as Schemas['Genre'],
    isbn: book.isbn,
    description: book.description,
    publisher: book.publisher,
    publicationDate: iso(book.publication_date),
    price: paisaToRupees(book.price_paisa),
    quantity: book.quantity,
    language: book.language,
    discount: basisPointsToPercent(book.discount_bp),
    format: book.format as Schemas['BookFormat'],
    isOnSale: book.is_on_sale,
    availableInLibrary: book.available_in_library,
    awardWinners: book.award_winners,
    imageUrl: absoluteUrl(origin, book.image_path),
    startTime: book.start_time ? iso(book.start_time) : null,
    endTime: book.end_time ? iso(book.end_time) : null,
    createdAt: iso(book.created_at),
    averageStars: averageStars(reviews),
    reviews: reviews.map(reviewView),
    pricing: pricingView(bookPricing(book, now)),
  };
}
