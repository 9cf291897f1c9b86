// The reports module's public face.
export * as handlers from './handlers.js';
export { keepSalesDaysIn, warmSalesBooks } from './sales-days.js';
