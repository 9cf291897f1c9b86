import { type ReactNode, createContext, useContext, useEffect } from 'react';

const HeldClicksContext = createContext<(() => void) | null>(null);

/** Hands the release of the held clicks (holdClicks' result, lib/hold-clicks.ts: the boot script holds them) to the ReplayHeldClicks below. */
export function HeldClicks({ release, children }: { release: () => void; children: ReactNode }) {
  return <HeldClicksContext.Provider value={release}>{children}</HeldClicksContext.Provider>;
}

/**
 * Renders nothing; gives the held clicks back. It sits last inside the Suspense boundary around
 * a layout's page (and in the error page), because React takes a sent page over in steps: the
 * root first, then each Suspense boundary later, outer before inner, each at the lowest
 * priority. Its effect runs once the boundary it sits in, and so the header and the page, are
 * the app's. A click given back earlier would reach a part still as the server sent it, which
 * React then hydrates on the spot as a guest sees it (the guest's ADD TO CART opens the sign-in
 * dialog), or drops if it cannot.
 *
 * The replay waits one task more: hydration's effects include useSession's switch from the
 * guest the page was sent for to the stored session, which React renders before the next task,
 * so the click reaches the visitor's own page. Without a HeldClicks above it (a page rendered
 * afresh) it does nothing.
 */
export function ReplayHeldClicks() {
  const release = useContext(HeldClicksContext);
  useEffect(() => {
    if (!release) return;
    const timer = setTimeout(release, 0);
    return () => clearTimeout(timer);
  }, [release]);
  return null;
}
