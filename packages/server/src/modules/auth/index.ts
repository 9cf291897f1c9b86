// The auth module's public face.
export * as handlers from './handlers.js';
