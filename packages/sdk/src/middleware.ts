import type { Middleware } from 'openapi-fetch';
import { NetworkError, apiErrorFrom, isAbortError, type ApiError } from './errors.js';
import { describeRequest, type RequestFacts, type RetrySettings } from './retry.js';
import type { SessionControl } from './session.js';

/** Returns the current bearer token, or nothing when signed out. May be async. */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

/** Settings for {@link createPustakMiddleware}. */
export interface PustakMiddlewareOptions {
  getToken?: TokenProvider | undefined;
  /**
   * The session's side the client sees (instead of `getToken`); `resend` sends a refused call
   * once more (session-resend.ts: only a client with a session carries its code).
   */
  session?: SessionSide | undefined;
  onUnauthorized?: ((error: ApiError) => void) | undefined;
  /** Names the operation behind a request, for error reports. */
  operationOf: (method: string, schemaPath: string) => string;
  /** Whether sending the operation twice does what sending it once does (retries). */
  isIdempotent?: ((operation: string, method: string) => boolean) | undefined;
  /** Whether the operation needs a bearer token; only those report 401s (default: all). */
  needsSignIn?: ((operation: string) => boolean) | undefined;
  /** Whether a public operation answers a valid token with more (a session sends it; default: none). */
  takesOptionalBearer?: ((operation: string) => boolean) | undefined;
}

export interface SessionSide {
  control: SessionControl;
  resend(request: Request, refusal: Response, call: SignedCall): Promise<Response>;
}

/** A call sent with the session's token: enough to send it again with a new one. */
export interface SignedCall {
  token: string;
  facts: RequestFacts;
  /** The body as sent, read before the first attempt (undefined: none). */
  body: ArrayBuffer | undefined;
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
 *   Authorization header on the request wins), or, with a session, the session's token on the
 *   operations that need one; an expired token is never sent (session.ts);
 * - resends a signed-in call refused with 401 once, with the token `reauthenticate` gives;
 * - turns every non-2xx response into an {@link ApiError} and reports the 401s of operations
 *   that need signing in to `onUnauthorized` (the caller still gets the error; a wrong
 *   password at sign-in is not a session refused);
 * - wraps fetch rejections in {@link NetworkError}, except aborts, which stay abort errors;
 * - tells the transport (retry.ts) which operation a request is, whether it may be repeated,
 *   and the call's own retry settings.
 */
export function createPustakMiddleware(options: PustakMiddlewareOptions): Middleware {
  const { getToken, session, onUnauthorized, operationOf } = options;
  const isIdempotent = options.isIdempotent ?? ((_operation: string, method: string) => method === 'GET' || method === 'HEAD');
  const needsSignIn = options.needsSignIn ?? (() => true);
  const takesOptionalBearer = options.takesOptionalBearer ?? (() => false);
  const signed = new WeakMap<Request, SignedCall>();

  const report = (error: ApiError) => {
    if (!onUnauthorized) return;
    try {
      onUnauthorized(error);
    } catch (handlerError) {
      // A faulty handler must not replace the API error the caller is about to receive.
      console.error('[pustak] onUnauthorized handler threw', handlerError);
    }
  };

  return {
    async onRequest({ request, schemaPath }) {
      const operation = operationOf(request.method, schemaPath);
      const call = (request as unknown as Record<string, unknown>)[CALL_SETTINGS] as Partial<RetrySettings> | undefined;
      const facts: RequestFacts = { operation, idempotent: isIdempotent(operation, request.method), call: call ?? {} };
      describeRequest(request, facts);
      if (request.headers.has('Authorization')) return undefined;
      if (session) {
        const { control } = session;
        if (!needsSignIn(operation)) {
          // Public operations go out as a guest's, an expired session or not; the few that
          // answer a signed-in caller with more carry the token while it is valid.
          if (!takesOptionalBearer(operation)) return undefined;
          const { token, expired } = await control.authorize();
          if (!token || expired) return undefined;
          request.headers.set('Authorization', `Bearer ${token}`);
          return request;
        }
        let { token, expired } = await control.authorize();
        if (expired) {
          token = await control.renew(null);
          if (!token) {
            const error = control.expiredError(operation) as ApiError;
            report(error);
            throw error;
          }
        }
        if (!token) return undefined;
        request.headers.set('Authorization', `Bearer ${token}`);
        const body = control.renews && request.body !== null ? await request.clone().arrayBuffer() : undefined;
        signed.set(request, { token, facts, body });
        return request;
      }
      if (!getToken) return undefined;
      const token = await getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      const operation = operationOf(request.method, schemaPath);
      const call = signed.get(request);
      const answer = response.status === 401 && call && session ? await session.resend(request, response, call) : response;
      if (answer.ok) return answer;
      const error = apiErrorFrom({ status: answer.status, body: await readBody(answer), operation, headers: answer.headers });
      errors.set(answer, error);
      if (answer.status === 401 && needsSignIn(operation)) report(error);
      return answer === response ? undefined : answer;
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
