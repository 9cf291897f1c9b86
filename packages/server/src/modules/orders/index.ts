// The orders module's public face.
export * as handlers from './handlers.js';
export { expireDueOrders, startExpirySweep } from './expiry.js';
export { orderNumber } from './lists.js';
export { cancelOrderByShop, isOverdue, lockOrder, lockOrderWithTitles, markOrderReady, orderEventRow, recordOrderEvent, takeStock, writeTogether, type LockedOrder, type OrderEvent, type Transition } from './lifecycle.js';
export { remindExpiringOrders, tellOrderCancelledByShop, tellOrderReady } from './messages.js';
