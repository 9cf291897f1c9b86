import { COUNTDOWN_TICK_MS } from '@pustak/sdk/domain';
import { type ReactNode, createContext, useContext } from 'react';
import { useNow } from '../../../lib/use-now';

const SaleClockContext = createContext<Date | null>(null);

/**
 * One ticking clock for every sale countdown below it: a grid of cards re-renders once a
 * second from a single interval instead of one timer per card.
 */
export function SaleClockProvider({ children }: { children: ReactNode }) {
  // A provider inside another one reuses the outer clock, so a page keeps a single timer.
  const outer = useContext(SaleClockContext);
  const own = useNow(COUNTDOWN_TICK_MS, outer === null);
  return <SaleClockContext.Provider value={outer ?? own}>{children}</SaleClockContext.Provider>;
}

/** The shared clock; a card rendered outside a provider runs its own timer. */
export function useSaleClock(): Date {
  const shared = useContext(SaleClockContext);
  const own = useNow(COUNTDOWN_TICK_MS, shared === null);
  return shared ?? own;
}
