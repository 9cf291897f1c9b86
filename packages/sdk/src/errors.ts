/**
 * The two failure shapes every SDK call can throw: the server answered with an error status
 * ({@link ApiError}: one subclass per status family, see {@link apiErrorFrom}; a
 * {@link PricesChangedError} when placing an order), or no answer arrived at all
 * ({@link NetworkError}, or its {@link TimeoutError} when the answer took too long).
 * An aborted request (`RequestOptions.signal`) is neither: the platform's `AbortError`
 * (a `DOMException` with `name === 'AbortError'`) reaches the caller untouched, so
 * cancellation can be told apart from failure.
 */

/** Fields used to build an {@link ApiError}. */
export interface ApiErrorInit {
  status: number;
  body: unknown;
  operation: string;
  /** The answer's headers (e.g. `Retry-After`); empty when not given. */
  headers?: Headers | undefined;
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
  /** The answer's headers, e.g. `error.headers.get('Retry-After')`. */
  readonly headers: Headers;
  /**
   * The server's own message (plain-text body, `message`, or ProblemDetails `detail`/`title`),
   * or null when it sent none. Show it to people as is; pair null with your fallback text.
   */
  readonly serverMessage: string | null;

  /** `message` is the server's own message when the body carries one, else `HTTP <status>`. */
  constructor({ status, body, operation, headers }: ApiErrorInit) {
    const fromServer = serverMessage(body) ?? null;
    super(fromServer ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.operation = operation;
    this.headers = headers ?? new Headers();
    this.serverMessage = fromServer;
  }
}

/** 400: the server refused the request by one of its rules (its message says which). */
export class BadRequestError extends ApiError { override readonly name: string = 'BadRequestError'; }

/** 401: no valid bearer token (signed out, expired, revoked), or a wrong password at sign-in. */
export class AuthenticationError extends ApiError { override readonly name: string = 'AuthenticationError'; }

/** 403: signed in, but the caller's role may not do this. */
export class PermissionDeniedError extends ApiError { override readonly name: string = 'PermissionDeniedError'; }

/** 404: the thing named in the path does not exist. */
export class NotFoundError extends ApiError { override readonly name: string = 'NotFoundError'; }

/** 409: the request conflicts with the current state (e.g. the cart's prices changed). */
export class ConflictError extends ApiError { override readonly name: string = 'ConflictError'; }

/**
 * 422: the request breaks the contract. `errors` maps each place to the rules it broke, with
 * the contract's spelling of the field: `{ 'query.pageSize': ['must be >= 1'] }`,
 * `{ 'body.quantity': [...] }`, `{ 'path.bookId': [...] }`.
 */
export class UnprocessableEntityError extends ApiError {
  override readonly name: string = 'UnprocessableEntityError';
  readonly errors: Record<string, string[]>;

  constructor(init: ApiErrorInit) {
    super(init);
    this.errors = fieldErrors(init.body);
  }
}

/** 429: too many attempts; `retryAfter` is the server's wait in seconds, or null without one. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  readonly retryAfter = retryAfterSeconds(this.headers);
}

/** 500 and any 5xx but 503: the server failed; nothing says whether the request took effect. */
export class InternalServerError extends ApiError { override readonly name: string = 'InternalServerError'; }

/**
 * 503: the server could not handle the request now (its database is unreachable) and did not
 * process it; `retryAfter` is its suggested wait in seconds, or null.
 */
export class ServiceUnavailableError extends ApiError {
  override readonly name: string = 'ServiceUnavailableError';
  readonly retryAfter = retryAfterSeconds(this.headers);
}

const BY_STATUS: Partial<Record<number, new (init: ApiErrorInit) => ApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** The {@link ApiError} subclass of a failed answer's status (a plain ApiError for the rest, e.g. 413). */
export function apiErrorFrom(init: ApiErrorInit): ApiError {
  const ErrorClass = BY_STATUS[init.status] ?? (init.status >= 500 ? InternalServerError : ApiError);
  return new ErrorClass(init);
}

/**
 * `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 10.2.3);
 * null when absent or unreadable. A date in the past is 0.
 */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || !value.trim()) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The answer's `Retry-After` in whole seconds from now, or null without a readable one. */
function retryAfterSeconds(headers: Headers): number | null {
  const ms = retryAfterMs(headers.get('Retry-After'), Date.now());
  return ms === null ? null : Math.ceil(ms / 1000);
}

/** A problem details' `errors`, kept only where it is the `{ place: [messages] }` map. */
function fieldErrors(body: unknown): Record<string, string[]> {
  const errors: unknown = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).errors : undefined;
  if (typeof errors !== 'object' || errors === null) return {};
  const map: Record<string, string[]> = {};
  for (const [place, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) map[place] = messages.filter((m): m is string => typeof m === 'string');
  }
  return map;
}

/**
 * `orders.place({ expectedTotal })` answered 409: the cart's total is no longer the one the
 * customer saw (a deal started or ended, or a price changed since the cart was read), and
 * nothing was ordered. Read the cart again (`cart.list()`), show its new figures and let the
 * customer place the order again. `message` is the server's text, e.g. "Prices in your cart
 * have changed. Please check your cart and place the order again."
 */
export class PricesChangedError extends ConflictError {
  override readonly name: string = 'PricesChangedError';
  /** Tells this failure apart without `instanceof` (e.g. across bundles). */
  readonly code = 'PRICES_CHANGED' as const;

  constructor(cause: ApiError) {
    super({ status: cause.status, body: cause.body, operation: cause.operation, headers: cause.headers });
  }
}

/** Type guard for {@link PricesChangedError}: the order was not placed because the cart's prices changed. */
export function isPricesChangedError(error: unknown): error is PricesChangedError {
  return error instanceof PricesChangedError ||
    (isApiError(error) && (error as Partial<PricesChangedError>).code === 'PRICES_CHANGED');
}

/** The request never got an HTTP answer (DNS, refused connection, CORS, offline...). */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
  /** The error the fetch implementation rejected with. */
  override readonly cause: unknown;
  /** operationId of the call that failed. */
  readonly operation: string;

  constructor(operation: string, cause: unknown, message = `Network request failed (${operation}): ${describe(cause)}`) {
    super(message, { cause });
    this.cause = cause;
    this.operation = operation;
  }
}

/**
 * No answer within the call's timeout (`timeoutMs`, 60 s by default), on the last attempt.
 * A kind of {@link NetworkError}: nothing says whether the server got the request.
 */
export class TimeoutError extends NetworkError {
  override readonly name: string = 'TimeoutError';
  /** The timeout of each attempt, in milliseconds. */
  readonly timeoutMs: number;

  constructor(operation: string, timeoutMs: number) {
    super(operation, undefined, `No answer within ${timeoutMs} ms (${operation})`);
    this.timeoutMs = timeoutMs;
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

/** Type guard for {@link TimeoutError}. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}

/**
 * True for the rejection a fetch produces when its `AbortSignal` fires (the caller's own
 * `AbortSignal.timeout` included), not for the SDK's {@link TimeoutError}, which is a failure.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && !(error instanceof NetworkError) &&
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
