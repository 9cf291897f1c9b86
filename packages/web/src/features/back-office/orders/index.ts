// Public surface of the back-office orders: every order (the staff dashboard's counts), the
// search every order page reads, its keys, and the shop's actions on an order (ready, cancel
// with a reason).
export { useAllOrders } from './api/use-all-orders';
export { useOrderCommand } from './api/use-order-actions';
export { allOrderKeys } from './query-keys';
export { CancelOrderDialog, ShopOrderActions } from './order-actions';
export { OrderSearchPanel, useOrderSearchState, type OrderSearchState } from './order-search';
