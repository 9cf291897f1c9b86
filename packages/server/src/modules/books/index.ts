// The books module's public face: the storefront's handlers, and a book as other modules read
// and show it (with its reviews, whether its sale runs, the stock limit).
export * as handlers from './handlers.js';
export { MAX_STOCK, reviewsColumn, saleRunning, splitReviews, withReviews, type BookWithReviews, type ReviewView } from './rules.js';
export { bookView, reviewView } from './views.js';
