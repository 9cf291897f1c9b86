import type { CancelOrderResponse, Order, PlaceOrderResponse, RequestOptions } from '../types.js';
import { emptyOn404, init, unwrap, type RawClient } from './call.js';

/** Orders of the customer, and of everyone for Admin and Staff. All need a bearer token. */
export interface OrdersApi {
  /** `placeOrder` — turns the server-side cart into an order; no body. `data` holds the claim code. */
  place(options?: RequestOptions): Promise<PlaceOrderResponse>;
  /** `listMyOrders` — the caller's orders; none (a 404) gives `[]`. */
  mine(options?: RequestOptions): Promise<Order[]>;
  /** `listAllOrders` — every order (Admin, Staff); none (a 404) gives `[]`. */
  all(options?: RequestOptions): Promise<Order[]>;
  /** `cancelOrder` — Completed or Cancelled orders answer 400. */
  cancel(orderId: string, options?: RequestOptions): Promise<CancelOrderResponse>;
}

export function ordersApi(raw: RawClient): OrdersApi {
  return {
    place: (options) => unwrap(raw.POST('/order/place', init(options))),
    mine: (options) => emptyOn404(unwrap(raw.GET('/order/userOrder', init(options))).then((r) => r.data)),
    all: (options) => emptyOn404(unwrap(raw.GET('/order/all', init(options))).then((r) => r.data)),
    cancel: (orderId, options) => unwrap(raw.PUT('/order/cancel/{orderId}', { params: { path: { orderId } }, ...init(options) })),
  };
}
