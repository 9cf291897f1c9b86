/**
 * Business rules of the spec, once: pure functions, the clock always passed in as `now`.
 *
 * @module @pustak/sdk/domain
 */
export * from './constants.js';
export * from './dates.js';
export * from './money.js';
export * from './pricing.js';
export * from './banners.js';
export * from './cart.js';
export * from './orders.js';
export * from './home.js';
export * from './notifications.js';
export * from './paging.js';
export * from './books-query.js';
export * from './roles.js';
export * from './validation.js';
