// Public surface of the orders feature: its query keys (placing an order refreshes My Orders),
// and the customer's orders (the cart counts Completed ones for the loyalty discount).
export { useMyOrders } from './api/use-my-orders';
export { orderKeys } from './query-keys';
