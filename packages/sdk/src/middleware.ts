import type { Middleware } from 'openapi-fetch';
import { NetworkError, apiErrorFrom, isAbortError, type ApiError } from './errors.js';
import { describeRequest, type RetrySettings } from './retry.js';

/** Returns the current bearer token, or nothing when signed out. May be async. */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

/** Settings for {@link createPustakMiddleware}. */
export interface PustakMiddlewareOptions {
  getToken?: TokenProvider | undefined;
  onUnauthorized?: ((error: ApiError) => void) | undefined;
  /** Names the operation behind a request, for error reports. */
  operationOf: (method: string, schemaPath: string) => string;
  /** Whether sending the operation twice does what sending it once does (retries). */
  isIdempotent?: ((operation: string, method: string) => boolean) | undefined;
}

/**
 * The key under which `RequestOptions`' retry settings travel from a resource call to the
 * transport: openapi-fetch copies request options it does not know onto the Request.
 */
export const CALL_SETTINGS = 'pustakCall';

/**
 * The ApiError built for a failed response, kept so the resource layer throws the very
 * instance that `onUnauthorized` saw instead of a look-alike.
 */
const errors = new WeakMap<Response, ApiError>();

/** The {@link ApiError} the middleware built for `response`, if it failed. */
export function apiErrorFor(response: Response): ApiError | undefined {
  return errors.get(response);
}

/**
 * openapi-fetch middleware shared by every call, including calls made through `client.raw`:
 * - adds `Authorization: Bearer <token>` when `getToken()` yields one (an explicit
 *   Authorization header on the request wins);
 * - turns every non-2xx response into an {@link ApiError} and reports 401s to
 *   `onUnauthorized` (the caller still gets the error);
 * - wraps fetch rejections in {@link NetworkError}, except aborts, which stay abort errors;
 * - tells the transport (retry.ts) which operation a request is, whether it may be repeated,
 *   and the call's own retry settings.
 */
export function createPustakMiddleware(options: PustakMiddlewareOptions): Middleware {
  const { getToken, onUnauthorized, operationOf } = options;
  const isIdempotent = options.isIdempotent ?? ((_operation: string, method: string) => method === 'GET' || method === 'HEAD');
  return {
    async onRequest({ request, schemaPath }) {
      const operation = operationOf(request.method, schemaPath);
      const call = (request as unknown as Record<string, unknown>)[CALL_SETTINGS] as Partial<RetrySettings> | undefined;
      describeRequest(request, { operation, idempotent: isIdempotent(operation, request.method), call: call ?? {} });
      if (!getToken || request.headers.has('Authorization')) return undefined;
      const token = await getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      const error = apiErrorFrom({
        status: response.status,
        body: await readBody(response),
        operation: operationOf(request.method, schemaPath),
        headers: response.headers,
      });
      errors.set(response, error);
      if (response.status === 401 && onUnauthorized) {
        try {
          onUnauthorized(error);
        } catch (handlerError) {
          // A faulty handler must not replace the API error the caller is about to receive.
          console.error('[pustak] onUnauthorized handler threw', handlerError);
        }
      }
      return undefined;
    },
    onError({ request, error, schemaPath }) {
      if (request.signal.aborted || isAbortError(error) || error instanceof NetworkError) return undefined;
      return new NetworkError(operationOf(request.method, schemaPath), error);
    },
  };
}

/** Reads an error body without consuming it: JSON when it parses, else the text, else undefined. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
