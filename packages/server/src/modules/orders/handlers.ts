// orders: placing an order from the cart, the customer's and everyone's orders, cancelling.
import { forgetBestSellers } from '../../read-cache/policy.js';
import type { Handler } from '../../shared/handler.js';
import { formatPercent, paisaToRupees } from '../../shared/money.js';
import { discountsView } from '../cart/index.js';
import { allOrders, cancelOrder as cancelOrderRule, myOrders, placeOrder as placeOrderRule } from './rules.js';
import { orderView } from './views.js';

export const placeOrder: Handler<'placeOrder'> = async ({ caller, body, services }) => {
  const placed = await placeOrderRule(services.db, caller(), services.clock.now(), services.shop, body?.expectedTotal);
  // Best sellers count order lines; stock and the rest of the catalog change only at verification.
  await forgetBestSellers(services);
  await services.mail.deliver([placed.mailId]);
  return {
    status: 'success',
    message: 'Order placed successfully',
    statusCode: 200,
    data: {
      orderId: placed.orderId,
      claimCode: placed.claimCode,
      totalAmount: paisaToRupees(placed.finalTotalPaisa),
      discountApplied: formatPercent(placed.discountBp),
      subtotal: paisaToRupees(placed.subtotalPaisa),
      discounts: discountsView(placed.discounts),
      discountTotal: paisaToRupees(placed.subtotalPaisa - placed.finalTotalPaisa),
    },
  };
};

export const getShopInfo: Handler<'getShopInfo'> = async ({ services }) => services.shop;

export const listMyOrders: Handler<'listMyOrders'> = async ({ caller, services }) => ({
  status: 'success',
  message: 'Orders retrieved successfully',
  data: (await myOrders(services.db, caller().id)).map(orderView),
});

export const listAllOrders: Handler<'listAllOrders'> = async ({ services }) => ({
  status: 'success',
  message: 'Orders retrieved successfully',
  data: (await allOrders(services.db)).map(orderView),
});

export const cancelOrder: Handler<'cancelOrder'> = async ({ caller, params, services }) => ({
  status: 'success',
  message: 'Order cancelled successfully',
  statusCode: 200,
  data: await cancelOrderRule(services.db, caller().id, params.orderId),
});
