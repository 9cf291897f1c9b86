// Public surface of the back-office orders: the list every order page reads, its panel, and its keys.
export { AllOrdersPanel } from './all-orders-panel';
export { useAllOrders } from './api/use-all-orders';
export { allOrderKeys } from './query-keys';
