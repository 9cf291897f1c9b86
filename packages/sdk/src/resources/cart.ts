import type { Cart, MessageEnvelope, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The customer's server-side cart. All need a bearer token. */
export interface CartApi {
  /**
   * `listCartItems` — the cart's lines (one per book, each with its `unitPrice`, `lineTotal`
   * and `priceChanged`) and its `totals` (subtotal, each discount applied, total), all computed
   * by the server from one answer. Show them as they are; `totals.total` is what
   * `orders.place({ expectedTotal })` should send.
   */
  list(options?: RequestOptions): Promise<Cart>;
  /** `addCartItem` — adds a line (or copies to the book's line); a line costs what its book costs now. */
  add(bookId: string, quantity?: number, options?: RequestOptions): Promise<MessageEnvelope>;
  /** `updateCartItem` — the quantity must stay below the stock. */
  update(cartItemId: string, quantity: number, options?: RequestOptions): Promise<MessageEnvelope>;
  /** `removeCartItem`. */
  remove(cartItemId: string, options?: RequestOptions): Promise<MessageEnvelope>;
}

export function cartApi(raw: RawClient): CartApi {
  const line = (cartItemId: string) => ({ params: { path: { cartItemId } } });
  return {
    list: async (options) => {
      const { data, totals } = await unwrap(raw.GET('/addToCart/getcartitems', init(options)));
      return { items: data, totals };
    },
    add: (bookId, quantity = 1, options) =>
      unwrap(raw.POST('/addToCart/add', { body: { bookId, quantity }, ...init(options) })),
    update: (cartItemId, quantity, options) =>
      unwrap(raw.PUT('/addToCart/update/{cartItemId}', { ...line(cartItemId), body: { quantity }, ...init(options) })),
    remove: (cartItemId, options) => unwrap(raw.DELETE('/addToCart/remove/{cartItemId}', { ...line(cartItemId), ...init(options) })),
  };
}
