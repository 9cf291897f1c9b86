// Public surface of the back-office orders: the search every order page and the staff
// dashboard read, its keys, and the shop's actions on an order (ready, cancel with a reason).
export { useOrderSearch } from './api/use-order-search';
export { useOrderCommand } from './api/use-order-actions';
export { allOrderKeys } from './query-keys';
export { CancelOrderDialog, ShopOrderActions } from './order-actions';
export { OrderSearchPanel, useOrderSearchState, type OrderSearchState } from './order-search';
