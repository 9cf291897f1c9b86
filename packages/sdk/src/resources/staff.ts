import type { MessageEnvelope, OrderStatusChanged, PaymentMethod, RequestOptions } from '../types.js';
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
   * `verifyOrder` — sends `{ClaimCode, PaymentMethod}`; completes a Pending or Ready order (a
   * Pending one's stock is reduced now, a Ready one's was when it was marked ready) and records
   * how the customer paid (`options.paymentMethod`; none recorded when left out) and who handed
   * it over (the caller).
   */
  verifyOrder(orderId: string, claimCode: string, options?: VerifyOptions): Promise<MessageEnvelope>;
}

/** The handover's options: how the customer paid, besides the usual request options. */
export interface VerifyOptions extends RequestOptions {
  paymentMethod?: PaymentMethod;
}

export function staffApi(raw: RawClient): StaffApi {
  return {
    markReady: (orderId, options) => unwrap(raw.PUT('/staff/readyOrder/{orderId}', { params: { path: { orderId } }, ...init(options) })),
    cancelOrder: (orderId, reason, options) =>
      unwrap(raw.PUT('/staff/cancelOrder/{orderId}', { params: { path: { orderId } }, body: { reason }, ...init(options) })),
    verifyOrder: (orderId, claimCode, { paymentMethod, ...options } = {}) =>
      unwrap(raw.PUT('/staff/verifyOrder/{orderId}', {
        params: { path: { orderId } },
        body: { ClaimCode: claimCode, ...(paymentMethod ? { PaymentMethod: paymentMethod } : {}) },
        ...init(options),
      })),
  };
}
