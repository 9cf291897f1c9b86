// Public surface of the cart feature: adding to the cart from anywhere, and its query keys.
export { type AddToCart, useAddToCart } from './api/use-add-to-cart';
export { cartKeys } from './query-keys';
