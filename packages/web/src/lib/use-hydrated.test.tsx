// useHydrated over a page the server sent: false while React hydrates it, then true, in a render
// React may interrupt (not in the one-go render React gives a store's change after hydration).
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useHydrated', () => {
  it('turns true after hydration in a deferred render, after the urgent one that still shows the sent markup', async () => {
    const seen: boolean[] = [];
    function Countdown() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <p>{hydrated ? 'ticking' : 'as sent'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Countdown />);
    document.body.append(container);
    seen.length = 0;
    await act(async () => {
      hydrateRoot(container, <Countdown />);
    });
    expect(container.textContent).toBe('ticking');
    // Hydration, the urgent render after it (unchanged: nothing for the page to do at once), then
    // the switch. At once, the switch would be part of the urgent render: one long task.
    expect(seen).toEqual([false, false, true]);
    container.remove();
  });
});
