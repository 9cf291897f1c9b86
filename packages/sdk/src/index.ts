/**
 * @pustak/sdk — typed client for the Pustak bookstore API.
 *
 * - `createPustakClient()` : resource groups over openapi-fetch, typed from openapi/openapi.yaml
 * - `ApiError` / `NetworkError` : the two ways a call fails (one `ApiError` subclass per status
 *   family, `PricesChangedError`: an order not placed; `TimeoutError`: no answer in time);
 *   retried first where that is safe
 * - `createSession()` : a token store (memory, localStorage or yours) that knows the token's
 *   expiry, signs out at it, and signs in again through your hook
 * - `connectNotifications()` : the live SignalR hub, at `@pustak/sdk/live` only (its types are here
 *   too), so `@microsoft/signalr` is an optional peer that a script which never listens leaves out
 * - `@pustak/sdk/resources` : each resource group's factory on its own, for small browser bundles
 * - domain helpers (formatting, sale countdown text, banners, paging...) : pure functions, also at
 *   `@pustak/sdk/domain`; prices, cart totals and discounts are the server's figures, not computed here
 *
 * @module @pustak/sdk
 */
export { createPustakClient } from './client.js';
export type { PustakClient, PustakClientOptions } from './client.js';
export {
  ApiError, AuthenticationError, BadRequestError, ConflictError, InternalServerError, NetworkError, NotFoundError,
  PermissionDeniedError, PricesChangedError, RateLimitError, ServiceUnavailableError, TimeoutError, UnprocessableEntityError,
  apiErrorFrom, isAbortError, isApiError, isNetworkError, isPricesChangedError, isTimeoutError, serverMessageOf,
} from './errors.js';
export type { ApiErrorInit } from './errors.js';
export type { TokenProvider } from './middleware.js';
export {
  SessionExpiredError, WEB_SESSION_KEYS, createSession, localStorageTokenStore, memoryTokenStore, tokenExpiry,
} from './session.js';
export type { Session, SessionEndReason, SessionOptions, TokenStore } from './session.js';
export type { RetryEnvironment } from './retry.js';
export type { Page } from './pages.js';
export type {
  ConnectNotificationsOptions, ConnectionState, NotificationConnection, NotificationLogger, NotificationTransport,
} from './notifications.js';
export type { ActivityApi } from './resources/activity.js';
export type { AnnouncementsApi } from './resources/announcements.js';
export type { AuthApi } from './resources/auth.js';
export type { BooksApi } from './resources/books.js';
export type { CartApi } from './resources/cart.js';
export type { CatalogApi } from './resources/catalog-admin.js';
export type { DashboardApi } from './resources/dashboard.js';
export type { NotificationsApi } from './resources/notifications.js';
export type { OperationId } from './resources/operations.js';
export type { OrdersApi } from './resources/orders.js';
export type { ReportsApi } from './resources/reports.js';
export type { ReviewsApi } from './resources/reviews.js';
export type { StaffApi, VerifyOptions } from './resources/staff.js';
export type { UsersApi } from './resources/users.js';
export type { WishlistApi } from './resources/wishlist.js';
export type * from './types.js';
export type { components, operations, paths } from './generated/schema.js';
export * from './domain/index.js';
