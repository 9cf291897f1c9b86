// The books module's public face: the storefront's handlers, and a book as other modules read
// and show it (with its reviews and its price now, the stock limit).
export * as handlers from './handlers.js';
export { bookShown } from './book-shown.js';
export { MAX_STOCK, reviewsColumn, splitReviews, withReviews, type BookWithReviews, type ReviewView } from './rules.js';
export { bookView, pricingView, reviewView } from './views.js';
