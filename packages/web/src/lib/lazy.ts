import { lazy as reactLazy } from 'react';

/** Any component React's lazy accepts (its own bound, `ComponentType<any>`). */
type AnyComponent = Parameters<typeof reactLazy>[0] extends () => PromiseLike<{ default: infer C }> ? C : never;

/**
 * Every module loader handed to `lazy` below, so that all of them can be fetched ahead of use
 * (`preloadLazyModules`). Tests use it so that a page's first render never waits on a module
 * compiled on demand; an app may use it to warm chunks when the browser is idle.
 */
const loaders = new Set<() => Promise<unknown>>();

/**
 * React's `lazy`, with the loader remembered for `preloadLazyModules`, and one more thing: a
 * module already loaded (preloaded, or loaded by another lazy of the same import) renders at
 * once. React's lazy suspends on its first render whatever the state of the module, and a
 * suspended first render shows the Suspense fallback; with a module already here it now gets
 * it synchronously (a thenable that calls back at once, which React's lazy reads in place).
 */
export function lazy<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyWithPreload<T> {
  let loaded: { default: T } | undefined;
  const remembered = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  loaders.add(remembered);
  const component = reactLazy<T>(() =>
    loaded ? ({ then: (resolve: (module: { default: T }) => void) => resolve(loaded!) } as Promise<{ default: T }>) : remembered(),
  );
  return Object.assign(component, { preload: remembered });
}

/** A lazy component that can be asked to load its module ahead of its first render. */
export type LazyWithPreload<T extends AnyComponent> = ReturnType<typeof reactLazy<T>> & { preload: () => Promise<unknown> };

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
