// The users module's public face: its handlers, and an account in the contract's shape (auth answers it too).
export * as handlers from './handlers.js';
export { userView } from './views.js';
