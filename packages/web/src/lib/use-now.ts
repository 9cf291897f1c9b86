import { useEffect, useState } from 'react';
import { useAppConfig } from './app-config';
import { useHydrated } from './use-hydrated';

/**
 * The current time, re-rendering every `intervalMs` while `enabled` (countdowns tick every
 * second: COUNTDOWN_TICK_MS). Uses the app clock (AppConfig.now) so tests can pin it; fake
 * timers drive the interval.
 */
export function useNow(intervalMs = 1000, enabled = true): Date {
  const { now: clock, renderedAt } = useAppConfig();
  const read = clock ?? (() => new Date());
  const [now, setNow] = useState(read);
  // On the server and while a served page hydrates: the time that page was rendered at.
  const hydrated = useHydrated();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(clock ? clock() : new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled, clock]);
  return !hydrated && renderedAt ? renderedAt : now;
}
