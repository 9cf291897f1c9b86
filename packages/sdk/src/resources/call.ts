import type { Client } from 'openapi-fetch';
import { ApiError, isApiError } from '../errors.js';
import type { paths } from '../generated/schema.js';
import { apiErrorFor } from '../middleware.js';
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

/** The part of {@link RequestOptions} openapi-fetch understands, copied so nothing else leaks into fetch. */
export function init(options: RequestOptions | undefined): { signal?: AbortSignal; headers?: Record<string, string> } {
  return {
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.headers ? { headers: options.headers } : {}),
  };
}

/** Resolves to the typed success data, or throws the {@link ApiError} the middleware built. */
export async function unwrap<R extends Outcome>(pending: Promise<R>): Promise<DataOf<R>> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    throw apiErrorFor(response) ?? new ApiError({ status: response.status, body: error, operation: response.url });
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
