import { useDeferredValue, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server (the prerendered page) and while React hydrates that page, true after it
 * and in a plain client render. What the server cannot know (the banner's data) renders only
 * when it is true, so hydration finds exactly the markup the server wrote.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  // React renders a store's change after hydration at once and in one go (the banner's view,
  // every countdown on the page: one long task on a slow phone); deferred, the switch to true is
  // a render React may interrupt. A plain client render has true from the start.
  return useDeferredValue(hydrated);
}
