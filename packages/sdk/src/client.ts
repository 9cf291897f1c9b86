import createClient from 'openapi-fetch';
import type { ApiError } from './errors.js';
import type { paths } from './generated/schema.js';
import { createPustakMiddleware, type TokenProvider } from './middleware.js';
import { announcementsApi, type AnnouncementsApi } from './resources/announcements.js';
import { authApi, type AuthApi } from './resources/auth.js';
import { booksApi, type BooksApi } from './resources/books.js';
import type { RawClient } from './resources/call.js';
import { cartApi, type CartApi } from './resources/cart.js';
import { catalogApi, type CatalogApi } from './resources/catalog-admin.js';
import { activityApi, type ActivityApi } from './resources/activity.js';
import { dashboardApi, type DashboardApi } from './resources/dashboard.js';
import { notificationsApi, type NotificationsApi } from './resources/notifications.js';
import { isIdempotent, needsSignIn, operationOf, takesOptionalBearer } from './resources/operations.js';
import { createTransport, type RetryEnvironment } from './retry.js';
import { controlOf, type Session } from './session.js';
import { sessionSide } from './session-resend.js';
import { ordersApi, type OrdersApi } from './resources/orders.js';
import { reportsApi, type ReportsApi } from './resources/reports.js';
import { reviewsApi, type ReviewsApi } from './resources/reviews.js';
import { staffApi, type StaffApi } from './resources/staff.js';
import { usersApi, type UsersApi } from './resources/users.js';
import { wishlistApi, type WishlistApi } from './resources/wishlist.js';

/** Options of {@link createPustakClient}. */
export interface PustakClientOptions {
  /** API base ending in `/api`, e.g. `https://shop.example/api` or `/api` in a browser. */
  baseUrl: string;
  /** Current bearer token (sync or async); nothing means the request goes out unauthenticated. */
  getToken?: TokenProvider | undefined;
  /**
   * The signed-in state from {@link createSession}, instead of `getToken`: its token goes with
   * the operations that need one, never once expired; a refused one is renewed through its
   * `reauthenticate` and the call resent once.
   */
  session?: Session | undefined;
  /**
   * Called with the error when a call that needs signing in is refused with 401 (a wrong
   * password at sign-in is not); the call still rejects with it.
   */
  onUnauthorized?: ((error: ApiError) => void) | undefined;
  /** fetch implementation (tests, Node polyfills). Defaults to `globalThis.fetch`. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Headers sent with every request; per-call `RequestOptions.headers` win. */
  headers?: Record<string, string> | undefined;
  /**
   * Retries of a failed call (default 2; 0 turns them off; a call's `maxRetries` wins): network
   * errors, timeouts, 408, 409, 429 and 5xx, for calls that may be repeated (see README).
   */
  maxRetries?: number | undefined;
  /** Each attempt's timeout in milliseconds (default 60 000; 0: none); a call's `timeoutMs` wins. */
  timeoutMs?: number | undefined;
  /** The retries' clock and randomness, for tests (`sleep`, `random`, `now`). */
  retryEnvironment?: RetryEnvironment | undefined;
}

/** The SDK: one group per API tag, plus the underlying openapi-fetch client. */
export interface PustakClient {
  /** The typed openapi-fetch client (same middleware), for anything the groups do not cover. */
  readonly raw: RawClient;
  readonly auth: AuthApi;
  readonly users: UsersApi;
  readonly books: BooksApi;
  readonly catalog: CatalogApi;
  readonly wishlist: WishlistApi;
  readonly cart: CartApi;
  readonly orders: OrdersApi;
  readonly staff: StaffApi;
  readonly reviews: ReviewsApi;
  readonly notifications: NotificationsApi;
  readonly announcements: AnnouncementsApi;
  readonly dashboard: DashboardApi;
  readonly activity: ActivityApi;
  readonly reports: ReportsApi;
}

/**
 * Creates a client for the Pustak API. Each attempt of a call times out after `timeoutMs`
 * (60 s) with a `TimeoutError`; a call's `signal` cancels it sooner with the platform's
 * `AbortError`. Failed calls that may be repeated are retried `maxRetries` times (2).
 */
export function createPustakClient(options: PustakClientOptions): PustakClient {
  if (options.getToken && options.session) throw new TypeError('createPustakClient: pass getToken or session, not both');
  const transport = createTransport(
    // Looked up per call rather than captured now, so a fetch stubbed or polyfilled after the
    // client was created (tests, service workers) is still the one used.
    options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    { maxRetries: options.maxRetries ?? 2, timeoutMs: options.timeoutMs ?? 60_000 },
    options.retryEnvironment,
  );
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: transport,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  raw.use(createPustakMiddleware({
    getToken: options.getToken,
    session: options.session ? sessionSide(controlOf(options.session), transport) : undefined,
    onUnauthorized: options.onUnauthorized,
    operationOf,
    isIdempotent,
    needsSignIn,
    takesOptionalBearer,
  }));
  return {
    raw,
    auth: authApi(raw),
    users: usersApi(raw),
    books: booksApi(raw),
    catalog: catalogApi(raw),
    wishlist: wishlistApi(raw),
    cart: cartApi(raw),
    orders: ordersApi(raw),
    staff: staffApi(raw),
    reviews: reviewsApi(raw),
    notifications: notificationsApi(raw),
    announcements: announcementsApi(raw),
    dashboard: dashboardApi(raw),
    activity: activityApi(raw),
    reports: reportsApi(raw),
  };
}
