import type { MessageEnvelope, OrderStatusChanged, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The shop's side of an order (Admin, Staff): ready for pickup, cancelled with a reason, handed over. */
export interface StaffApi {
  /**
   * `markOrderReady` — a Pending order's copies are put aside (taken from stock) and its hold
   * period starts: `data.expiresAt`. Not Pending, or a book short of stock, answers 400 with
   * the server's reason.
   */
  markReady(orderId: string, options?: RequestOptions): Promise<OrderStatusChanged>;
  /**
   * `cancelOrderByShop` — cancels a Pending or Ready order with a reason (1 to 300 characters,
   * shown to the customer in the order's history); a Ready order's copies go back into stock.
   */
  cancelOrder(orderId: string, reason: string, options?: RequestOptions): Promise<OrderStatusChanged>;
  /**
   * `verifyOrder` — sends `{ClaimCode}`; completes a Pending or Ready order (a Pending one's
   * stock is reduced now, a Ready one's was when it was marked ready).
   */
  verifyOrder(orderId: string, claimCode: string, options?: RequestOptions): Promise<MessageEnvelope>;
}

export function staffApi(raw: RawClient): StaffApi {
  return {
    markReady: (orderId, options) => unwrap(raw.PUT('/staff/readyOrder/{orderId}', { params: { path: { orderId } }, ...init(options) })),
    cancelOrder: (orderId, reason, options) =>
      unwrap(raw.PUT('/staff/cancelOrder/{orderId}', { params: { path: { orderId } }, body: { reason }, ...init(options) })),
    verifyOrder: (orderId, claimCode, options) =>
      unwrap(raw.PUT('/staff/verifyOrder/{orderId}', {
        params: { path: { orderId } },
        body: { ClaimCode: claimCode },
        ...init(options),
      })),
  };
}
