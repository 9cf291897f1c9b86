// The cart module's public face.
export * as handlers from './handlers.js';
export { cartLinesQuery, pricedCart } from './rules.js';
export { discountsView } from './views.js';
