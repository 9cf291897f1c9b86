// The activity log (issue 30, part 2): every staff and admin change, with who, when, what and
// the fields before and after, written in the change's own transaction (a refused change logs
// nothing); the Admin's filtered, paged read; review moderation (a hidden review leaves the
// book's list and average).
import { beforeEach, describe, expect, it } from 'vitest';
import { IDS, NOW, multipart, newCustomer, sharedTestServer, testContract, type TestServer } from './helpers.js';

const shared = sharedTestServer();
let t: TestServer;
beforeEach(() => {
  t = shared();
});

type Entry = Record<string, any>;

const admin = () => t.login('admin');
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

async function activity(query = ''): Promise<{ totalCount: number; totalPages: number; currentPage: number; data: Entry[] }> {
  const reply = await t.call({ method: 'GET', url: `/api/activity/all${query}`, token: await admin() });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

const newest = async () => (await activity()).data[0];

/** A new customer's Pending order of `copies` of Hill House (2 in stock). */
async function placedOrder(username: string, copies = 1) {
  const customer = await newCustomer(t, username);
  expect((await t.call({ method: 'POST', url: '/api/addToCart/add', token: customer.token, payload: { bookId: IDS.hillHouse, quantity: copies } })).statusCode).toBe(200);
  const placed = await t.call({ method: 'POST', url: '/api/order/place', token: customer.token });
  expect(placed.statusCode, placed.body).toBe(200);
  return { ...customer, ...(placed.json().data as { orderId: string; claimCode: string }) };
}

const orderLabel = (orderId: string) => `Order #${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`;

describe('order changes', () => {
  it('logs ready, handed over and cancelled by the shop with who, when, the order and its status before and after', async () => {
    const order = await placedOrder('logready');
    t.clock.set(later(60_000));
    const staff = await t.login('staff');
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${order.orderId}`, token: staff })).statusCode).toBe(200);
    expect(await newest()).toEqual({
      activityId: expect.any(String),
      at: later(60_000),
      actorId: IDS.staff,
      actorUsername: 'staff',
      kind: 'order.ready',
      targetId: order.orderId,
      targetLabel: orderLabel(order.orderId),
      before: { status: 'Pending' },
      after: { status: 'Ready' },
    });

    t.clock.set(later(120_000));
    const verified = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${order.orderId}`, token: staff, payload: { ClaimCode: order.claimCode.toLowerCase() } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await newest()).toMatchObject({ at: later(120_000), actorUsername: 'staff', kind: 'order.completed', targetId: order.orderId, before: { status: 'Ready' }, after: { status: 'Completed' } });

    const cancelled = await t.call({ method: 'PUT', url: `/api/staff/cancelOrder/${IDS.hariPendingOrder}`, token: await admin(), payload: { reason: ' Out of print ' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await newest()).toMatchObject({ actorId: IDS.admin, actorUsername: 'admin', kind: 'order.cancelled', targetId: IDS.hariPendingOrder, before: { status: 'Pending' }, after: { status: 'Cancelled', reason: 'Out of print' } });
    expect((await activity()).totalCount).toBe(3);
  });

  it('logs a reason with a lone surrogate as U+FFFD (jsonb refuses the escape JSON.stringify writes), never a 500', async () => {
    const cancelled = await t.call({ method: 'PUT', url: `/api/staff/cancelOrder/${IDS.hariPendingOrder}`, token: await admin(), payload: { reason: 'Torn \ud800 cover' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await newest()).after).toEqual({ status: 'Cancelled', reason: 'Torn \ufffd cover' });
  });

  it('logs nothing when the change is refused after the entry was written: a ready refused for stock, a wrong claim code', async () => {
    const first = await placedOrder('shortfirst', 2);
    const second = await placedOrder('shortsecond', 1);
    const staff = await t.login('staff');
    expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${first.orderId}`, token: staff })).statusCode).toBe(200);
    expect((await activity()).totalCount).toBe(1);
    // The entry is written before the stock is taken; the refusal rolls it back with the change.
    const short = await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${second.orderId}`, token: staff });
    expect([short.statusCode, short.json().message]).toEqual([400, 'Not enough stock for book: The Haunting of Hill House']);
    const wrongCode = await t.call({ method: 'PUT', url: `/api/staff/verifyOrder/${first.orderId}`, token: staff, payload: { ClaimCode: 'WRONG1' } });
    expect(wrongCode.statusCode).toBe(400);
    const log = await activity();
    expect(log.totalCount).toBe(1);
    expect(log.data.map((entry) => [entry.kind, entry.targetId])).toEqual([['order.ready', first.orderId]]);
  });
});

describe('catalogue changes', () => {
  const form = (title: string, price: string) =>
    multipart({
      title, author: 'Log Author', genre: 'Fiction', isbn: `ISBN-${title}`, description: 'A book whose changes are logged.', publisher: 'Test Press',
      publicationDate: '2020-01-01T00:00:00Z', price, quantity: '3', language: 'English', discount: '0', format: 'Paperback', isOnSale: 'false',
    });

  it('logs a book created, edited (only the fields that changed), given a discount offer and deleted', async () => {
    const token = await admin();
    const created = await t.call({ method: 'POST', url: '/api/bookcrud/create', token, ...form('Logged Book', '450') });
    expect(created.statusCode, created.body).toBe(200);
    const bookId = created.json().data.bookId as string;
    expect(await newest()).toMatchObject({ actorUsername: 'admin', kind: 'book.created', targetId: bookId, targetLabel: 'Logged Book', before: null, after: { title: 'Logged Book', price: 450, quantity: 3, discount: 0 } });

    expect((await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${bookId}`, token, ...form('Logged Book', '500') })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'book.updated', targetId: bookId, targetLabel: 'Logged Book', before: { price: 450 }, after: { price: 500 } });
    expect(Object.keys((await newest()).after)).toEqual(['price']);

    const offer = { Discount: 15, StartTime: '2026-11-21T00:00:00Z', EndTime: '2026-11-30T00:00:00Z', IsOnSale: true };
    expect((await t.call({ method: 'PUT', url: `/api/bookcrud/discountOffer/${bookId}`, token, payload: offer })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'book.discount',
      before: { discount: 0, isOnSale: false, startTime: null, endTime: null },
      after: { discount: 15, isOnSale: true, startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-11-30T00:00:00.000Z' },
    });

    expect((await t.call({ method: 'DELETE', url: `/api/bookcrud/deletebook/${bookId}`, token })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'book.deleted', targetId: bookId, targetLabel: 'Logged Book', before: { title: 'Logged Book', price: 500, discount: 15 }, after: null });
    expect((await activity()).totalCount).toBe(4);
  });

  it('logs nothing for a refused edit, discount or delete', async () => {
    const token = await admin();
    const duplicate = await t.call({ method: 'PUT', url: `/api/bookcrud/updatebook/${IDS.hobbit}`, token, ...form('Muna Madan', '100') });
    expect(duplicate.statusCode).toBe(400);
    const backwards = { Discount: 15, StartTime: '2026-11-30T00:00:00Z', EndTime: '2026-11-21T00:00:00Z', IsOnSale: true };
    expect((await t.call({ method: 'PUT', url: `/api/bookcrud/discountOffer/${IDS.hobbit}`, token, payload: backwards })).statusCode).toBe(422);
    expect((await t.call({ method: 'DELETE', url: '/api/bookcrud/deletebook/0f0e0000-0000-4000-8000-0000000000ff', token })).statusCode).toBe(404);
    expect((await activity()).totalCount).toBe(0);
  });
});

describe('roles and banners', () => {
  it('logs a role change with the role before and after', async () => {
    const promoted = await newCustomer(t, 'promotedlog');
    const reply = await t.call({ method: 'PUT', url: `/api/user/updaterole/${promoted.id}`, token: await admin(), headers: { 'content-type': 'application/json' }, payload: '"Staff"' });
    expect(reply.statusCode).toBe(204);
    expect(await newest()).toMatchObject({ actorId: IDS.admin, kind: 'user.role', targetId: promoted.id, targetLabel: 'promotedlog', before: { role: 'User' }, after: { role: 'Staff' } });
  });

  it('logs a banner added, updated and deleted', async () => {
    const token = await admin();
    const banner = { Message: 'Dashain sale', StartTime: '2026-11-01T00:00:00Z', EndTime: '2099-01-01T00:00:00Z', IsPinned: true, Color: 'Green', TextColor: '#000000' };
    const added = await t.call({ method: 'POST', url: '/api/announcement/addAnnouncement', token, payload: banner });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.announcementId as string;
    expect(await newest()).toMatchObject({ kind: 'banner.created', targetId: id, targetLabel: 'Dashain sale', before: null, after: { message: 'Dashain sale', isPinned: true } });
    expect((await t.call({ method: 'PUT', url: `/api/announcement/update/${id}`, token, payload: { ...banner, IsPinned: false } })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'banner.updated', targetId: id, before: { isPinned: true }, after: { isPinned: false } });
    expect((await t.call({ method: 'DELETE', url: `/api/announcement/delete/${id}`, token })).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'banner.deleted', targetId: id, before: { message: 'Dashain sale' }, after: null });
  });
});

describe('review moderation', () => {
  it('hides a review with a reason: it leaves the book\'s reviews and average, and the hiding is logged once', async () => {
    const reviews = async () => (await t.call({ method: 'GET', url: `/api/review/getReviews/${IDS.munaMadan}` })).json() as Entry[];
    const book = async () => (await t.call({ method: 'GET', url: `/api/bookcrud/getbookbyid/${IDS.munaMadan}` })).json().data;
    const before = await reviews();
    expect(before.length).toBeGreaterThan(1);
    const lowest = [...before].sort((a, b) => a.stars - b.stars)[0]!;
    const rest = before.filter((review) => review.reviewId !== lowest.reviewId);
    const average = (list: Entry[]) => Math.round((list.reduce((sum, r) => sum + r.stars, 0) / list.length) * 10) / 10;
    expect((await book()).averageStars).toBe(average(before));

    const hide = async (reason: string) => t.call({ method: 'POST', url: `/api/review/hide/${lowest.reviewId}`, token: await admin(), payload: { reason } });
    const hidden = await hide('Insults another customer.');
    expect([hidden.statusCode, hidden.json()]).toEqual([200, { status: 'success', message: 'Review hidden' }]);
    expect((await reviews()).map((review) => review.reviewId)).toEqual(rest.map((review) => review.reviewId));
    expect((await book()).averageStars).toBe(average(rest));
    expect((await book()).reviews.map((review: Entry) => review.reviewId)).not.toContain(lowest.reviewId);
    expect(await newest()).toMatchObject({
      kind: 'review.hidden',
      targetId: lowest.reviewId,
      targetLabel: `${lowest.username} on Muna Madan`,
      before: { hidden: false, stars: lowest.stars, comment: lowest.comment },
      after: { hidden: true, reason: 'Insults another customer.' },
    });

    expect((await hide('Again')).statusCode).toBe(200);
    expect((await activity('?kind=review.hidden')).totalCount).toBe(1);
    expect((await t.call({ method: 'POST', url: '/api/review/hide/7a110000-0000-4000-8000-0000000000ff', token: await admin(), payload: { reason: 'x' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/review/hide/${lowest.reviewId}`, token: await admin(), payload: { reason: '   ' } })).statusCode).toBe(422);
  });
});

