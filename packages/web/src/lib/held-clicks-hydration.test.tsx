// holdClicks with React: a click on a sent page is given back only once the part it landed on
// is hydrated, and as the visitor it is for.
import { type ComponentType, Suspense, act, lazy, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldClicks, ReplayHeldClicks, holdClicks } from './held-clicks';

// React's act() flushes every render and effect, hydration's included.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const noSubscribe = () => () => {};
/** The stored visitor, read like useSession: the server renders the guest. */
const useVisitor = () =>
  useSyncExternalStore(
    noSubscribe,
    () => 'customer',
    () => 'guest',
  );

const clicks: string[] = [];

function BuyBox() {
  const visitor = useVisitor();
  return (
    <button type="button" onClick={() => clicks.push(`add to cart as ${visitor}`)}>
      ADD TO CART
    </button>
  );
}

/** A layout: a header in the root, the page in a Suspense boundary that ends in ReplayHeldClicks. */
function Layout({ Page }: { Page: ComponentType }) {
  return (
    <div>
      <header>Pustak</header>
      <main>
        <Suspense fallback={<p>Loading page</p>}>
          <Page />
          <ReplayHeldClicks />
        </Suspense>
      </main>
    </div>
  );
}

afterEach(() => {
  clicks.length = 0;
  document.body.innerHTML = '';
});

describe('held clicks on a page React hydrates', () => {
  it('are given back once the page part is hydrated, to the signed-in visitor, not before', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Layout Page={BuyBox} />);
    document.body.append(root);

    // The page's module arrives only when the test says so: until then React hydrates the
    // root and leaves the page's boundary as the server sent it.
    let arrive!: (module: { default: typeof BuyBox }) => void;
    const LazyBuyBox = lazy(() => new Promise<{ default: typeof BuyBox }>((resolve) => (arrive = resolve)));
    const release = holdClicks(root);
    await act(async () => {
      hydrateRoot(
        root,
        <HeldClicks release={release}>
          <Layout Page={LazyBuyBox} />
        </HeldClicks>,
      );
    });
    expect(root.querySelector('header')).not.toBeNull();

    root.querySelector('button')!.click();
    // Given back now, the click would make React hydrate the page on the spot, which it cannot
    // without the module, so React would drop it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(clicks).toEqual([]);

    await act(async () => arrive({ default: BuyBox }));
    await vi.waitFor(() => expect(clicks).toEqual(['add to cart as customer']));
    // The same button, hydrated, not markup rendered again.
    expect(root.querySelectorAll('button')).toHaveLength(1);
    root.querySelector('button')!.click();
    expect(clicks).toEqual(['add to cart as customer', 'add to cart as customer']);
  });

  it('a page rendered afresh (no HeldClicks) renders ReplayHeldClicks as nothing', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const { createRoot } = await import('react-dom/client');
    await act(async () => createRoot(root).render(<Layout Page={BuyBox} />));
    root.querySelector('button')!.click();
    expect(clicks).toEqual(['add to cart as customer']);
  });
});
