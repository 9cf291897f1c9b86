import { pustakKey } from '@pustak/sdk/swr';

/** SWR keys of what the cart feature reads (the SDK hooks' keys: the call is the key). */
export const cartKeys = {
  /** The customer's cart lines, as the server holds them (`cart.list()`). */
  lines: pustakKey('cart', 'list'),
};
