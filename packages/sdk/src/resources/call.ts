import type { Client } from 'openapi-fetch';
import { apiErrorFrom, isApiError } from '../errors.js';
import type { paths } from '../generated/schema.js';
import { CALL_SETTINGS, apiErrorFor } from '../middleware.js';
import type { DateTimeInput, RequestOptions } from '../types.js';

/** The openapi-fetch client every resource is built on. */
export type RawClient = Client<paths>;

/** What an openapi-fetch call resolves to. */
interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success payload of an openapi-fetch call, as typed by the contract. */
export type DataOf<R extends Outcome> = Exclude<R['data'], undefined>;

/**
 * The part of {@link RequestOptions} openapi-fetch understands, copied so nothing else leaks
 * into fetch; the retry settings ride along for the transport (middleware.ts `CALL_SETTINGS`).
 */
export function init(options: RequestOptions | undefined): { signal?: AbortSignal; headers?: Record<string, string> } {
  const { maxRetries, timeoutMs } = options ?? {};
  const call = { ...(maxRetries !== undefined ? { maxRetries } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
  return {
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.headers ? { headers: options.headers } : {}),
    ...(Object.keys(call).length ? { [CALL_SETTINGS]: call } : {}),
  };
}

/** Resolves to the typed success data, or throws the {@link ApiError} the middleware built. */
export async function unwrap<R extends Outcome>(pending: Promise<R>): Promise<DataOf<R>> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    throw apiErrorFor(response) ?? apiErrorFrom({ status: response.status, body: error, operation: response.url, headers: response.headers });
  }
  return data as DataOf<R>;
}

/** Legacy list calls answer "nothing" with a 404; callers get an empty list instead. */
export async function emptyOn404<T>(pending: Promise<T[]>): Promise<T[]> {
  try {
    return await pending;
  } catch (error) {
    if (isApiError(error, 404)) return [];
    throw error;
  }
}

/** Normalises a date to the ISO timestamp the server expects; rejects unparseable input early. */
export function iso(value: DateTimeInput, field: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${field} is not a valid date: ${String(value)}`);
  return date.toISOString();
}

/**
 * The options with an `Idempotency-Key` header: the caller's, else a new random one. Every
 * retry of the call resends it, so the server answers them with the first attempt's result.
 */
export function idempotencyKey(options: RequestOptions | undefined): RequestOptions {
  if (options?.headers && Object.keys(options.headers).some((name) => name.toLowerCase() === 'idempotency-key')) return options;
  return { ...options, headers: { ...options?.headers, 'Idempotency-Key': randomKey() } };
}

/** A version 4 UUID; `crypto.randomUUID` exists only on secure (https) pages. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