describe('reading the log', () => {
  it('filters by who, kind and time, pages with totals, newest first', async () => {
    const staff = await t.login('staff');
    const orders = [await placedOrder('pageone'), await placedOrder('pagetwo')];
    for (const [i, order] of orders.entries()) {
      t.clock.set(later((i + 1) * 60_000));
      expect((await t.call({ method: 'PUT', url: `/api/staff/readyOrder/${order.orderId}`, token: staff })).statusCode).toBe(200);
    }
    t.clock.set(later(180_000));
    expect((await t.call({ method: 'PUT', url: `/api/staff/cancelOrder/${IDS.hariPendingOrder}`, token: await admin(), payload: { reason: 'Damaged' } })).statusCode).toBe(200);

    const all = await activity('?pageSize=2');
    expect([all.totalCount, all.totalPages, all.currentPage]).toEqual([3, 2, 1]);
    expect(all.data.map((entry) => entry.at)).toEqual([later(180_000), later(120_000)]);
    expect((await activity('?pageSize=2&page=2')).data.map((entry) => entry.targetId)).toEqual([orders[0]!.orderId]);
    expect(await activity('?page=9')).toMatchObject({ totalCount: 3, data: [] });

    expect((await activity('?actor=STA')).data.map((entry) => entry.actorUsername)).toEqual(['staff', 'staff']);
    expect((await activity('?kind=order.cancelled')).data.map((entry) => entry.targetId)).toEqual([IDS.hariPendingOrder]);
    const window = `?from=${encodeURIComponent(later(60_000))}&to=${encodeURIComponent(later(180_000))}`;
    expect((await activity(window)).data.map((entry) => entry.targetId)).toEqual([orders[1]!.orderId, orders[0]!.orderId]);
    expect((await activity('?actor=nobody')).totalCount).toBe(0);
    const backwards = await t.call({ method: 'GET', url: `/api/activity/all?from=${encodeURIComponent(later(1))}&to=${encodeURIComponent(later(0))}`, token: await admin() });
    expect(backwards.statusCode).toBe(422);
  });

  it('is append-only: the contract has no operation that writes it, only the Admin reads it', async () => {
    const { document } = await testContract();
    const onLog = Object.entries<Record<string, { tags?: string[] }>>(document.paths).flatMap(([path, item]) =>
      Object.entries(item).filter(([, operation]) => operation.tags?.includes('activity')).map(([method]) => `${method} ${path}`),
    );
    expect(onLog).toEqual(['get /activity/all']);
    expect((await t.call({ method: 'GET', url: '/api/activity/all', token: await t.login('staff') })).statusCode).toBe(403);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t.call({ method, url: '/api/activity/all', token: await admin() })).statusCode, method).toBe(404);
    }
  });
});
