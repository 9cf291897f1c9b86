// staff: handing an order over at the counter against its claim code.
import { forgetBooks } from '../../read-cache/policy.js';
import { transact } from '../../shared/context.js';
import type { Handler } from '../../shared/handler.js';
import { verifyOrder as verifyOrderRule } from './rules.js';

export const verifyOrder: Handler<'verifyOrder'> = async ({ params, body, services }) => {
  const { bookIds } = await transact(services.db, services.broadcaster, (tx, publish) =>
    verifyOrderRule(tx, params.orderId, body.ClaimCode, services.clock.now(), publish),
  );
  await forgetBooks(services, bookIds); // their stock changed; which books a list holds did not
  return { status: 'success', message: 'Order verified and stock updated successfully' };
};
