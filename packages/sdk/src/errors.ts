/**
 * The two failure shapes every SDK call can throw: the server answered with an error status
 * ({@link ApiError}, or its {@link PricesChangedError} when placing an order), or no answer
 * arrived at all ({@link NetworkError}).
 * An aborted request (`RequestOptions.signal`) is neither: the platform's `AbortError`
 * (a `DOMException` with `name === 'AbortError'`) reaches the caller untouched, so
 * cancellation can be told apart from failure.
 */

/** Fields used to build an {@link ApiError}. */
export interface ApiErrorInit {
  status: number;
  body: unknown;
  operation: string;
}

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** HTTP status code. */
  readonly status: number;
  /** Parsed response body: JSON value, plain text, or `undefined` when empty. */
  readonly body: unknown;
  /** operationId of the call that failed, e.g. `listBooks`. */
  readonly operation: string;
  /**
   * The server's own message (plain-text body, `message`, or ProblemDetails `detail`/`title`),
   * or null when it sent none. Show it to people as is; pair null with your fallback text.
   */
  readonly serverMessage: string | null;

  /** `message` is the server's own message when the body carries one, else `HTTP <status>`. */
  constructor({ status, body, operation }: ApiErrorInit) {
    const fromServer = serverMessage(body) ?? null;
    super(fromServer ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.operation = operation;
    this.serverMessage = fromServer;
  }
}

/**
 * `orders.place({ expectedTotal })` answered 409: the cart's total is no longer the one the
 * customer saw (a deal started or ended, or a price changed since the cart was read), and
 * nothing was ordered. Read the cart again (`cart.list()`), show its new figures and let the
 * customer place the order again. `message` is the server's text, e.g. "Prices in your cart
 * have changed. Please check your cart and place the order again."
 */
export class PricesChangedError extends ApiError {
  override readonly name: string = 'PricesChangedError';
  /** Tells this failure apart without `instanceof` (e.g. across bundles). */
  readonly code = 'PRICES_CHANGED' as const;

  constructor(cause: ApiError) {
    super({ status: cause.status, body: cause.body, operation: cause.operation });
  }
}

/** Type guard for {@link PricesChangedError}: the order was not placed because the cart's prices changed. */
export function isPricesChangedError(error: unknown): error is PricesChangedError {
  return error instanceof PricesChangedError ||
    (isApiError(error) && (error as Partial<PricesChangedError>).code === 'PRICES_CHANGED');
}

/** The request never got an HTTP answer (DNS, refused connection, CORS, offline...). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** The error the fetch implementation rejected with. */
  override readonly cause: unknown;
  /** operationId of the call that failed. */
  readonly operation: string;

  constructor(operation: string, cause: unknown) {
    super(`Network request failed (${operation}): ${describe(cause)}`, { cause });
    this.cause = cause;
    this.operation = operation;
  }
}

/** Type guard for {@link ApiError}; optionally narrows to one status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The server's own message of a failed call, or null (no message in the answer, or no
 * answer at all): `serverMessageOf(error) ?? 'Registration failed. Please try again.'`
 */
export function serverMessageOf(error: unknown): string | null {
  return isApiError(error) ? error.serverMessage : null;
}

/** Type guard for {@link NetworkError}. */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** True for the rejection a fetch produces when its `AbortSignal` fires. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * The legacy server answers errors as plain text ("Book not found"), as JSON with a
 * `message` field, or (for validation) as ProblemDetails with `detail`/`title`.
 */
function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  for (const key of ['message', 'detail', 'title'] as const) {
    const value: unknown = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
