// staff: an order's shop side: ready for pickup, cancelled with a reason, handed over at the
// counter against its claim code.
import { forgetBooks } from '../../read-cache/policy.js';
import { transact } from '../../shared/context.js';
import type { Handler } from '../../shared/handler.js';
import { iso } from '../../shared/wire.js';
import {
  cancelOrderByShop as cancelOrderByShopRule,
  expireDueOrders,
  markOrderReady as markOrderReadyRule,
  tellOrderCancelledByShop,
  tellOrderReady,
} from '../orders/index.js';
import { verifyOrder as verifyOrderRule } from './rules.js';

export const verifyOrder: Handler<'verifyOrder'> = async ({ caller, params, body, services }) => {
  await expireDueOrders(services);
  const { bookIds } = await transact(services.db, services.broadcaster, (tx, publish) =>
    verifyOrderRule(tx, { orderId: params.orderId, claimCode: body.ClaimCode, actor: caller().username, now: services.clock.now() }, publish),
  );
  await forgetBooks(services, bookIds); // their stock changed; which books a list holds did not
  return { status: 'success', message: 'Order verified and stock updated successfully' };
};

export const markOrderReady: Handler<'markOrderReady'> = async ({ caller, params, services }) => {
  const input = { orderId: params.orderId, actor: caller().username, now: services.clock.now(), holdDays: services.pickupHoldDays };
  // The customer is told in the transition's transaction: a refused one tells nobody.
  const { event, bookIds, expiresAt } = await transact(services.db, services.broadcaster, async (tx, publish) => {
    const ready = await markOrderReadyRule(tx, input);
    await tellOrderReady(tx, publish, services.shop, ready.event, ready.expiresAt);
    return ready;
  });
  await forgetBooks(services, bookIds);
  return { status: 'success', message: 'Order is ready for pickup', statusCode: 200, data: { orderId: event.orderId, status: 'Ready', expiresAt: iso(expiresAt) } };
};

export const cancelOrderByShop: Handler<'cancelOrderByShop'> = async ({ caller, params, body, services }) => {
  await expireDueOrders(services);
  const input = { orderId: params.orderId, actor: caller().username, reason: body.reason, now: services.clock.now() };
  const { event, bookIds } = await transact(services.db, services.broadcaster, async (tx, publish) => {
    const cancelled = await cancelOrderByShopRule(tx, input);
    await tellOrderCancelledByShop(tx, publish, services.shop, cancelled.event);
    return cancelled;
  });
  await forgetBooks(services, bookIds);
  return { status: 'success', message: 'Order cancelled successfully', statusCode: 200, data: { orderId: event.orderId, status: 'Cancelled' } };
};
