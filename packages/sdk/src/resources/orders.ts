import { PricesChangedError, isApiError } from '../errors.js';
import { firstPage, iteratePages, pageFigures, type Page, type PageFetcher } from '../pages.js';
import type { CancelOrderResponse, MessageEnvelope, Order, PagedOrders, PlaceOrderInput, PlaceOrderResponse, Receipt, RequestOptions, SearchOrdersParams, ShopInfo } from '../types.js';
import { emptyOn404, idempotencyKey, init, unwrap, type RawClient } from './call.js';

/** Orders of the customer, and of everyone for Admin and Staff. All need a bearer token. */
export interface OrdersApi {
  /**
   * `placeOrder` — turns the server-side cart into an order. `data` holds the claim code and
   * what was charged (`totalAmount`, `subtotal`, `discounts`, `discountTotal`). Pass the total
   * the customer saw (`cart.list()`'s `totals.total`) as `expectedTotal`: when the cart's total
   * changed since, nothing is ordered and the call throws {@link PricesChangedError}. Without it
   * the order charges whatever the cart totals at that moment. Each call sends a fresh
   * `Idempotency-Key` (or the one in `options.headers`) and its retries the same one, so a
   * dropped connection never orders twice.
   */
  place(input?: PlaceOrderInput, options?: RequestOptions): Promise<PlaceOrderResponse>;
  /**
   * `listMyOrders` — the caller's orders, each with its `history`; an open (Pending or Ready)
   * one also with its `claimCode`, a Ready one with its `expiresAt`. None (a 404) gives `[]`.
   */
  mine(options?: RequestOptions): Promise<Order[]>;
  /** `listAllOrders` — every order (Admin, Staff), with its history and never a claim code; none (a 404) gives `[]`. */
  all(options?: RequestOptions): Promise<Order[]>;
  /**
   * `searchOrders` — Admin, Staff: one page of the orders found by a whole claim code, an order
   * number (`#9F3C2A1B`) or part of the customer's username or e-mail, kept to the `status`es
   * given (`['Pending', 'Ready']`: waiting for pickup) and sorted (`newest` by default). Never
   * carries a claim code.
   */
  search(params?: SearchOrdersParams, options?: RequestOptions): Promise<PagedOrders>;
  /** `searchOrders` as a {@link Page}: `hasNextPage()`, `getNextPage()`. */
  page(params?: SearchOrdersParams, options?: RequestOptions): Promise<Page<Order>>;
  /** Every order the search finds, page after page. */
  iterate(params?: SearchOrdersParams, options?: RequestOptions): AsyncGenerator<Order, void, undefined>;
  /**
   * `cancelOrder` — the caller's Pending or Ready order (a Ready one's copies go back into
   * stock); Completed, Cancelled or Expired orders answer 400.
   */
  cancel(orderId: string, options?: RequestOptions): Promise<CancelOrderResponse>;
  /** `getShopInfo` — public: where and when orders are picked up, and the hold period in days. */
  shopInfo(options?: RequestOptions): Promise<ShopInfo>;
  /**
   * `resendOrderConfirmation` — the caller's open order's confirmation e-mail (with the claim
   * code) again; 3 per order an hour, then a 429 `ApiError` with `retryAfter`.
   */
  resendConfirmation(orderId: string, options?: RequestOptions): Promise<MessageEnvelope>;
  /**
   * `getOrderReceipt` — a Completed order's receipt: the caller's own order for a customer, any
   * order for Staff and Admin. Another customer's or an unknown order throws a 404 `ApiError`,
   * an order not Completed a 400 one ("Only a completed order has a receipt").
   */
  receipt(orderId: string, options?: RequestOptions): Promise<Receipt>;
}

export function ordersApi(raw: RawClient): OrdersApi {
  const search: OrdersApi['search'] = async (params, options) => {
    const { data, currentPage, pageSize, totalCount, totalPages, statusCounts } = await unwrap(raw.GET('/order/search', { params: { query: params ?? {} }, ...init(options) }));
    return { items: data, currentPage, pageSize, totalCount, totalPages, statusCounts };
  };
  const found: PageFetcher<Order, SearchOrdersParams> = async (params, options) => pageFigures(await search(params, options));
  return {
    place: async (input = {}, options) => {
      // No expectedTotal: no body, as the legacy call was.
      const body = input.expectedTotal === undefined ? {} : { body: { expectedTotal: input.expectedTotal } };
      try {
        return await unwrap(raw.POST('/order/place', { ...body, ...init(idempotencyKey(options)) }));
      } catch (error) {
        throw isApiError(error, 409) ? new PricesChangedError(error) : error;
      }
    },
    mine: (options) => emptyOn404(unwrap(raw.GET('/order/userOrder', init(options))).then((r) => r.data)),
    all: (options) => emptyOn404(unwrap(raw.GET('/order/all', init(options))).then((r) => r.data)),
    search,
    page: (params, options) => firstPage(found, params ?? {}, options),
    iterate: (params, options) => iteratePages(found, params ?? {}, options),
    cancel: (orderId, options) => unwrap(raw.PUT('/order/cancel/{orderId}', { params: { path: { orderId } }, ...init(options) })),
    shopInfo: (options) => unwrap(raw.GET('/shop/info', init(options))),
    resendConfirmation: (orderId, options) => unwrap(raw.POST('/order/resendConfirmation/{orderId}', { params: { path: { orderId } }, ...init(options) })),
    receipt: (orderId, options) => unwrap(raw.GET('/order/receipt/{orderId}', { params: { path: { orderId } }, ...init(options) })),
  };
}
