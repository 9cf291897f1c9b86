// Public surface of the wishlist feature: the saved books, the heart's state and toggle, and the
// query keys. The wishlist page lives with the other pages of book cards (features/books).
export { useWishlist } from './api/use-wishlist';
export { type WishlistStatus, useWishlistStatus } from './api/use-wishlist-status';
export { wishlistKeys } from './query-keys';
