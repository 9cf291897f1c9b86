// The pickup lifecycle (issue 29, part 2) with the clock the test sets: Pending -> Ready (the
// copies put aside, the hold period starts) -> Completed, Cancelled by the customer or the shop
// (with a reason), Expired at the exact instant the hold ends; stock right at every step; each
// order's history; the claim code in the owner's list only; the confirmation e-mail again.
import { beforeEach, describe, expect, it } from 'vitest';
import { holdEndText, remindExpiringOrders } from '../src/modules/orders/messages.js';
import { startExpirySweep } from '../src/modules/orders/expiry.js';
import { IDS, NOW, newCustomer, sharedTestServer, startTestServer, testContract, type TestServer } from './helpers.js';

const shared = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = shared();
});

const DAY = 86_400_000;
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

async function stockOf(bookId: string): Promise<number> {
  return (await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${bookId}` })).json().data.quantity;
}

/** A new customer's order of `copies` of Hill House (2 in stock). */
async function placedOrder(username: string, copies = 1) {
  const customer = await newCustomer(t, username);
  expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.hillHouse, quantity: copies } })).statusCode).toBe(200);
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token: customer.token });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, claimCode } = placed.json().data as { orderId: string; claimCode: string };
  return { ...customer, username, orderId, claimCode };
}

const staffToken = () => t.login('staff');
const markReady = async (orderId: string, token?: string) => t.call({ method: 'PUT', url: `/api/staff/readyOrder/${orderId}`, token: token ?? (await staffToken()) });
const shopCancel = async (orderId: string, reason: string) =>
  t.call({ method: 'PUT', url: `/api/staff/cancelOrder/${orderId}`, token: await t.login('admin'), payload: { reason } });
const verify = async (orderId: string, ClaimCode: string) => t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${orderId}`, token: await staffToken(), payload: { ClaimCode } });
/** The order as its owner's list shows it (signed in afresh: the clock may have passed a token's life). */
const mine = async (username: string, orderId: string) =>
  ((await t.call({ method: 'GET', url: '/api/order/userOrder', token: await t.login(username) })).json().data as Record<string, any>[]).find((o) => o.orderId === orderId)!;
const staffList = async () => (await t.call({ method: 'GET', url: '/api/order/all', token: await staffToken() })).json().data as Record<string, any>[];

