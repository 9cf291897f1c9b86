import type { MessageEnvelope, RequestOptions } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Pickup at the counter (Admin, Staff). */
export interface StaffApi {
  /** `verifyOrder` — sends `{ClaimCode}`; completes the order and reduces stock. */
  verifyOrder(orderId: string, claimCode: string, options?: RequestOptions): Promise<MessageEnvelope>;
}

export function staffApi(raw: RawClient): StaffApi {
  return {
    verifyOrder: (orderId, claimCode, options) =>
      unwrap(raw.PUT('/staff/verifyOrder/{orderId}', {
        params: { path: { orderId } },
        body: { ClaimCode: claimCode },
        ...init(options),
      })),
  };
}
