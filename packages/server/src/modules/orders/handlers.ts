// orders: placing an order from the cart, the customer's and everyone's orders, cancelling, the
// confirmation e-mail again, a completed order's receipt.
import { queueMail } from '../../mail/outbox.js';
import { forgetBestSellers, forgetBooks } from '../../read-cache/policy.js';
import { runTransaction } from '../../shared/context.js';
import type { Handler } from '../../shared/handler.js';
import { formatPercent, paisaToRupees } from '../../shared/money.js';
import { pageReply } from '../../shared/wire.js';
import { discountsView } from '../cart/index.js';
import { expireDueOrders } from './expiry.js';
import { orderReceipt, receiptView } from './receipt.js';
import { cancelOrderByCustomer } from './lifecycle.js';
import { allOrders, myOrders, searchOrders as searchOrdersRule } from './lists.js';
import { confirmationMailAgain, placeOrder as placeOrderRule } from './rules.js';
import { orderView } from './views.js';

export const placeOrder: Handler<'placeOrder'> = async ({ caller, body, request, services }) => {
  // Validated by the contract (one printable token) when sent.
  const idempotencyKey = request.headers['idempotency-key'];
  const placed = await placeOrderRule(services.db, caller(), services.clock.now(), services.shop, {
    expectedTotal: body?.expectedTotal,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    mailRow: services.mail.claimedRow,
  });
  // Best sellers count order lines; stock and the rest of the catalog change only when the order is readied or handed over.
  await forgetBestSellers(services);
  await services.mail.deliverClaimed(placed.mail ? [placed.mail] : []);
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

export const listMyOrders: Handler<'listMyOrders'> = async ({ caller, services }) => {
  await expireDueOrders(services);
  return {
    status: 'success',
    message: 'Orders retrieved successfully',
    data: (await myOrders(services.db, caller().id)).map((view) => orderView(view, { forOwner: true })),
  };
};

export const listAllOrders: Handler<'listAllOrders'> = async ({ services }) => {
  await expireDueOrders(services);
  return {
    status: 'success',
    message: 'Orders retrieved successfully',
    data: (await allOrders(services.db)).map((view) => orderView(view, { forOwner: false })),
  };
};

export const searchOrders: Handler<'searchOrders'> = async ({ query, services }) => {
  await expireDueOrders(services);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { views, total, counts } = await searchOrdersRule(services.db, { page, pageSize, search: query.search, statuses: query.status, sort: query.sort ?? 'newest' });
  return { ...pageReply(page, pageSize, total, views.map((view) => orderView(view, { forOwner: false }))), statusCounts: counts };
};

export const cancelOrder: Handler<'cancelOrder'> = async ({ caller, params, services }) => {
  await expireDueOrders(services);
  const { id, username } = caller();
  const now = services.clock.now();
  const { event, bookIds } = await runTransaction(services.db, (tx) => cancelOrderByCustomer(tx, { orderId: params.orderId, customerId: id, actor: username, now }));
  await forgetBooks(services, bookIds);
  return { status: 'success', message: 'Order cancelled successfully', statusCode: 200, data: { orderId: event.orderId, status: 'Cancelled' } };
};

export const resendOrderConfirmation: Handler<'resendOrderConfirmation'> = async ({ caller, params, services }) => {
  const now = services.clock.now();
  // Through the outbox like every mail: a mail server that is down never fails the request.
  const mailId = await runTransaction(services.db, async (tx) => queueMail(tx, await confirmationMailAgain(tx, caller(), params.orderId, now, services.shop), now));
  await services.mail.deliver([mailId]);
  return { status: 'success', message: 'Confirmation e-mail sent again' };
};

export const getOrderReceipt: Handler<'getOrderReceipt'> = async ({ caller, params, services }) =>
  receiptView(await orderReceipt(services.db, caller(), params.orderId), services.shop);