describe('ready for pickup', () => {
  it('puts the copies aside: stock goes down, the order is Ready until now + 7 days, its history says who readied it', async () => {
    const order = await placedOrder('readyone', 2);
    expect(await stockOf(IDS.hillHouse)).toBe(2);
    t.clock.set(later(60_000));
    const reply = await markReady(order.orderId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ status: 'success', message: 'Order is ready for pickup', statusCode: 200, data: { orderId: order.orderId, status: 'Ready', expiresAt: later(60_000 + 7 * DAY) } });
    expect(await stockOf(IDS.hillHouse)).toBe(0);
    expect(await mine(order.username, order.orderId)).toMatchObject({
      status: 'Ready',
      claimCode: order.claimCode,
      expiresAt: later(60_000 + 7 * DAY),
      history: [
        { kind: 'placed', at: later(0), by: 'readyone' },
        { kind: 'ready', at: later(60_000), by: 'staff' },
      ],
    });
  });

  it('refuses an order that is not Pending, and one short of stock (nothing changes)', async () => {
    const first = await placedOrder('shortone', 2);
    const second = await placedOrder('shorttwo', 1);
    expect((await markReady(first.orderId)).statusCode).toBe(200);
    expect((await markReady(first.orderId)).json()).toEqual({ status: 'error', message: 'Only a pending order can be marked ready' });
    const short = await markReady(second.orderId);
    expect([short.statusCode, short.json()]).toEqual([400, { status: 'error', message: 'Not enough stock for book: The Haunting of Hill House' }]);
    expect((await mine(second.username, second.orderId)).status).toBe('Pending');
    expect(await stockOf(IDS.hillHouse)).toBe(0);
    expect((await markReady('0dde0000-0000-4000-8000-0000000000ff')).statusCode).toBe(404);
  });

  it('holds for PICKUP_HOLD_DAYS when the server is given other than 7', async () => {
    const other = await startTestServer({ settings: { pickupHoldDays: 2 } });
    try {
      const token = await other.login('staff');
      const reply = await other.call({ method: 'PUT', url: `/api/staff/readyOrder/${IDS.hariPendingOrder}`, token });
      expect(reply.json().data.expiresAt).toBe(later(2 * DAY));
    } finally {
      await other.close();
    }
  });

  it('a ready order handed over at the counter takes no stock again; a Pending one handed over directly takes it then', async () => {
    const ready = await placedOrder('handready', 1);
    const direct = await placedOrder('handdirect', 1);
    expect((await markReady(ready.orderId)).statusCode).toBe(200);
    expect(await stockOf(IDS.hillHouse)).toBe(1);
    t.clock.set(later(DAY));
    expect((await verify(ready.orderId, ready.claimCode.toLowerCase())).statusCode).toBe(200);
    expect(await stockOf(IDS.hillHouse)).toBe(1);
    expect((await verify(direct.orderId, direct.claimCode)).statusCode).toBe(200);
    expect(await stockOf(IDS.hillHouse)).toBe(0);
    const handed = await mine(ready.username, ready.orderId);
    expect(handed.status).toBe('Completed');
    expect(handed.claimCode).toBeUndefined();
    expect(handed.history.map((e: any) => [e.kind, e.by])).toEqual([['placed', 'handready'], ['ready', 'staff'], ['completed', 'staff']]);
    expect((await mine(direct.username, direct.orderId)).history.at(-1)).toEqual({ kind: 'completed', at: later(DAY), by: 'staff' });
  });

  it('records how the customer paid and who handed it over; the legacy body records no method; an unknown method is refused', async () => {
    const paid = await placedOrder('payesewa', 1);
    const legacy = await placedOrder('paylegacy', 1);
    const refused = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${paid.orderId}`, token: await staffToken(), payload: { ClaimCode: paid.claimCode, PaymentMethod: 'Cheque' } });
    expect(refused.statusCode).toBe(422);
    expect((await mine(paid.username, paid.orderId)).status).toBe('Pending');
    const reply = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${paid.orderId}`, token: await t.login('admin'), payload: { ClaimCode: paid.claimCode, PaymentMethod: 'eSewa' } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await verify(legacy.orderId, legacy.claimCode)).statusCode).toBe(200);
    expect(await mine(paid.username, paid.orderId)).toMatchObject({ status: 'Completed', paymentMethod: 'eSewa', handedOverBy: 'admin' });
    const noMethod = await mine(legacy.username, legacy.orderId);
    expect(noMethod).toMatchObject({ status: 'Completed', handedOverBy: 'staff' });
    expect('paymentMethod' in noMethod).toBe(false);
    // The shop's lists say the same; an open order carries neither.
    const all = await staffList();
    expect(all.find((o) => o.orderId === paid.orderId)).toMatchObject({ paymentMethod: 'eSewa', handedOverBy: 'admin' });
    const open = all.find((o) => o.status === 'Pending')!;
    expect(['paymentMethod' in open, 'handedOverBy' in open]).toEqual([false, false]);
  });
});

describe('the hold period ends at its exact instant', () => {
  it('is Ready 1 ms before expiresAt, and Expired at it: copies back, code gone, history says system at expiresAt', async () => {
    const order = await placedOrder('holdedge', 2);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    const expiresAt = later(7 * DAY);
    t.clock.set(new Date(Date.parse(expiresAt) - 1).toISOString());
    expect(await mine(order.username, order.orderId)).toMatchObject({ status: 'Ready', claimCode: order.claimCode });
    expect(await stockOf(IDS.hillHouse)).toBe(0);

    t.clock.set(expiresAt);
    // The staff list is the first read after the instant: it expires the order.
    expect((await staffList()).find((o) => o.orderId === order.orderId)!.status).toBe('Expired');
    const expired = await mine(order.username, order.orderId);
    expect(expired.status).toBe('Expired');
    expect(expired.claimCode).toBeUndefined();
    expect(expired.expiresAt).toBeUndefined();
    expect(expired.history.at(-1)).toEqual({ kind: 'expired', at: expiresAt, by: 'system' });
    expect(await stockOf(IDS.hillHouse)).toBe(2);
    // Read again (and swept again): the copies came back once.
    await staffList();
    expect(await stockOf(IDS.hillHouse)).toBe(2);
    expect(expired.history.filter((e: any) => e.kind === 'expired')).toHaveLength(1);
  });

  it('refuses to hand over, cancel or resend an order whose hold has ended, even before any read stored it Expired', async () => {
    const order = await placedOrder('holdrefuse', 1);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    t.clock.set(later(7 * DAY));
    expect((await verify(order.orderId, order.claimCode)).json()).toEqual({ status: 'error', message: 'Cannot verify an expired order' });
    const token = await t.login(order.username);
    expect((await t.call({ method: 'PUT', url: `/api/order/cancel/${order.orderId}`, token })).json()).toEqual({ status: 'error', message: 'Cannot cancel an expired order' });
    expect((await shopCancel(order.orderId, 'No-show')).json()).toEqual({ status: 'error', message: 'Only a pending or ready order can be cancelled' });
    expect((await t.call({ method: 'POST', url: `/api/order/resendConfirmation/${order.orderId}`, token })).statusCode).toBe(400);
    expect(await stockOf(IDS.hillHouse)).toBe(2);
  });

  it('a Pending order never expires', async () => {
    const order = await placedOrder('pendingforever', 1);
    t.clock.set(later(365 * DAY));
    expect((await mine(order.username, order.orderId)).status).toBe('Pending');
  });
});

