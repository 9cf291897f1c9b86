// What the property tests that drive a mix of orders through the API share: a run's customers
// and sign-ins, each remembered until the clock moves past the tokens' lifetime.
import { newCustomer, type TestServer } from './helpers.js';

export async function mixCast(t: TestServer, prefix: string, count: number) {
  const customers = await Promise.all(Array.from({ length: count }, (_, i) => newCustomer(t, `${prefix}x${i}`)));
  let tokens = new Map<string, Promise<string>>();
  const signedIn = (username: string) => tokens.get(username) ?? tokens.set(username, t.login(username)).get(username)!;
  const orders: MixOrder[] = [];
  return {
    customers,
    /** The orders placed so far, and the customers removed (with them). */
    orders,
    removed: new Set<number>(),
    /** An action's order: its number taken round the orders placed. */
    orderAt: (n: number): MixOrder | undefined => orders[n % Math.max(orders.length, 1)],
    /** Staff's and the admin's tokens. */
    counter: async () => [await signedIn('staff'), await signedIn('admin')] as const,
    signedIn,
    login: (customer: number) => signedIn(`${prefix}x${customer}`),
    /** After the clock jumped: every token has expired. */
    forget: () => void (tokens = new Map()),
  };
}

export interface MixOrder {
  id: string;
  code: string;
  customer: number;
}

/** The customer's cart of these lines, placed: the reply, and the order when the server took it. */
export async function placeMixOrder(t: TestServer, token: string, customer: number, lines: { bookId: string; quantity: number }[]) {
  for (const line of lines) await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: line });
  const reply = await t.call({ method: 'POST', url: '/api/order/place', token });
  const order: MixOrder | undefined = reply.statusCode === 200 ? { id: reply.json().data.orderId, code: reply.json().data.claimCode, customer } : undefined;
  return { reply, order };
}

/** An order's next step: readied or handed over (by staff), cancelled by its customer or by the shop. */
export function stepMixOrder(t: TestServer, kind: 'ready' | 'verify' | 'cancel' | 'shopCancel', order: MixOrder, token: string) {
  const url = {
    ready: `/api/staff/readyOrder/${order.id}`,
    verify: `/api/staff/verifyOrder/${order.id}`,
    cancel: `/api/order/cancel/${order.id}`,
    shopCancel: `/api/staff/cancelOrder/${order.id}`,
  }[kind];
  const payload = kind === 'verify' ? { ClaimCode: order.code } : kind === 'shopCancel' ? { reason: 'Out of print' } : undefined;
  return t.call({ method: 'PUT', url, token, ...(payload ? { payload } : {}) });
}
