// Conformance: the server on an in-memory PGlite with a fresh seed, `prism proxy --errors` in
// front of it, and every SDK resource method called through the proxy, in the order a shop
// lives through them. Prism checks each request and each reply against the contract; a reply
// that breaks it comes back flagged (sl-violations) or as an error, and the test fails.
// Three operations Prism's proxy cannot carry (the bare JSON string body of the role update,
// binary multipart, and the hub outside /api) are called on the server directly.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPustakClient, type OperationId, type PustakClient } from '@pustak/sdk';
// @ts-expect-error plain ESM script without type declarations
import { findFreePort } from '@pustak/dev-tools/free-port';
import { DEFAULT_SHOP } from '../src/shared/shop.js';
import { IDS, lastCode, startTestServer, testContract, type TestServer } from './helpers.js';

const root = resolve(import.meta.dirname, '../../..');
let t: TestServer;
let prism: ChildProcess | undefined;
let prismUrl = '';
const violations: string[] = [];
const seen = new Set<string>();

async function startPrism(upstream: string): Promise<string> {
  const port = await findFreePort();
  prism = spawn(resolve(root, 'node_modules/.bin/prism'), ['proxy', resolve(root, 'openapi/openapi.yaml'), upstream, '--errors', '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  prism.stdout!.on('data', (c) => (log += c));
  prism.stderr!.on('data', (c) => (log += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await fetch(`${url}/notification/all`);
      return url;
    } catch {
      if (Date.now() > deadline || prism.exitCode !== null) throw new Error(`prism proxy did not start:\n${log}`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }
}

function client(token?: string): PustakClient {
  return createPustakClient({
    baseUrl: prismUrl,
    getToken: () => token,
    fetch: async (request) => {
      const response = await globalThis.fetch(request);
      const flagged = response.headers.get('sl-violations');
      const where = `${request.method} ${new URL(request.url).pathname} -> ${response.status}`;
      if (flagged) violations.push(`${where}: ${flagged}`);
      if (response.status >= 500) violations.push(`${where}: ${await response.clone().text()}`);
      return response;
    },
  });
}

const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin' | 'newcomer', PustakClient>;
const state = { newUserId: '', orderId: '', claimCode: '', cartItemId: '', bannerId: '' };

beforeAll(async () => {
  t = await startTestServer({ listen: true, now: new Date().toISOString() });
  prismUrl = await startPrism(`${t.url}/api`);
  clients.anonymous = client();
  for (const [name, username] of [['customer', 'sita'], ['staff', 'staff'], ['admin', 'admin']] as const) {
    clients[name] = client((await clients.anonymous.auth.login({ username, password: 'pustak123' })).token);
  }
});
afterAll(async () => {
  prism?.kill('SIGTERM');
  await t?.close();
});

const steps: [OperationId, () => Promise<void>][] = [
  ['registerUser', async () => {
    const reply = await clients.anonymous.auth.register({ email: 'conform@example.com', username: 'conform', password: 'pustak123', confirmPassword: 'pustak123' });
    expect(reply.user).toMatchObject({ username: 'conform', role: 'User', isVerified: false });
    state.newUserId = reply.user.id;
  }],
  ['resendVerificationCode', async () => {
    const reply = await clients.anonymous.auth.resendCode({ username: 'conform', password: 'pustak123' });
    expect(reply.user).toMatchObject({ id: state.newUserId, isVerified: false });
  }],
  ['verifyEmail', async () => {
    const reply = await clients.anonymous.auth.verify({ id: state.newUserId, verificationCode: lastCode(t, 'conform@example.com') });
    expect(reply.message).toBe('User verified successfully');
  }],
  ['requestPasswordReset', async () => {
    const reply = await clients.anonymous.auth.requestPasswordReset({ usernameOrEmail: 'conform@example.com' });
    expect(reply.statusCode).toBe(200);
  }],
  ['resetPassword', async () => {
    const mail = (t.server.services.mailer.outbox ?? []).filter((m) => m.to === 'conform@example.com').at(-1);
    const code = /password reset code is (\d{5})/.exec(mail?.text ?? '')?.[1] ?? '';
    const reply = await clients.anonymous.auth.resetPassword({ usernameOrEmail: 'conform@example.com', code, newPassword: 'pustak1234', confirmPassword: 'pustak1234' });
    expect(reply.username).toBe('conform');
  }],
  ['loginUser', async () => {
    const reply = await clients.anonymous.auth.login({ username: 'conform', password: 'pustak1234' });
    expect(reply.user.id).toBe(state.newUserId);
    clients.newcomer = client(reply.token);
  }],
  ['changePassword', async () => {
    const reply = await clients.newcomer.auth.changePassword({ currentPassword: 'pustak1234', newPassword: 'pustak123', confirmPassword: 'pustak123' });
    expect(reply.user.id).toBe(state.newUserId);
    clients.newcomer = client(reply.token);
  }],
  ['getUserById', async () => {
    expect(await clients.customer.users.get(IDS.sita)).toMatchObject({ username: 'sita', email: 'sita@example.com' });
  }],
  ['listUsers', async () => {
    const page = await clients.admin.users.list({ page: 1, pageSize: 10, search: '' });
    expect(page.items.length).toBe(10);
    expect(page.items.every((u) => u.role === 'User')).toBe(true);
  }],
  ['listStaff', async () => {
    expect((await clients.admin.users.listStaff()).items.map((u) => u.username)).toContain('staff');
  }],
  ['listBooks', async () => {
    const page = await clients.anonymous.books.list();
    expect(page.items).toHaveLength(8);
    expect(page.pagination.totalItems).toBe(27);
    const filtered = await clients.anonymous.books.list({ page: 1, pageSize: 8, sortBy: 'createdat', sortDesc: true, genre: 'Fiction', search: 'blues' });
    expect(filtered.items.map((b) => b.title)).toEqual(['Karnali Blues']);
  }],
  ['listBestSellers', async () => {
    expect((await clients.anonymous.books.bestSellers())[0]?.orderCount).toBeGreaterThan(0);
  }],
  ['listGenreCounts', async () => {
    const counts = await clients.anonymous.books.genreCounts();
    expect(counts.find((entry) => entry.genre === 'Non-Fiction')?.count).toBe(2);
    expect(counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(27);
  }],
  ['listBooksByAuthor', async () => {
    expect((await clients.anonymous.books.byAuthor('Laxmi Prasad Devkota')).map((b) => b.title).sort()).toEqual(['Muna Madan', 'Shakuntala']);
  }],
  ['listAllBooks', async () => {
    expect(await clients.anonymous.catalog.listAll()).toHaveLength(27);
  }],
  ['getBookById', async () => {
    expect(await clients.anonymous.catalog.get(IDS.munaMadan)).toMatchObject({ title: 'Muna Madan', averageStars: 4.7 });
  }],
  ['getBookForHeader', async () => {
    expect((await clients.admin.catalog.getTitle(IDS.munaMadan)).title).toBe('Muna Madan');
  }],
  ['getBookTitle', async () => {
    expect((await clients.admin.catalog.getTitleDoubledPath(IDS.munaMadan)).title).toBe('Muna Madan');
  }],
  ['setDiscountOffer', async () => {
    const reply = await clients.admin.catalog.setDiscount(IDS.karnaliBlues, { discount: 20, startTime: new Date(Date.now() - 86_400_000), endTime: '2099-12-31T23:59:59Z', isOnSale: true });
    expect(reply.message).toBe('Discount added successfully');
  }],
  ['addToWishlist', async () => {
    expect(await clients.newcomer.wishlist.add(IDS.munaMadan)).toMatchObject({ status: true });
  }],
  ['checkWishlist', async () => {
    await expect(clients.newcomer.wishlist.check(IDS.munaMadan)).resolves.toBe(true);
  }],
  ['getWishlist', async () => {
    expect((await clients.newcomer.wishlist.list()).map((b) => b.bookId)).toEqual([IDS.munaMadan]);
  }],
  ['removeFromWishlist', async () => {
    expect((await clients.newcomer.wishlist.remove(IDS.munaMadan)).status).toBe(true);
  }],
  ['removeFromWishlistByPut', async () => {
    expect((await clients.newcomer.wishlist.removeWithPut(IDS.munaMadan)).status).toBe(false);
  }],
  ['addCartItem', async () => {
    expect((await clients.newcomer.cart.add(IDS.karnaliBlues)).statusCode).toBe(200);
    expect((await clients.newcomer.cart.add(IDS.munaMadan, 4)).statusCode).toBe(200);
  }],
  ['listCartItems', async () => {
    const { items, totals } = await clients.newcomer.cart.list();
    expect(items).toHaveLength(2);
    expect(totals.copies).toBe(5);
    state.cartItemId = items.find((line) => line.bookId === IDS.karnaliBlues)!.cartItemId;
  }],
  ['updateCartItem', async () => {
    expect((await clients.newcomer.cart.update(state.cartItemId, 2)).message).toBe('Cart item updated successfully');
  }],
  ['removeCartItem', async () => {
    expect((await clients.newcomer.cart.remove(state.cartItemId)).message).toBe('Item removed from cart');
    await clients.newcomer.cart.add(IDS.karnaliBlues, 1);
  }],
  ['placeOrder', async () => {
    const reply = await clients.newcomer.orders.place();
    expect(reply.data).toMatchObject({ discountApplied: '5.00%', totalAmount: 2033 }); // (650 x 0.8 + 4 x 405) x 0.95
    state.orderId = reply.data.orderId;
    state.claimCode = reply.data.claimCode;
  }],
  ['listMyOrders', async () => {
    expect((await clients.newcomer.orders.mine())[0]).toMatchObject({ orderId: state.orderId, status: 'Pending', originalTotal: 2140, claimCode: state.claimCode });
  }],
  ['resendOrderConfirmation', async () => {
    expect((await clients.newcomer.orders.resendConfirmation(state.orderId)).message).toBe('Confirmation e-mail sent again');
  }],
  ['markOrderReady', async () => {
    expect((await clients.staff.staff.markReady(state.orderId)).data).toMatchObject({ orderId: state.orderId, status: 'Ready' });
  }],
  ['cancelOrderByShop', async () => {
    expect((await clients.admin.staff.cancelOrder(IDS.hariPendingOrder, 'Out of print')).data).toEqual({ orderId: IDS.hariPendingOrder, status: 'Cancelled' });
  }],
  ['listAllOrders', async () => {
    expect((await clients.staff.orders.all()).map((o) => o.orderId)).toContain(state.orderId);
  }],
  ['searchOrders', async () => {
    const found = await clients.staff.orders.search({ search: ` ${state.claimCode.toLowerCase()} `, status: ['Pending', 'Ready'] });
    expect(found).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 1, totalPages: 1 });
    expect(found.items.map((o) => [o.orderId, o.status, o.claimCode])).toEqual([[state.orderId, 'Ready', undefined]]);
    expect((await clients.admin.orders.search({ sort: 'total-desc', page: 2, pageSize: 5 })).items).toHaveLength(5);
  }],
  ['verifyOrder', async () => {
    expect((await clients.staff.staff.verifyOrder(state.orderId, state.claimCode, { paymentMethod: 'eSewa' })).message).toBe('Order verified and stock updated successfully');
  }],
  ['getOrderReceipt', async () => {
    const receipt = await clients.newcomer.orders.receipt(state.orderId);
    expect(receipt).toMatchObject({ orderId: state.orderId, paymentMethod: 'eSewa', handedOverBy: 'staff', claimCode: state.claimCode, total: 2033 });
    expect(await clients.staff.orders.receipt(state.orderId)).toEqual(receipt);
  }],
  ['addReview', async () => {
    const reply = await clients.newcomer.reviews.add({ bookId: IDS.karnaliBlues, stars: 4, comment: 'Moving.' });
    expect(reply.data).toMatchObject({ username: 'conform', stars: 4 });
  }],
  ['listReviews', async () => {
    expect((await clients.anonymous.reviews.list(IDS.karnaliBlues))[0]).toMatchObject({ username: 'conform', comment: 'Moving.' });
  }],
  ['hideReview', async () => {
    const [review] = await clients.anonymous.reviews.list(IDS.karnaliBlues);
    expect(await clients.admin.reviews.hide(review!.reviewId, 'Spoils the ending.')).toEqual({ status: 'success', message: 'Review hidden' });
    expect((await clients.anonymous.reviews.list(IDS.karnaliBlues)).map((r) => r.reviewId)).not.toContain(review!.reviewId);
  }],
  ['cancelOrder', async () => {
    expect((await clients.customer.orders.cancel(IDS.sitaPendingOrder)).data).toEqual({ orderId: IDS.sitaPendingOrder, status: 'Cancelled' });
  }],
  ['listNotifications', async () => {
    // The purchase just verified, named by its book and not its buyer, newest of all.
    const [latest, earlier] = await clients.anonymous.notifications.list();
    expect(latest?.message).toBe('Karnali Blues and 1 more were just bought');
    expect(Date.parse(latest!.createdAt)).toBeGreaterThan(Date.parse(earlier!.createdAt));
  }],
  ['getShopInfo', async () => {
    // The server's configuration (here its defaults, the contact page's values) as the contract shapes it.
    expect(await clients.anonymous.orders.shopInfo()).toEqual(DEFAULT_SHOP);
  }],
  ['getActiveAnnouncement', async () => {
    expect(await clients.anonymous.announcements.active()).toMatchObject({ active: true, color: 'Blue' });
  }],
  ['listAnnouncements', async () => {
    expect((await clients.admin.announcements.list()).length).toBe(5);
  }],
  ['createAnnouncement', async () => {
    const reply = await clients.admin.announcements.create({ message: 'Tihar sale', startTime: new Date(), endTime: '2099-01-01T00:00:00Z', isPinned: false, color: 'Green', textColor: '#FFF' });
    expect(reply.data).toMatchObject({ color: 'Green', textColor: '#ffffff' });
    state.bannerId = reply.data.announcementId;
  }],
  ['updateAnnouncement', async () => {
    const [banner] = (await clients.admin.announcements.list()).filter((b) => b.announcementId === state.bannerId);
    expect((await clients.admin.announcements.setPinned(banner!, true)).data.isPinned).toBe(true);
  }],
  ['deleteAnnouncement', async () => {
    expect((await clients.admin.announcements.remove(state.bannerId)).message).toBe('Announcement deleted successfully');
  }],
  ['getDashboard', async () => {
    const summary = await clients.admin.dashboard.get();
    expect(summary.totalBooks).toBe(27);
    expect(summary.recentOrders[0]?.orderId).toBe(state.orderId);
  }],
  ['listActivity', async () => {
    const page = await clients.admin.activity.list({ kind: 'order.completed' });
    expect(page.items.map((entry) => [entry.kind, entry.targetId, entry.actorUsername])).toEqual([['order.completed', state.orderId, 'staff']]);
    expect((await clients.admin.activity.list()).totalCount).toBeGreaterThan(5);
  }],
  ['getSalesReport', async () => {
    // The order handed over above, on today's date in Kathmandu: the day's sale and who made it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SHOP.timeZone }).format(t.clock.now());
    const report = await clients.admin.reports.sales({ from: today, to: today });
    expect(report.orders).toBeGreaterThanOrEqual(1);
    expect(report.byStaff.map((s) => s.username)).toContain('staff');
  }],
  ['exportReportCsv', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SHOP.timeZone }).format(t.clock.now());
    const file = await clients.admin.reports.csv('orders', { from: today, to: today });
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM (Blob.text() drops it)
    const text = await file.blob.text();
    expect(text.startsWith('order_id,handed_over_at,')).toBe(true);
    expect(text).toContain(state.orderId);
  }],
  ['deleteBook', async () => {
    expect((await clients.admin.catalog.remove(IDS.sapiens)).message).toBe('Book deleted successfully');
  }],
];

