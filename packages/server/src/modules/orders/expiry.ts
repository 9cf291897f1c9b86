// When overdue Ready orders are expired: before every order read and transition (so each
// answer shows the right status), and on a timer on every instance (so copies come back into
// the catalogue's stock even when nobody looks at orders). lifecycle.ts makes it safe to run
// anywhere at once. The timer also reminds the customers whose hold ends within a day
// (messages.ts; at most a sweep's interval late, and no read waits for it).
import { forgetBooks } from '../../read-cache/policy.js';
import type { Services } from '../../shared/services.js';
import { expireOverdueOrders, type OrderEvent } from './lifecycle.js';
import { remindExpiringOrders } from './messages.js';

/** Expires what is due now; answers the expiries (for the messages that follow them). */
export async function expireDueOrders(services: Services): Promise<OrderEvent[]> {
  const { events, bookIds } = await expireOverdueOrders(services.db, services.clock.now());
  await forgetBooks(services, bookIds);
  return events;
}

export const EXPIRY_SWEEP_MS = 60_000;

/** Expires and reminds every `intervalMs` until stopped; a failed sweep (the database is down) waits for the next. */
export function startExpirySweep(services: Services, intervalMs = EXPIRY_SWEEP_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Expiry first: an order whose hold has ended is not reminded any more.
    expireDueOrders(services)
      .then(() => remindExpiringOrders(services))
      .catch((error: unknown) => services.log.warn(`Order expiry sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
