// An order's history as the contract shows it: the recorded events, and what the order's row
// says about steps older than the history (or taken by an instance still on the previous
// release during a rolling upgrade), so every order reads placed first and ends where its
// status says.
import type { OrderEventKind, OrderEventRow, OrderRow } from '../../db/schema.js';
import { iso, type Schemas } from '../../shared/wire.js';

const STEP_OF_STATUS: Partial<Record<OrderRow['status'], OrderEventKind>> = {
  Ready: 'ready',
  Completed: 'completed',
  Cancelled: 'cancelled',
  Expired: 'expired',
};

export function historyView(order: OrderRow, username: string, events: OrderEventRow[]): Schemas['OrderEvent'][] {
  const steps: Schemas['OrderEvent'][] = events.map((e) => ({
    kind: e.kind,
    at: e.at ? iso(e.at) : null,
    by: e.actor,
    ...(e.reason ? { reason: e.reason } : {}),
  }));
  if (!steps.some((s) => s.kind === 'placed')) steps.unshift({ kind: 'placed', at: iso(order.order_date), by: username });
  const last = STEP_OF_STATUS[order.status];
  if (last && steps.at(-1)?.kind !== last) steps.push({ kind: last, at: null, by: null });
  return steps;
}