describe('every operation through prism proxy --errors', () => {
  it.each(steps)('%s', async (operationId, step) => {
    violations.length = 0;
    await step();
    expect(violations).toEqual([]);
    seen.add(operationId);
  });
});

describe('directly on the server (what Prism proxy cannot carry)', () => {
  const direct = () => createPustakClient({ baseUrl: `${t.url}/api`, getToken: () => adminToken });
  let adminToken = '';
  beforeAll(async () => {
    adminToken = await t.login('admin');
  });

  it('updateUserRole (a bare JSON string body)', async () => {
    await expect(direct().users.updateRole(IDS.ram, 'Staff')).resolves.toBeUndefined();
    seen.add('updateUserRole');
  });

  it('createBook and updateBook (multipart with a binary image)', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], { type: 'image/png' });
    const input = {
      title: 'Conformance Book', author: 'A', genre: 'Fiction', isbn: 'ISBN-CONF-1', description: 'd', publisher: 'p',
      publicationDate: new Date(Date.UTC(2020, 0, 1)), price: 450, quantity: 5, language: 'Nepali', discount: 10, format: 'Paperback', image: png,
    } as const;
    const created = await direct().catalog.create(input);
    expect(created.data.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/.+\.png$/);
    seen.add('createBook');
    expect((await direct().catalog.update(created.data.bookId, { ...input, title: 'Conformance Book 2' })).message).toBe('Book updated successfully');
    seen.add('updateBook');
  });

  it('negotiateNotificationHub (outside the /api base)', async () => {
    const reply = await fetch(`${t.url}/hubs/notification/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(await reply.json()).toMatchObject({ negotiateVersion: 1, connectionToken: expect.any(String) });
    seen.add('negotiateNotificationHub');
  });

  it('covers every operation of the contract', async () => {
    const all = [...(await testContract()).operations.keys()].sort();
    expect([...seen].sort()).toEqual(all);
  });
});
