import type { operations, paths } from '../generated/schema.js';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The operationId whose generated operation type is exactly `Op`. */
type OperationIdOf<Op> = {
  [K in keyof operations]: [operations[K]] extends [Op] ? ([Op] extends [operations[K]] ? K : never) : never;
}[keyof operations];

/** Every path and method of the contract, mapped to its operationId. */
export type OperationTable = {
  [P in keyof paths]: {
    [M in Method as paths[P][M] extends undefined ? never : M]: OperationIdOf<paths[P][M]>;
  };
};

/** Any operationId of the contract. */
export type OperationId = keyof operations;

/**
 * Which operation a request is, for error reports. The type makes the compiler reject a
 * missing, extra or misnamed entry whenever the contract changes.
 */
export const OPERATIONS: OperationTable = {
  '/Auth/register': { post: 'registerUser' },
  '/auth/login': { post: 'loginUser' },
  '/auth/verify': { put: 'verifyEmail' },
  '/auth/resend-code': { post: 'resendVerificationCode' },
  '/auth/forgot-password': { post: 'requestPasswordReset' },
  '/auth/reset-password': { post: 'resetPassword' },
  '/auth/change-password': { post: 'changePassword' },
  '/user/getuserbyid/{id}': { get: 'getUserById' },
  '/user/updaterole/{userId}': { put: 'updateUserRole' },
  '/user/getallusers': { get: 'listUsers' },
  '/user/getAllStaffs': { get: 'listStaff' },
  '/book/all': { get: 'listBooks' },
  '/book/bestSeller': { get: 'listBestSellers' },
  '/book/genres': { get: 'listGenreCounts' },
  '/book/bookByAuthor/{author}': { get: 'listBooksByAuthor' },
  '/bookcrud/getallbooks': { get: 'listAllBooks' },
  '/bookcrud/getbookbyid/{bookId}': { get: 'getBookById' },
  '/bookcrud/get/{id}': { get: 'getBookForHeader' },
  '/api/bookcrud/get/{id}': { get: 'getBookTitle' },
  '/bookcrud/create': { post: 'createBook' },
  '/bookcrud/updatebook/{bookId}': { put: 'updateBook' },
  '/bookcrud/discountOffer/{bookId}': { put: 'setDiscountOffer' },
  '/bookcrud/deletebook/{bookId}': { delete: 'deleteBook' },
  '/book/getWishlist': { get: 'getWishlist' },
  '/book/checkWishlist/{bookId}': { get: 'checkWishlist' },
  '/book/addWishlist': { post: 'addToWishlist' },
  '/book/remove/{bookId}': { delete: 'removeFromWishlist', put: 'removeFromWishlistByPut' },
  '/addToCart/add': { post: 'addCartItem' },
  '/addToCart/getcartitems': { get: 'listCartItems' },
  '/addToCart/update/{cartItemId}': { put: 'updateCartItem' },
  '/addToCart/remove/{cartItemId}': { delete: 'removeCartItem' },
  '/order/place': { post: 'placeOrder' },
  '/order/userOrder': { get: 'listMyOrders' },
  '/order/cancel/{orderId}': { put: 'cancelOrder' },
  '/order/resendConfirmation/{orderId}': { post: 'resendOrderConfirmation' },
  '/order/all': { get: 'listAllOrders' },
  '/order/receipt/{orderId}': { get: 'getOrderReceipt' },
  '/order/search': { get: 'searchOrders' },
  '/staff/readyOrder/{orderId}': { put: 'markOrderReady' },
  '/staff/cancelOrder/{orderId}': { put: 'cancelOrderByShop' },
  '/staff/verifyOrder/{orderId}': { put: 'verifyOrder' },
  '/review/getReviews/{bookId}': { get: 'listReviews' },
  '/review/addReview': { post: 'addReview' },
  '/review/hide/{reviewId}': { post: 'hideReview' },
  '/shop/info': { get: 'getShopInfo' },
  '/notification/all': { get: 'listNotifications' },
  '/hubs/notification/negotiate': { post: 'negotiateNotificationHub' },
  '/announcement/active': { get: 'getActiveAnnouncement' },
  '/announcement/all': { get: 'listAnnouncements' },
  '/announcement/addAnnouncement': { post: 'createAnnouncement' },
  '/announcement/update/{id}': { put: 'updateAnnouncement' },
  '/announcement/delete/{id}': { delete: 'deleteAnnouncement' },
  '/dashboard/all': { get: 'getDashboard' },
  '/activity/all': { get: 'listActivity' },
  '/report/sales': { get: 'getSalesReport' },
  '/report/csv': { get: 'exportReportCsv' },
};

/** Looks up the operationId of a request; falls back to `METHOD /path` for unknown routes. */
export function operationOf(method: string, schemaPath: string): string {
  const byMethod: Partial<Record<string, string>> | undefined =
    (OPERATIONS as Partial<Record<string, Partial<Record<string, string>>>>)[schemaPath];
  return byMethod?.[method.toLowerCase()] ?? `${method.toUpperCase()} ${schemaPath}`;
}

/**
 * The PUTs and DELETEs that may be sent twice with the effect and answer of sending them once,
 * read from the contract: they set a value (a role, a quantity, a book's fields, a banner, a
 * discount) or remove a bookmark (`status: false` the second time). Every other write is not:
 * the cart add and order place add something each time, and the status changes (cancel, ready,
 * verify) or deletions answer 400 or 404 the second time. GETs are always idempotent.
 */
const IDEMPOTENT_WRITES: ReadonlySet<OperationId> = new Set<OperationId>([
  'updateUserRole', 'updateCartItem', 'updateBook', 'setDiscountOffer', 'updateAnnouncement',
  'removeFromWishlist', 'removeFromWishlistByPut',
]);

/** Whether a request may be retried after a failure whatever happened to the first attempt. */
export function isIdempotent(operation: string, method: string): boolean {
  return method === 'GET' || method === 'HEAD' || IDEMPOTENT_WRITES.has(operation as OperationId);
}

/**
 * The operations the contract marks `security: []`: they ignore a bearer token, so their 401
 * (a wrong password at sign-in) says nothing about the caller's session.
 * test/session.test.ts checks the list against the contract.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'registerUser', 'loginUser', 'verifyEmail', 'resendVerificationCode', 'requestPasswordReset', 'resetPassword',
  'listBooks', 'listBestSellers', 'listGenreCounts', 'listBooksByAuthor', 'listAllBooks', 'getBookById',
  'getBookForHeader', 'getBookTitle', 'getShopInfo', 'listReviews', 'listNotifications', 'negotiateNotificationHub',
  'getActiveAnnouncement',
]);

/**
 * The public operations the contract marks `x-optional-bearer: true`: a valid token adds the
 * signed-in caller's own messages to their answer, so a session sends its token with them while
 * it is valid (never renewing it, never failing the call: without one they answer a guest).
 * test/session.test.ts checks the list against the contract.
 */
export const PERSONAL_WHEN_SIGNED_IN: ReadonlySet<OperationId> = new Set<OperationId>(['listNotifications', 'negotiateNotificationHub']);

/** Whether a public operation answers a valid bearer with more (it is sent when there is one). */
export function takesOptionalBearer(operation: string): boolean {
  return PERSONAL_WHEN_SIGNED_IN.has(operation as OperationId);
}

/** Whether an operation needs a signed-in caller (a bearer token), by the contract. */
export function needsSignIn(operation: string): boolean {
  return !PUBLIC_OPERATIONS.has(operation as OperationId);
}
