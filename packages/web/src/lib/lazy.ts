import { lazy as reactLazy } from 'react';

/**
 * Every module loader handed to `lazy` below, so that all of them can be fetched ahead of use
 * (`preloadLazyModules`). Tests use it so that a page's first render never waits on a module
 * compiled on demand; an app may use it to warm chunks when the browser is idle.
 */
const loaders = new Set<() => Promise<unknown>>();

/** React's `lazy`, with the loader remembered for `preloadLazyModules`. */
export const lazy: typeof reactLazy = (load) => {
  loaders.add(load);
  return reactLazy(load);
};

/**
 * Loads every lazily loaded module known so far, and those that loading them makes known
 * (a route module declares its pages' loaders when it is evaluated), until none is left.
 */
export async function preloadLazyModules(): Promise<void> {
  const loaded = new Set<() => Promise<unknown>>();
  for (;;) {
    const pending = [...loaders].filter((load) => !loaded.has(load));
    if (pending.length === 0) return;
    for (const load of pending) loaded.add(load);
    await Promise.all(pending.map((load) => load()));
  }
}