describe('cancelling', () => {
  it("by the customer: a Ready order's copies come back; history says the customer", async () => {
    const order = await placedOrder('custcancel', 2);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    t.clock.set(later(DAY));
    const reply = await t.call({ method: 'PUT', url: `/api/order/cancel/${order.orderId}`, token: await t.login(order.username) });
    expect(reply.json().data).toEqual({ orderId: order.orderId, status: 'Cancelled' });
    expect(await stockOf(IDS.hillHouse)).toBe(2);
    expect((await mine(order.username, order.orderId)).history.at(-1)).toEqual({ kind: 'cancelled', at: later(DAY), by: 'custcancel' });
  });

  it("by the shop: needs a reason, records it with the staff name; a Pending order's stock is untouched", async () => {
    const order = await placedOrder('shopcancel', 1);
    expect((await shopCancel(order.orderId, '   ')).json()).toEqual({ status: 'error', message: 'A reason is required' });
    expect((await shopCancel(order.orderId, '')).statusCode).toBe(422);
    expect((await shopCancel(order.orderId, 'x'.repeat(301))).statusCode).toBe(422);
    const reply = await shopCancel(order.orderId, '  Out of print  ');
    expect(reply.json().data).toEqual({ orderId: order.orderId, status: 'Cancelled' });
    expect(await stockOf(IDS.hillHouse)).toBe(2);
    expect((await mine(order.username, order.orderId)).history.at(-1)).toEqual({ kind: 'cancelled', at: later(0), by: 'admin', reason: 'Out of print' });
    expect((await shopCancel(order.orderId, 'again')).json()).toEqual({ status: 'error', message: 'Only a pending or ready order can be cancelled' });
  });

  it('a customer cannot cancel another customer\'s order (404)', async () => {
    const order = await placedOrder('ownerone', 1);
    const other = await newCustomer(t, 'otherone');
    expect((await t.call({ method: 'PUT', url: `/api/order/cancel/${order.orderId}`, token: other.token })).statusCode).toBe(404);
  });
});

describe('the claim code and the history in the lists', () => {
  it('the owner sees the code on open orders only; staff and admin lists never carry one', async () => {
    const sita = await t.login('sita');
    const own = (await t.call({ method: 'GET', url: '/api/order/userOrder', token: sita })).json().data as Record<string, any>[];
    for (const order of own) expect('claimCode' in order, `${order.orderId} ${order.status}`).toBe(order.status === 'Pending' || order.status === 'Ready');
    for (const role of ['staff', 'admin']) {
      const reply = await t.call({ method: 'GET', url: '/api/order/all', token: await t.login(role) });
      expect(reply.body).not.toMatch(/claimCode/);
    }
    expect((await staffList()).find((o) => o.orderId === IDS.ramReadyOrder)).toMatchObject({ status: 'Ready', expiresAt: expect.any(String) });
  });

  it('an order without recorded events (placed by the previous release) still reads placed, then what its status says', async () => {
    const order = await placedOrder('oldrelease', 1);
    await t.server.database.db.deleteFrom('order_events').where('order_id', '=', order.orderId).execute();
    await t.server.database.db.updateTable('orders').set({ status: 'Completed', claim_code: null }).where('id', '=', order.orderId).execute();
    expect((await mine(order.username, order.orderId)).history).toEqual([
      { kind: 'placed', at: later(0), by: 'oldrelease' },
      { kind: 'completed', at: null, by: null },
    ]);
  });
});

