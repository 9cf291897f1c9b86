// Public surface of the back-office orders: the list every order page reads, its panel, its
// keys, and the shop's actions on an order (ready, cancel with a reason).
export { AllOrdersPanel } from './all-orders-panel';
export { useAllOrders } from './api/use-all-orders';
export { allOrderKeys } from './query-keys';
export { CancelOrderDialog, ShopOrderActions } from './order-actions';
