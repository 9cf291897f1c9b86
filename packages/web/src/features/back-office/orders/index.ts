// Public surface of the back-office orders: the list every order page reads, and its keys.
export { useAllOrders } from './api/use-all-orders';
export { allOrderKeys } from './query-keys';