describe('the confirmation e-mail again', () => {
  it('mails the owner the order and its claim code again; 3 an hour per order', async () => {
    const limited = await startTestServer({ rateLimits: 'server-default' });
    try {
      const customer = await newCustomer(limited, 'resender');
      await limited.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.munaMadan, quantity: 1 } });
      const { orderId, claimCode } = (await limited.call({ method: 'POST', url: '/api/order/place', token: customer.token })).json().data;
      const outbox = limited.server.services.mailer.outbox!;
      const first = outbox.at(-1)!;
      for (let i = 0; i < 3; i += 1) {
        const reply = await limited.call({ method: 'POST', url: `/api/order/resendConfirmation/${orderId}`, token: customer.token });
        expect(reply.json(), `try ${i}`).toEqual({ status: 'success', message: 'Confirmation e-mail sent again' });
        expect(outbox.at(-1)).toMatchObject({ to: 'resender@example.com', subject: first.subject, text: first.text });
      }
      expect(first.text).toContain(`Your claim code is ${claimCode}.`);
      const over = await limited.call({ method: 'POST', url: `/api/order/resendConfirmation/${orderId}`, token: customer.token });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(3600);
      limited.clock.set(later(60 * 60_000));
      expect((await limited.call({ method: 'POST', url: `/api/order/resendConfirmation/${orderId}`, token: await limited.login('resender') })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("answers 404 for someone else's order and 400 for a closed one, and sends nothing", async () => {
    const sita = await t.login('sita');
    const sent = t.server.services.mailer.outbox!.length;
    expect((await t.call({ method: 'POST', url: `/api/order/resendConfirmation/${IDS.ramReadyOrder}`, token: sita })).statusCode).toBe(404);
    const closed = await t.call({ method: 'POST', url: `/api/order/resendConfirmation/${IDS.sitaCancelledOrder}`, token: sita });
    expect(closed.json()).toEqual({ status: 'error', message: "Only an open order's confirmation can be sent again" });
    expect(t.server.services.mailer.outbox!.length).toBe(sent);
  });
});

describe('what the customer is told (a personal message and an e-mail, in the transition\'s transaction)', () => {
  const bell = async (username: string) => (await t.call({ method: 'GET', url: '/api/notification/all', token: await t.login(username) })).json().data as { message: string; personal?: boolean }[];
  const personal = async (username: string) => (await bell(username)).filter((n) => n.personal).map((n) => n.message);
  const outbox = () => t.server.services.mailer.outbox!;
  /** The text the contract's x-signalr gives for the message of `sender`, its placeholders filled. */
  const contractText = async (sender: string, values: Record<string, string>) => {
    const signalr = (await testContract()).document.paths['/hubs/notification/negotiate'].post['x-signalr'];
    const when = signalr.serverToClient.find((m: any) => m.method === 'ReceiveUserMessage').sentWhen.find((w: any) => w.arguments[0] === sender);
    return (when.arguments[1] as string).replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
  };
  /** The mails about an order after it was placed (not the code, not the confirmation). */
  const mailsTo = (username: string) => outbox().filter((m) => m.to === `${username}@example.com` && m.subject.startsWith('Your order'));

  it('ready: the books, the claim code and the end of the hold, in the bell (theirs alone) and by e-mail with the lines, total and pickup information', async () => {
    const order = await placedOrder('toldready', 2);
    t.clock.set(later(60_000));
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    const until = holdEndText(new Date(later(60_000 + 7 * DAY)), 'Asia/Kathmandu');
    expect(await personal(order.username)).toEqual([`The Haunting of Hill House is ready for pickup. Claim code ${order.claimCode}; collect it by ${until}.`]);
    expect(await personal(order.username)).toEqual([await contractText('Order ready', { books: 'The Haunting of Hill House', claimCode: order.claimCode, expiresAt: until })]);
    expect(await personal('sita')).toEqual([]);
    const [mail, ...more] = mailsTo(order.username);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your order is ready for pickup - Order ID: ${order.orderId}`);
    expect(mail!.text).toContain(`We are keeping it for you until ${until}.`);
    expect(mail!.text).toContain('2 x The Haunting of Hill House');
    expect(mail!.text).toMatch(/Total: Rs\.? ?[\d,.]+/);
    expect(mail!.text).toContain(`Your claim code is ${order.claimCode}.`);
    expect(mail!.text).toContain(`Pick up at ${t.server.services.shop.name}, ${t.server.services.shop.address}.`);
    expect(mail!.html).toContain(order.claimCode);
  });

  it('a refused transition tells nobody', async () => {
    const first = await placedOrder('refusedone', 2);
    const second = await placedOrder('refusedtwo', 1);
    expect((await markReady(first.orderId)).statusCode).toBe(200);
    expect((await markReady(second.orderId)).statusCode).toBe(400);
    expect((await shopCancel(second.orderId, '   ')).statusCode).toBe(400);
    expect(await personal(second.username)).toEqual([]);
    expect(mailsTo(second.username)).toEqual([]);
  });

  it("cancelled by the shop: the shop's reason (escaped in the HTML part), no claim code", async () => {
    const order = await placedOrder('toldcancel', 1);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    const reason = 'Damaged copy <b>sorry</b> & we will reorder';
    t.clock.set(later(60_000));
    expect((await shopCancel(order.orderId, reason)).statusCode).toBe(200);
    expect((await personal(order.username))[0]).toBe(`The shop cancelled your order of The Haunting of Hill House. Reason: ${reason}`);
    expect((await personal(order.username))[0]).toBe(await contractText('Order cancelled', { books: 'The Haunting of Hill House', reason }));
    const mail = mailsTo(order.username).at(-1)!;
    expect(mail.subject).toBe(`Your order was cancelled - Order ID: ${order.orderId}`);
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.html).toContain('Reason: Damaged copy &lt;b&gt;sorry&lt;/b&gt; &amp; we will reorder');
    expect(mail.text).not.toContain(order.claimCode);
    expect(mail.html).not.toContain(order.claimCode);
  });

  it('the customer who cancels is not told what they did', async () => {
    const order = await placedOrder('selfcancel', 1);
    expect((await t.call({ method: 'PUT', url: `/api/order/cancel/${order.orderId}`, token: order.token })).statusCode).toBe(200);
    expect(await personal(order.username)).toEqual([]);
    expect(mailsTo(order.username)).toEqual([]);
  });

  it('says when in the shop\'s time zone, whatever the server\'s', () => {
    expect(holdEndText(new Date('2026-11-30T10:00:00Z'), 'UTC')).toBe('Mon 30 Nov, 10:00 UTC');
    expect(holdEndText(new Date('2026-11-30T10:00:00Z'), 'Asia/Kathmandu')).toBe('Mon 30 Nov, 15:45 GMT+5:45');
  });

  it('expiring tomorrow: once when less than a day of the hold is left, never twice, never after it expired', async () => {
    const order = await placedOrder('toldexpiring', 1);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    const expiresAt = Date.parse(later(7 * DAY));
    const sweep = () => remindExpiringOrders(t.server.services);
    t.clock.set(new Date(expiresAt - DAY - 1).toISOString());
    expect(await sweep()).toBe(0);
    t.clock.set(new Date(expiresAt - DAY + 1).toISOString());
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    t.clock.set(new Date(expiresAt - 60_000).toISOString());
    expect(await sweep()).toBe(0);
    const until = holdEndText(new Date(expiresAt), 'Asia/Kathmandu');
    expect((await personal(order.username))[0]).toBe(`The Haunting of Hill House is waiting for you until ${until}. Collect it with claim code ${order.claimCode}.`);
    expect((await personal(order.username))[0]).toBe(await contractText('Order expiring tomorrow', { books: 'The Haunting of Hill House', claimCode: order.claimCode, expiresAt: until }));
    const reminders = mailsTo(order.username).filter((m) => m.subject.startsWith('Your order is waiting for you'));
    expect(reminders.map((m) => m.subject)).toEqual([`Your order is waiting for you until ${until} - Order ID: ${order.orderId}`]);
    expect(reminders[0]!.text).toContain(`Your claim code is ${order.claimCode}.`);
    // Expired, the order has nothing to be reminded of.
    t.clock.set(new Date(expiresAt).toISOString());
    await staffList();
    expect(await sweep()).toBe(0);
  });

  it('an order readied with less than a day of its hold left is not reminded (the ready message said when)', async () => {
    const order = await placedOrder('shorthold', 1);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    await t.server.database.db.updateTable('orders').set({ expires_at: new Date(later(DAY)) }).where('id', '=', order.orderId).execute();
    t.clock.set(later(60_000));
    expect(await remindExpiringOrders(t.server.services)).toBe(0);
  });

  it("the instance's expiry sweep reminds, on its timer", async () => {
    const order = await placedOrder('timerreminded', 1);
    expect((await markReady(order.orderId)).statusCode).toBe(200);
    t.clock.set(later(6 * DAY + 60_000));
    const sweep = startExpirySweep(t.server.services, 20);
    try {
      await expect.poll(() => mailsTo(order.username).filter((m) => m.subject.startsWith('Your order is waiting for you')).length, { timeout: 10_000 }).toBe(1);
    } finally {
      sweep.stop();
    }
    expect((await personal(order.username)).filter((m) => m.includes('is waiting for you until'))).toHaveLength(1);
  });
});
