// Public surface of the wishlist feature: the heart's state and toggle, and the query keys.
export { type WishlistStatus, useWishlistStatus } from './api/use-wishlist-status';
export { wishlistKeys } from './query-keys';
