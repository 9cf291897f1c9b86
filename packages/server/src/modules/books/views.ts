// Rows to the contract's wire shapes (camelCase, rupees, ISO dates, absolute image URLs).
import type { components } from '../../../sdk/src/generated/schema.js';
import type { AnnouncementRow, UserRow } from '../db/schema.js';
import type { BookWithReviews, ReviewView } from '../domain/catalogue.js';
import type { OrderView } from '../domain/orders.js';
import { basisPointsToPercent, paisaToRupees } from '../domain/money.js';

type Schemas = components['schemas'];

const iso = (date: Date) => date.toISOString();

/** An absolute URL for a stored path; a value that is already absolute is kept. */
export function absoluteUrl(origin: string, path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

export const userView = (user: UserRow): Schemas['User'] => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  createdAt: iso(user.created_at),
  isVerified: user.is_verified,
});

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

export function bookView({ book, reviews }: BookWithReviews, origin: string): Schemas['Book'] {
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
  };
}

export function orderView({ order, username, items }: OrderView): Schemas['Order'] {
  return {
    orderId: order.id,
    username,
    orderDate: iso(order.order_date),
    originalTotal: paisaToRupees(order.original_total_paisa),
    discountRate: order.discount_bp / 10_000,
    finalTotal: paisaToRupees(order.final_total_paisa),
    status: order.status,
    bookTitles: items.map((i) => i.title),
    orderItems: items.map((i) => ({
      bookId: i.book_id,
      title: i.title,
      itemCode: i.item_code,
      quantity: i.quantity,
      pricePerUnit: paisaToRupees(i.price_per_unit_paisa),
      // The lines add up to originalTotal (each line's copies at what one was charged).
      totalPrice: paisaToRupees(i.quantity * i.charged_per_unit_paisa),
    })),
    // Picked up at the counter: nothing is shipped.
    shippingCost: 0,
  };
}

export const announcementView = (row: AnnouncementRow): Schemas['Announcement'] => ({
  announcementId: row.id,
  message: row.message,
  startTime: iso(row.start_time),
  endTime: iso(row.end_time),
  isPinned: row.is_pinned,
  color: row.color as Schemas['BannerBackground'],
  textColor: row.text_color,
});
