// Public surface of the orders feature: its query keys (placing an order refreshes My Orders).
export { orderKeys } from './query-keys';
