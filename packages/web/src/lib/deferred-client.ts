import type { PustakClient } from '@pustak/sdk';

type Method = (...args: unknown[]) => unknown;
type Group = Record<string, Method>;

/**
 * A PustakClient whose code arrives after the page's first script: `load` runs on the first
 * call, and every call waits for it, then is the loaded client's own call (same result, same
 * errors; a failed load fails the calls, and the next call tries again).
 * Every group method returns a promise except the `iterate…` ones, async generators; both keep
 * their shape here, so a caller cannot tell the two clients apart.
 */
export function deferredClient(load: () => Promise<PustakClient>): PustakClient {
  // On the first call: a page that makes none before it is shown does not fetch it before.
  let loading: Promise<PustakClient> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const groups = new Map<string, Group>();
  const groupOf = (name: string): Group => {
    let group = groups.get(name);
    if (!group) {
      group = new Proxy({} as Group, {
        get: (_target, method) => (typeof method === 'string' && method !== 'then' ? callOf(name, method) : undefined),
      });
      groups.set(name, group);
    }
    return group;
  };
  const methodOf = async (group: string, method: string): Promise<Method> => {
    const client = (await loaded()) as unknown as Record<string, Group>;
    const target = client[group];
    const fn = target?.[method];
    if (typeof fn !== 'function') throw new TypeError(`The API client has no ${group}.${method}()`);
    return fn.bind(target);
  };
  const callOf = (group: string, method: string): Method =>
    method.startsWith('iterate')
      ? (...args) =>
          (async function* () {
            yield* (await methodOf(group, method))(...args) as AsyncGenerator<unknown>;
          })()
      : async (...args) => (await methodOf(group, method))(...args);
  return new Proxy({} as PustakClient, {
    // `then` is left out: a thenable client would be taken for a promise by `await`.
    get: (_target, name) => (typeof name === 'string' && name !== 'then' ? groupOf(name) : undefined),
  });
}
