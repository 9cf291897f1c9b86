// The catalog-admin module's public face.
export * as handlers from './handlers.js';
export { warmBookPages } from './warm.js';
