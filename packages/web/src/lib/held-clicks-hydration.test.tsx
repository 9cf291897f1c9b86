// holdClicks with React: a click on a sent page is given back only once the part it landed on
// is hydrated, and as the visitor it is for.
import { type ComponentType, Suspense, act, lazy, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldClicks, ReplayHeldClicks } from './held-clicks';
import { holdClicks } from './hold-clicks';

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

const searches: string[] = [];

/** A search form whose page renders again once hydrated (the visitor becomes the stored one). */
function SearchPage() {
  const visitor = useVisitor();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      data-visitor={visitor}
      onSubmit={(event) => {
        event.preventDefault();
        searches.push(text);
      }}
    >
      <input type="search" aria-label="Search books" name="search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Search</button>
    </form>
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

/**
 * Renders the layout with `Page` on the "server", holds clicks and hydrates it with the page's
 * module held back: React hydrates the root and leaves the page's boundary as the server sent
 * it until the test calls `arrive`.
 */
async function hydrateWithPageHeld(Page: ComponentType) {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Layout Page={Page} />);
  document.body.append(root);
  let arrive!: () => void;
  const LazyPage = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = () => resolve({ default: Page }))));
  const release = holdClicks(root);
  await act(async () => {
    hydrateRoot(
      root,
      <HeldClicks release={release}>
        <Layout Page={LazyPage} />
      </HeldClicks>,
    );
  });
  return { root, arrive };
}

afterEach(() => {
  clicks.length = 0;
  searches.length = 0;
  document.body.innerHTML = '';
});

describe('held clicks on a page React hydrates', () => {
  it('are given back once the page part is hydrated, to the signed-in visitor, not before', async () => {
    const { root, arrive } = await hydrateWithPageHeld(BuyBox);
    expect(root.querySelector('header')).not.toBeNull();

    root.querySelector('button')!.click();
    // Given back now, the click would make React hydrate the page on the spot, which it cannot
    // without the module, so React would drop it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(clicks).toEqual([]);

    await act(async () => arrive());
    await vi.waitFor(() => expect(clicks).toEqual(['add to cart as customer']));
    // The same button, hydrated, not markup rendered again.
    expect(root.querySelectorAll('button')).toHaveLength(1);
    root.querySelector('button')!.click();
    expect(clicks).toEqual(['add to cart as customer', 'add to cart as customer']);
  });

  it('are held and given back after a dialog has been open, which makes React listen on <body> too', async () => {
    const { root, arrive } = await hydrateWithPageHeld(BuyBox);
    // A dialog opened and closed meanwhile (the header is the app's already): React then listens
    // on <body>, the dialog's portal, and stops there a click on a part it has not hydrated.
    const dialogRoot = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => dialogRoot.render(createPortal(<p role="dialog">Sign In</p>, document.body)));
    await act(async () => dialogRoot.render(null));

    root.querySelector('button')!.click();
    await act(async () => arrive());
    await vi.waitFor(() => expect(clicks).toEqual(['add to cart as customer']));
    dialogRoot.unmount();
  });

  it('keep what was typed before, and a search submitted then searches for it', async () => {
    const { root, arrive } = await hydrateWithPageHeld(SearchPage);
    // Typed into the field as sent (the browser writes it into the field; no handler yet).
    const field = root.querySelector('input')!;
    field.value = 'muna';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    root.querySelector('button')!.click();

    await act(async () => arrive());
    await vi.waitFor(() => expect(searches).toEqual(['muna']));
    // The page rendered again as the visitor's, and the field still holds the text.
    expect(root.querySelector('form')!.dataset.visitor).toBe('customer');
    expect(root.querySelector('input')!.value).toBe('muna');
  });

  it('a page rendered afresh (no HeldClicks) renders ReplayHeldClicks as nothing', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    await act(async () => createRoot(root).render(<Layout Page={BuyBox} />));
    root.querySelector('button')!.click();
    expect(clicks).toEqual(['add to cart as customer']);
  });
});
