import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the orders feature reads (the SDK hooks' keys: the call is the key). */
export const orderKeys = {
  /** The signed-in customer's orders (`orders.mine()`). */
  mine: pustakKey('orders', 'mine'),
};
