// The cart module's public face.
export * as handlers from './handlers.js';
export { cartLinesQuery } from './rules.js';
