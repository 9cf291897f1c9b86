// staff: an order's shop side: ready for pickup, cancelled with a reason, handed over at the
// counter against its claim code.
import { forgetBooks } from '../../read-cache/policy.js';
import { logActivity, type ActivityKind } from '../../shared/activity-log.js';
import { transact, type Tx } from '../../shared/context.js';
import type { Caller, Handler } from '../../shared/handler.js';
import { iso } from '../../shared/wire.js';
import {
  cancelOrderByShop as cancelOrderByShopRule,
  expireDueOrders,
  lockOrder,
  lockOrderWithTitles,
  markOrderReady as markOrderReadyRule,
  orderNumber,
  tellOrderCancelledByShop,
  tellOrderReady,
} from '../orders/index.js';
import { verifyOrder as verifyOrderRule } from './rules.js';

/** The order number staff and customers read (the last 8 characters of the id, as the web app shows it). */
const orderLabel = (orderId: string) => `Order #${orderNumber(orderId)}`;

/**
 * Logs a transition, then runs it, in one transaction: the entry is written first so a
 * transition refused after it (no stock, a wrong claim code) takes the entry back with it. The
 * row is locked (by `lock`) before its status is read, so no other change slips in between; the
 * transition gets the locked row (a handover: with its lines' titles, one statement fewer).
 */
async function loggedTransition<T, Locked extends { status: string }>(tx: Tx, by: Caller, kind: ActivityKind, orderId: string, now: Date, after: Record<string, unknown>,
  work: (order: Locked) => Promise<T>, lock: (tx: Tx, orderId: string) => Promise<Locked>): Promise<T> {
  const order = await lock(tx, orderId);
  await logActivity(tx, { actor: by, kind, target: { id: orderId, label: orderLabel(orderId) }, before: { status: order.status }, after, at: now });
  return work(order);
}

export const verifyOrder: Handler<'verifyOrder'> = async ({ caller, params, body, services }) => {
  await expireDueOrders(services);
  const by = caller();
  const now = services.clock.now();
  const { bookIds } = await transact(services.db, services.broadcaster, (tx, publish) =>
    loggedTransition(tx, by, 'order.completed', params.orderId, now, { status: 'Completed', ...(body.PaymentMethod ? { paymentMethod: body.PaymentMethod } : {}) }, (order) =>
      verifyOrderRule(tx, order, { claimCode: body.ClaimCode, paymentMethod: body.PaymentMethod, actor: by.username, now }, publish), lockOrderWithTitles),
  );
  await forgetBooks(services, bookIds); // their stock changed; which books a list holds did not
  return { status: 'success', message: 'Order verified and stock updated successfully' };
};

export const markOrderReady: Handler<'markOrderReady'> = async ({ caller, params, services }) => {
  const by = caller();
  const input = { orderId: params.orderId, actor: by.username, now: services.clock.now(), holdDays: services.pickupHoldDays };
  // The customer is told, and the change logged, in the transition's transaction: a refused one tells and logs nothing.
  const { event, bookIds, expiresAt } = await transact(services.db, services.broadcaster, (tx, publish) =>
    loggedTransition(tx, by, 'order.ready', input.orderId, input.now, { status: 'Ready' }, async () => {
      const ready = await markOrderReadyRule(tx, input);
      await tellOrderReady(tx, publish, services.shop, ready.event, ready.expiresAt);
      return ready;
    }, lockOrder),
  );
  await forgetBooks(services, bookIds);
  return { status: 'success', message: 'Order is ready for pickup', statusCode: 200, data: { orderId: event.orderId, status: 'Ready', expiresAt: iso(expiresAt) } };
};

export const cancelOrderByShop: Handler<'cancelOrderByShop'> = async ({ caller, params, body, services }) => {
  await expireDueOrders(services);
  const by = caller();
  const input = { orderId: params.orderId, actor: by.username, reason: body.reason, now: services.clock.now() };
  const { event, bookIds } = await transact(services.db, services.broadcaster, (tx, publish) =>
    loggedTransition(tx, by, 'order.cancelled', input.orderId, input.now, { status: 'Cancelled', reason: body.reason.trim() }, async () => {
      const cancelled = await cancelOrderByShopRule(tx, input);
      await tellOrderCancelledByShop(tx, publish, services.shop, cancelled.event);
      return cancelled;
    }, lockOrder),
  );
  await forgetBooks(services, bookIds);
  return { status: 'success', message: 'Order cancelled successfully', statusCode: 200, data: { orderId: event.orderId, status: 'Cancelled' } };
};
