import type { PustakClient } from '../client.js';

/** A resource group of the client (`books`, `cart`, ...). */
export type PustakGroup = Exclude<keyof PustakClient, 'raw'>;
/** A method of a group (`list`, `get`, ...). */
export type PustakMethod<G extends PustakGroup> = keyof PustakClient[G] & string;

/** What every key of these hooks starts with, so they never meet an app's own SWR keys. */
export const PUSTAK_KEY_PREFIX = '@pustak/sdk';

/** The SWR key of one call: `['@pustak/sdk', group, method, ...its arguments]`. */
export type PustakKey = readonly [typeof PUSTAK_KEY_PREFIX, string, string, ...unknown[]];

/**
 * The SWR key the hooks read `client[group][method](...args)` under, for `mutate()` after a
 * write: `mutate(pustakKey('cart', 'list'))`. Trailing `undefined` arguments are left out, so
 * `useBooks()` and `useBooks(undefined)` share an entry; objects compare by content (SWR's hash).
 */
export function pustakKey<G extends PustakGroup>(group: G, method: PustakMethod<G>, ...args: unknown[]): PustakKey {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return [PUSTAK_KEY_PREFIX, group, method, ...args.slice(0, end)];
}

/**
 * Whether `key` is one of these hooks' keys, of `group` when given (and `method`): a filter
 * for `mutate((key) => isPustakKey(key, 'cart'))`.
 */
export function isPustakKey(key: unknown, group?: PustakGroup, method?: string): key is PustakKey {
  return Array.isArray(key) && key[0] === PUSTAK_KEY_PREFIX
    && (group === undefined || key[1] === group)
    && (method === undefined || key[2] === method);
}
