/**
 * `@pustak/sdk/resources`: the client without its groups, and each group's factory on its own,
 * for a bundle that carries only the groups it calls. `createPustakClient()` builds all of them;
 * a page that lists books needs one:
 *
 * ```ts
 * import { booksApi, createRawClient } from '@pustak/sdk/resources';
 * const books = booksApi(createRawClient({ baseUrl: '/api' }));
 * const { items } = await books.list({ pageSize: 8 });
 * ```
 *
 * The raw client is the one `createPustakClient(options).raw` is: the same options, middleware,
 * retries and timeouts, so a group built on it behaves as the same group of the full client.
 *
 * @module @pustak/sdk/resources
 */
import createClient from 'openapi-fetch';
import type { PustakClientOptions } from './client.js';
import type { paths } from './generated/schema.js';
import { createPustakMiddleware } from './middleware.js';
import type { RawClient } from './resources/call.js';
import { isIdempotent, operationOf } from './resources/operations.js';
import { createTransport } from './retry.js';

/**
 * The typed openapi-fetch client with the SDK's middleware, retries and timeouts, and no groups.
 * Not the session (`createSession`): its sign-in-again code would double a one-call bundle's
 * budget; a page that wants it uses `createPustakClient`.
 */
export function createRawClient(options: PustakClientOptions): RawClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: createTransport(
      // Looked up per call, as in createPustakClient: a fetch stubbed after creation is used.
      options.fetch ?? ((request: Request) => globalThis.fetch(request)),
      { maxRetries: options.maxRetries ?? 2, timeoutMs: options.timeoutMs ?? 60_000 },
      options.retryEnvironment,
    ),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  raw.use(createPustakMiddleware({ getToken: options.getToken, onUnauthorized: options.onUnauthorized, operationOf, isIdempotent }));
  return raw;
}

export type { PustakClientOptions } from './client.js';
export type { RawClient } from './resources/call.js';
export { activityApi, type ActivityApi } from './resources/activity.js';
export { announcementsApi, type AnnouncementsApi } from './resources/announcements.js';
export { authApi, type AuthApi } from './resources/auth.js';
export { booksApi, type BooksApi } from './resources/books.js';
export { cartApi, type CartApi } from './resources/cart.js';
export { catalogApi, type CatalogApi } from './resources/catalog-admin.js';
export { dashboardApi, type DashboardApi } from './resources/dashboard.js';
export { notificationsApi, type NotificationsApi } from './resources/notifications.js';
export { ordersApi, type OrdersApi } from './resources/orders.js';
export { reportsApi, type ReportsApi } from './resources/reports.js';
export { reviewsApi, type ReviewsApi } from './resources/reviews.js';
export { staffApi, type StaffApi } from './resources/staff.js';
export { usersApi, type UsersApi } from './resources/users.js';
export { wishlistApi, type WishlistApi } from './resources/wishlist.js';
