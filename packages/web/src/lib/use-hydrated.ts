import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server (the prerendered page) and while React hydrates that page, true after it
 * and in a plain client render. What the server cannot know (the banner's data) renders only
 * when it is true, so hydration finds exactly the markup the server wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
