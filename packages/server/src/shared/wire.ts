// What every module's views and rules share about the wire: the contract's schemas, instants
// as ISO text, absolute URLs, and searches typed by a person.
import type { components } from '@pustak/sdk/schema';
import { invalid } from './errors.js';

/** The contract's schemas, as the SDK generates them from openapi/openapi.yaml. */
export type Schemas = components['schemas'];

export const iso = (date: Date) => date.toISOString();

/** An absolute URL for a stored path; a value that is already absolute is kept. */
export function absoluteUrl(origin: string, path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** An instant from the wire; refuses what the date-time format lets through but no clock has. */
export function parseInstant(value: string, field: string): Date {
  const date = new Date(value);
  const ms = date.getTime();
  // PostgreSQL keeps years 4713 BC .. 294276 AD; JavaScript dates go further.
  if (Number.isNaN(ms) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw invalid(field, `${field} is not a valid date-time`);
  return date;
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page in the contract's paging fields (as `GET /user/getallusers`): totalPages = ceil(totalCount / pageSize). */
export function pageReply<T>(page: number, pageSize: number, total: number, data: T[]) {
  return { status: 'success', currentPage: page, pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize), data };
}
