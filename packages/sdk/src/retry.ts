import { TimeoutError, retryAfterMs } from './errors.js';

/** How a client, or one call, retries and times out. */
export interface RetrySettings {
  /** Retries after the first attempt (0 turns them off). */
  maxRetries: number;
  /** Each attempt's limit in milliseconds (0 or Infinity: none). */
  timeoutMs: number;
}

/** What the transport knows of a request beyond the Request itself (set by the middleware). */
export interface RequestFacts {
  operation: string;
  /** Sending it twice has the effect of sending it once (GETs and the contract's idempotent PUT/DELETEs). */
  idempotent: boolean;
  /** The call's own settings, over the client's. */
  call: Partial<RetrySettings>;
}

/** The clock and randomness of the retries, replaceable in tests. */
export interface RetryEnvironment {
  sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  random?: (() => number) | undefined;
  now?: (() => number) | undefined;
}

/** Longest `Retry-After` the client waits for; a longer one goes to the caller as the error. */
export const MAX_RETRY_AFTER_MS = 60_000;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
const RETRIED_STATUSES = new Set([408, 409, 429]);
/** The server says it did not process the request: safe to send again whatever the method. */
const NOT_PROCESSED = new Set([429, 503]);

const factsOf = new WeakMap<Request, RequestFacts>();

/** Records what the transport needs to know about `request` (called from the middleware). */
export function describeRequest(request: Request, facts: RequestFacts): void {
  factsOf.set(request, facts);
}

/**
 * The fetch the openapi-fetch client calls: each attempt bounded by the timeout (and the
 * caller's signal), failed attempts sent again while the request may be repeated:
 * - network errors and timeouts: idempotent requests, or ones carrying an `Idempotency-Key`;
 * - 408, 409, 429 and 5xx: idempotent requests; 429 and 503 (not processed) always; other 5xx
 *   and 408 when the request carries an `Idempotency-Key`;
 * - waiting `Retry-After` (seconds or an HTTP date) when the answer has one, up to
 *   {@link MAX_RETRY_AFTER_MS} (a longer wait is the caller's to decide), else an exponential
 *   backoff (0.5 s, 1 s, 2 s... at most 8 s) less up to a quarter of random jitter.
 */
export function createTransport(
  fetch: (request: Request) => Promise<Response>,
  defaults: RetrySettings,
  environment: RetryEnvironment = {},
): (request: Request) => Promise<Response> {
  const sleep = environment.sleep ?? abortableSleep;
  const random = environment.random ?? Math.random;
  const now = environment.now ?? Date.now;
  return async (request) => {
    const facts = factsOf.get(request) ?? {
      operation: `${request.method} ${request.url}`,
      idempotent: ['GET', 'HEAD', 'OPTIONS'].includes(request.method),
      call: {},
    };
    const maxRetries = facts.call.maxRetries ?? defaults.maxRetries;
    const timeoutMs = facts.call.timeoutMs ?? defaults.timeoutMs;
    const keyed = request.headers.has('Idempotency-Key');
    // Read once, sent as bytes by each attempt: a body can be read once, and a request copied
    // with its body as a stream goes out streamed (browsers' tools then show no body).
    const body = request.body === null ? undefined : await request.clone().arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let delay: number | null;
      try {
        const response = await attemptOnce(fetch, request, body, timeoutMs, facts.operation);
        const { status } = response;
        const retried = RETRIED_STATUSES.has(status) || status >= 500;
        const allowed = facts.idempotent || NOT_PROCESSED.has(status) || (keyed && status !== 409);
        if (last || !retried || !allowed) return response;
        const asked = retryAfterMs(response.headers.get('Retry-After'), now());
        if (asked !== null && asked > MAX_RETRY_AFTER_MS) return response;
        delay = asked ?? backoff(attempt, random);
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (request.signal.aborted || last || !(facts.idempotent || keyed)) throw error;
        delay = backoff(attempt, random);
      }
      await sleep(delay, request.signal);
    }
  };
}

/** One attempt with its own timeout; a timeout rejects with {@link TimeoutError}. */
async function attemptOnce(
  fetch: (request: Request) => Promise<Response>,
  request: Request,
  body: ArrayBuffer | undefined,
  timeoutMs: number,
  operation: string,
): Promise<Response> {
  const bounded = timeoutMs > 0 && Number.isFinite(timeoutMs);
  const timer = new AbortController();
  const timeout = bounded ? setTimeout(() => timer.abort(new TimeoutError(operation, timeoutMs)), timeoutMs) : undefined;
  try {
    const signal = bounded ? anySignal([request.signal, timer.signal]) : request.signal;
    return await fetch(new Request(request, { ...(body === undefined ? {} : { body }), signal }));
  } catch (error) {
    if (timer.signal.aborted && !request.signal.aborted) throw timer.signal.reason as TimeoutError;
    throw error;
  } finally {
    clearTimeout(timeout);
  }
}

function backoff(attempt: number, random: () => number): number {
  return Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS) * (1 - random() * 0.25);
}

/** `AbortSignal.any`, linked by hand where the platform lacks it. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
