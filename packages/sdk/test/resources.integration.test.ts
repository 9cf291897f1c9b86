// Every resource method against the real mock (Prism on openapi/openapi.yaml behind the
// gateway): the request must pass Prism's contract validation and the reply must be typed
// data of the right shape. The `cases` record is keyed by operationId, so the compiler
// demands one case per operation and the last test checks the contract has no others.
import { readFile } from 'node:fs/promises';
import { contractPath } from '@pustak/contract';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startMock } from '@pustak/mock';
import { OPERATIONS, operationOf, type OperationId } from '../src/resources/operations.js';
import {
  ApiError, GENRES, PricesChangedError, createPustakClient, isApiError, isPricesChangedError, type AssignableRole, type BookInput, type PustakClient,
} from '../src/index.js';

type RunningMock = Awaited<ReturnType<typeof startMock>>;
const quiet = { info() {}, warn() {}, error() {}, log() {} };

const IDS = {
  book: '0f0e0000-0000-4000-8000-000000000003',
  customer: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03',
  ram: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a04',
  order: '0dde0000-0000-4000-8000-000000000001',
  cartItem: 'ca770000-0000-4000-8000-000000000001',
  banner: 'ba770000-0000-4000-8000-000000000001',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let mock: RunningMock | undefined;
let apiBase = '';
const hits: string[] = [];
const onUnauthorized = vi.fn((_error: ApiError) => {});
const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin', PustakClient>;

function client(token?: string): PustakClient {
  const sdk = createPustakClient({ baseUrl: apiBase, getToken: () => token, onUnauthorized });
  sdk.raw.use({
    onRequest({ request, schemaPath }) {
      hits.push(operationOf(request.method, schemaPath));
    },
  });
  return sdk;
}

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
  apiBase = `${mock.url}/api`;
  clients.anonymous = client();
  const tokens = await Promise.all(
    (['sita', 'staff', 'admin'] as const).map(async (username) => (await clients.anonymous.auth.login({ username, password: 'secret' })).token),
  );
  clients.customer = client(tokens[0]);
  clients.staff = client(tokens[1]);
  clients.admin = client(tokens[2]);
}, 60_000);

afterAll(async () => {
  await mock?.close();
});

const bookInput = (image?: Blob): BookInput => ({
  title: 'Karnali Blues',
  author: 'Buddhisagar',
  genre: 'Fiction',
  isbn: '9789937888001',
  description: 'A son remembers his father.',
  publisher: 'FinePrint',
  publicationDate: new Date(Date.UTC(2010, 0, 1)),
  price: 450,
  quantity: 12,
  language: 'Nepali',
  discount: 10,
  format: 'Paperback',
  isOnSale: true,
  startTime: '2026-11-01T00:00:00Z',
  endTime: '2026-12-01T00:00:00Z',
  ...(image ? { image } : {}),
});
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
const banner = {
  message: 'Dashain & Tihar festival sale: up to 30% off selected books!',
  startTime: new Date(Date.UTC(2026, 10, 21)),
  endTime: '2026-12-21T00:00:00Z',
  isPinned: true,
  color: 'Blue',
  textColor: '#ffffff',
};

/** One call per operation, each asserting the typed reply. */
const cases: Record<OperationId, () => Promise<void>> = {
  async registerUser() {
    const reply = await clients.anonymous.auth.register({
      email: 'anita@example.com', username: 'anita', password: 'Sagarmatha#8848', confirmPassword: 'Sagarmatha#8848',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.user.id).toMatch(UUID);
    expect(reply.user.isVerified).toBe(false);
  },
  async loginUser() {
    const admin = await clients.anonymous.auth.login({ username: 'admin', password: 'secret' });
    expect(admin.user.role).toBe('Admin');
    expect(admin.token).toEqual(expect.any(String));
    expect((await clients.anonymous.auth.login({ username: 'staff', password: 'secret' })).user.role).toBe('Staff');
    const sita = await clients.anonymous.auth.login({ username: 'sita', password: 'secret' });
    expect(sita.user).toMatchObject({ username: 'sita', role: 'User', id: IDS.customer });
  },
  async verifyEmail() {
    const reply = await clients.anonymous.auth.verify({ id: IDS.customer, verificationCode: '48213' });
    expect(reply.message).toBe('User verified successfully');
  },
  async resendVerificationCode() {
    const reply = await clients.anonymous.auth.resendCode({ username: 'anita', password: 'Sagarmatha#8848' });
    expect(reply.user).toMatchObject({ username: 'anita', isVerified: false });
    expect(reply.user.id).toMatch(UUID);
  },
  async requestPasswordReset() {
    const reply = await clients.anonymous.auth.requestPasswordReset({ usernameOrEmail: 'sita@example.com' });
    expect(reply).toMatchObject({ status: 'success', statusCode: 200 });
    expect(reply.message).toMatch(/If an account matches/);
  },
  async resetPassword() {
    const reply = await clients.anonymous.auth.resetPassword({ usernameOrEmail: 'sita@example.com', code: '52817', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' });
    expect(reply.username).toBe('sita');
  },
  async changePassword() {
    const reply = await clients.customer.auth.changePassword({ currentPassword: 'Sagarmatha#8848', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' });
    expect(reply.token).toEqual(expect.any(String));
    expect(reply.user).toMatchObject({ id: IDS.customer, username: 'sita' });
  },
  async getUserById() {
    const user = await clients.customer.users.get(IDS.customer);
    expect(user).toMatchObject({ id: IDS.customer, username: 'sita', role: 'User' });
  },
  async updateUserRole() {
    await expect(clients.admin.users.updateRole(IDS.ram, 'Staff')).resolves.toBeUndefined();
  },
  async listUsers() {
    const page = await clients.admin.users.list({ page: 1, pageSize: 10, search: '' });
    expect(page.items).toHaveLength(10);
    expect(page).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 73, totalPages: 8 });
    expect(page.items[0]?.username).toBe('sita');
  },
  async listStaff() {
    const page = await clients.admin.users.listStaff();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((u) => u.role === 'Staff')).toBe(true);
  },
  async listBooks() {
    const page = await clients.anonymous.books.list();
    expect(page.items).toHaveLength(page.pagination.pageSize);
    expect(page.pagination.totalItems).toBeGreaterThanOrEqual(24);
    expect(page.items[0]?.bookId).toMatch(UUID);
    const filtered = await clients.anonymous.books.list({
      page: 1, pageSize: 8, sortBy: 'createdat', sortDesc: true, genre: 'Fiction', search: 'blues',
    });
    expect(filtered.pagination.pageSize).toBeGreaterThan(0);
  },
  async listBestSellers() {
    const best = await clients.anonymous.books.bestSellers();
    expect(best.length).toBeGreaterThan(0);
    expect(best[0]?.book.title).toEqual(expect.any(String));
    expect(best[0]?.orderCount).toBeGreaterThan(0);
  },
  async listGenreCounts() {
    const counts = await clients.anonymous.books.genreCounts();
    expect(counts.map((entry) => entry.genre)).toEqual(GENRES);
    // The example catalogue: Non-Fiction's two books are not on the first page, and are counted.
    expect(counts.find((entry) => entry.genre === 'Non-Fiction')?.count).toBe(2);
  },
  async listBooksByAuthor() {
    const books = await clients.anonymous.books.byAuthor('Laxmi Prasad Devkota');
    expect(books.length).toBeGreaterThan(0);
    expect(books.every((b) => b.author === 'Laxmi Prasad Devkota')).toBe(true);
  },
  async listAllBooks() {
    expect((await clients.anonymous.catalog.listAll()).length).toBeGreaterThanOrEqual(24);
  },
  async getBookById() {
    const book = await clients.anonymous.catalog.get(IDS.book);
    expect(book).toMatchObject({ bookId: IDS.book, title: 'Muna Madan' });
  },
  async getBookForHeader() {
    expect((await clients.admin.catalog.getTitle(IDS.book)).title).toBe('Muna Madan');
  },
  async getBookTitle() {
    expect((await clients.admin.catalog.getTitleDoubledPath(IDS.book)).title).toBe('Muna Madan');
  },
  async createBook() {
    const reply = await clients.admin.catalog.create(bookInput(png()));
    expect(reply.message).toBe('Book created successfully');
    expect(reply.data.bookId).toMatch(UUID);
  },
  async updateBook() {
    expect((await clients.admin.catalog.update(IDS.book, bookInput())).message).toBe('Book updated successfully');
    expect((await clients.admin.catalog.update(IDS.book, bookInput(png()))).message).toBe('Book updated successfully');
  },
  async setDiscountOffer() {
    const reply = await clients.admin.catalog.setDiscount(IDS.book, {
      discount: 15, startTime: new Date(), endTime: '2026-12-21T23:59:59Z', isOnSale: true,
    });
    expect(reply.message).toBe('Discount added successfully');
  },
  async deleteBook() {
    expect((await clients.admin.catalog.remove(IDS.book)).message).toBe('Book deleted successfully');
  },
  async getWishlist() {
    const books = await clients.customer.wishlist.list();
    expect(books.length).toBeGreaterThan(0);
    expect(books[0]?.bookId).toMatch(UUID);
  },
  async checkWishlist() {
    await expect(clients.customer.wishlist.check(IDS.book)).resolves.toBe(true);
    await expect(clients.customer.wishlist.check(IDS.book, { headers: { Prefer: 'example=not-bookmarked' } })).resolves.toBe(false);
  },
  async addToWishlist() {
    expect(await clients.customer.wishlist.add(IDS.book)).toMatchObject({ status: true, message: 'Bookmarked successfully' });
  },
  async removeFromWishlist() {
    expect((await clients.customer.wishlist.remove(IDS.book)).status).toBe(true);
  },
  async removeFromWishlistByPut() {
    expect((await clients.customer.wishlist.removeWithPut(IDS.book)).status).toBe(true);
  },
  async addCartItem() {
    expect((await clients.customer.cart.add(IDS.book)).message).toBe('Book added to cart successfully');
    expect((await clients.customer.cart.add(IDS.book, 3)).statusCode).toBe(200);
  },
  async listCartItems() {
    const { items, totals } = await clients.customer.cart.list();
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]?.book.pricing.unitPrice).toEqual(items[0]?.unitPrice);
    // The lines and the totals are one answer: the server's figures, as sent.
    expect(items.map((line) => line.lineTotal)).toEqual([1105, 405, 4400]);
    expect(items[2]).toMatchObject({ unitPrice: 2200, addedUnitPrice: 1980, priceChanged: true });
    expect(totals).toMatchObject({ copies: 5, subtotal: 5910, discountTotal: 295.5, total: 5614.5 });
    expect(totals.discounts.map((d) => [d.name, d.amount])).toEqual([['+5 Books Member', 295.5]]);
  },
  async updateCartItem() {
    expect((await clients.customer.cart.update(IDS.cartItem, 3)).message).toBe('Cart item updated successfully');
  },
  async removeCartItem() {
    expect((await clients.customer.cart.remove(IDS.cartItem)).message).toBe('Item removed from cart');
  },
  async placeOrder() {
    const reply = await clients.customer.orders.place({ expectedTotal: 5614.5 });
    expect(reply.message).toBe('Order placed successfully');
    expect(reply.data.claimCode).toMatch(/^[0-9A-F]{8}$/);
    expect(reply.data.discountApplied).toMatch(/^\d+\.\d{2}%$/);
    expect(reply.data).toMatchObject({ subtotal: 5910, discountTotal: 295.5, totalAmount: 5614.5 });
    // The legacy call (no body) is still accepted.
    expect((await clients.customer.orders.place()).message).toBe('Order placed successfully');
  },
  async listMyOrders() {
    const orders = await clients.customer.orders.mine();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.username === 'sita')).toBe(true);
    expect(orders[0]?.discountRate).toBeLessThanOrEqual(1);
    // The owner's open order carries its claim code and its history.
    expect(orders[0]).toMatchObject({ status: 'Pending', claimCode: expect.stringMatching(/^[0-9A-F]{8}$/) });
    expect(orders[0]?.history[0]).toMatchObject({ kind: 'placed', by: 'sita' });
  },
  async resendOrderConfirmation() {
    expect((await clients.customer.orders.resendConfirmation(IDS.order)).message).toBe('Confirmation e-mail sent again');
  },
  async markOrderReady() {
    const reply = await clients.staff.staff.markReady(IDS.order);
    expect(reply.data).toMatchObject({ status: 'Ready', expiresAt: expect.any(String) });
  },
  async cancelOrderByShop() {
    const reply = await clients.staff.staff.cancelOrder(IDS.order, 'Not collected; the customer asked us to cancel by phone');
    expect(reply.data).toMatchObject({ status: 'Cancelled' });
  },
  async cancelOrder() {
    const reply = await clients.customer.orders.cancel(IDS.order);
    expect(reply.data).toMatchObject({ orderId: IDS.order, status: 'Cancelled' });
  },
  async listAllOrders() {
    const orders = await clients.staff.orders.all();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders[0]?.orderItems.length).toBeGreaterThan(0);
    expect(orders.some((o) => o.status === 'Ready' && o.expiresAt)).toBe(true);
    expect(orders.every((o) => o.claimCode === undefined)).toBe(true);
  },
  async getOrderReceipt() {
    const receipt = await clients.customer.orders.receipt('0dde0000-0000-4000-8000-000000000002');
    expect(receipt).toMatchObject({ orderNumber: '00000002', paymentMethod: 'eSewa', handedOverBy: 'staff', subtotal: 2650, discountTotal: 180, total: 2470 });
    expect(receipt.lines.map((line) => [line.title, line.quantity, line.unitPrice, line.lineTotal])).toEqual([['Palpasa Cafe', 3, 550, 1650], ['Seto Dharti', 2, 500, 1000]]);
  },
  async searchOrders() {
    const page = await clients.staff.orders.search({ search: ' 7f3a9c21 ', status: ['Pending', 'Ready'], sort: 'oldest', page: 1, pageSize: 10 });
    expect(page).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(page.totalCount).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items.every((o) => o.claimCode === undefined)).toBe(true);
  },
  async getShopInfo() {
    const shop = await clients.anonymous.orders.shopInfo();
    expect(shop).toMatchObject({ name: 'Pustak', address: 'Thamel Marg 12, Kathmandu 44600, Nepal', pickupHoldDays: 7 });
    expect(shop.openingHours).toEqual(['Sunday to Friday, 9:00 to 19:00', 'Saturday, 11:00 to 17:00']);
  },
  async verifyOrder() {
    const reply = await clients.staff.staff.verifyOrder(IDS.order, '7F3A9C21');
    expect(reply.message).toBe('Order verified and stock updated successfully');
  },
  async listReviews() {
    const reviews = await clients.anonymous.reviews.list(IDS.book);
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews[0]?.stars).toBeGreaterThanOrEqual(1);
  },
  async addReview() {
    const reply = await clients.customer.reviews.add({ bookId: IDS.book, stars: 5, comment: 'Quiet and devastating.' });
    expect(reply.statusCode).toBe(200);
  },
  async hideReview() {
    const reply = await clients.admin.reviews.hide('7a110000-0000-4000-8000-000000000001', 'Insults another customer.');
    expect(reply).toEqual({ status: 'success', message: 'Review hidden' });
  },
  async negotiateNotificationHub() {
    // Outside the /api base (the operation's own `servers` entry): the hub's origin is the mock's.
    const { data, response } = await clients.anonymous.raw.POST('/hubs/notification/negotiate', {
      baseUrl: mock?.url ?? '',
      params: { query: { negotiateVersion: 1 } },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ negotiateVersion: 1, connectionToken: expect.any(String) });
    expect(data?.availableTransports.map((t) => t.transport)).toContain('WebSockets');
  },
  async listNotifications() {
    const list = await clients.anonymous.notifications.list();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.message).toEqual(expect.any(String));
  },
  async getActiveAnnouncement() {
    const active = await clients.anonymous.announcements.active();
    expect(active.active).toBe(true);
    if (active.active) expect(active.message).toContain('sale');
  },
  async listAnnouncements() {
    const all = await clients.admin.announcements.list();
    expect(all.length).toBeGreaterThan(0);
    expect(all[0]?.announcementId).toMatch(UUID);
  },
  async createAnnouncement() {
    const reply = await clients.admin.announcements.create(banner);
    expect(reply.message).toBe('Announcement created successfully');
    expect(reply.data.announcementId).toMatch(UUID);
  },
  async updateAnnouncement() {
    expect((await clients.admin.announcements.update(IDS.banner, banner)).message).toBe('Announcement updated successfully');
    const [first] = await clients.admin.announcements.list();
    if (!first) throw new Error('the mock has no announcement');
    expect((await clients.admin.announcements.setPinned(first, !first.isPinned)).message).toBe('Announcement updated successfully');
  },
  async deleteAnnouncement() {
    expect((await clients.admin.announcements.remove(IDS.banner)).message).toBe('Announcement deleted successfully');
  },
  async getDashboard() {
    const summary = await clients.admin.dashboard.get();
    expect(summary.weeklySales.map((d) => d.day)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(summary.totalBooks).toBeGreaterThanOrEqual(24);
  },
  async listActivity() {
    const page = await clients.admin.activity.list({ kind: 'book.discount', page: 1, pageSize: 10 });
    expect(page.totalCount).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items[0]).toMatchObject({ activityId: expect.stringMatching(UUID), actorUsername: expect.any(String), kind: expect.any(String) });
  },
  async getSalesReport() {
    const report = await clients.admin.reports.sales({ from: '2026-11-19', to: '2026-11-21' });
    expect(report.byDay.map((d) => d.date)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(report.byDay.reduce((sum, d) => sum + d.orders, 0)).toBe(report.orders);
  },
  async exportReportCsv() {
    const file = await clients.admin.reports.csv('days', { from: '2026-11-19', to: '2026-11-21' });
    const text = await file.blob.text();
    expect(text.split('\r\n')[0]).toBe('date,orders,copies_sold,revenue,discounts_given');
    expect(file.filename).toMatch(/^pustak-days-.+\.csv$/);
  },
};

describe('every operation through its resource method', () => {
  it.each(Object.keys(cases) as OperationId[])('%s', async (operation) => {
    hits.length = 0;
    await cases[operation]();
    expect(hits).toContain(operation);
  });

  it('covers exactly the operations of the contract', async () => {
    const contract = await readFile(contractPath, 'utf8');
    const declared = [...contract.matchAll(/^\s+operationId:\s*(\w+)\s*$/gm)].map((m) => m[1]).sort();
    expect(Object.keys(cases).sort()).toEqual(declared);
    const tabled = Object.values(OPERATIONS).flatMap((byMethod) => Object.values(byMethod)).sort();
    expect(tabled).toEqual(declared);
  });
});

describe('named examples through Prefer', () => {
  const empty = { headers: { Prefer: 'example=empty' } };

  it('example=empty gives empty lists', async () => {
    expect((await clients.anonymous.books.list({}, empty)).items).toEqual([]);
    await expect(clients.anonymous.books.bestSellers(empty)).resolves.toEqual([]);
    expect((await clients.anonymous.books.genreCounts(empty)).every((entry) => entry.count === 0)).toBe(true);
    await expect(clients.anonymous.catalog.listAll(empty)).resolves.toEqual([]);
    await expect(clients.customer.wishlist.list(empty)).resolves.toEqual([]);
    await expect(clients.customer.cart.list(empty)).resolves.toMatchObject({ items: [], totals: { copies: 0, total: 0, discounts: [] } });
    await expect(clients.customer.orders.mine(empty)).resolves.toEqual([]);
    await expect(clients.anonymous.notifications.list(empty)).resolves.toEqual([]);
    await expect(clients.admin.announcements.list(empty)).resolves.toEqual([]);
    expect((await clients.admin.users.list({}, empty)).items).toEqual([]);
  });

  it('code=404 on the "none" lists gives []', async () => {
    const notFound = { headers: { Prefer: 'code=404' } };
    await expect(clients.anonymous.reviews.list(IDS.book, notFound)).resolves.toEqual([]);
    await expect(clients.customer.orders.mine(notFound)).resolves.toEqual([]);
    await expect(clients.staff.orders.all(notFound)).resolves.toEqual([]);
    await expect(clients.anonymous.books.byAuthor('Nobody', notFound)).resolves.toEqual([]);
  });

  it('normalises the {books} wrapping of getallbooks', async () => {
    const books = await clients.anonymous.catalog.listAll({ headers: { Prefer: 'example=books-object' } });
    expect(books.map((b) => b.title)).toEqual(['Muna Madan', 'Karnali Blues']);
  });

  it('example=inactive gives {active: false}', async () => {
    await expect(clients.anonymous.announcements.active({ headers: { Prefer: 'example=inactive' } })).resolves.toEqual({ active: false });
  });

  it('surfaces server messages of error examples', async () => {
    const error = await clients.customer.orders.place({}, { headers: { Prefer: 'code=400' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Cart is empty', operation: 'placeOrder' });
    expect(isPricesChangedError(error)).toBe(false);
    const plain = await clients.anonymous.auth
      .register({ email: 'sita@example.com', username: 'sita', password: 'x', confirmPassword: 'x' }, { headers: { Prefer: 'code=400' } })
      .catch((e: unknown) => e);
    expect(plain).toMatchObject({ status: 400, message: 'Username is already taken', body: 'Username is already taken' });
  });
});

describe('errors from the mock', () => {
  it('turns a 409 from place order into a PricesChangedError with the server text', async () => {
    const error = await clients.customer.orders
      .place({ expectedTotal: 1 }, { headers: { Prefer: 'code=409' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PricesChangedError);
    expect(error).toBeInstanceOf(ApiError);
    expect(isPricesChangedError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'PricesChangedError',
      code: 'PRICES_CHANGED',
      status: 409,
      operation: 'placeOrder',
      message: 'Prices in your cart have changed. Please check your cart and place the order again.',
    });
  });

  it('401 without a token on a bearer operation, reported to onUnauthorized', async () => {
    onUnauthorized.mockClear();
    const error = await clients.anonymous.dashboard.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, operation: 'getDashboard' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBe(error);
  });

  it('401 for a wrong password carries the server message', async () => {
    const error = await clients.anonymous.auth.login({ username: 'sita', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Invalid username or password', operation: 'loginUser' });
  });

  it('422 for a body that breaks the contract', async () => {
    const role = await clients.admin.users.updateRole(IDS.ram, 'Admin' as AssignableRole).catch((e: unknown) => e);
    expect(isApiError(role, 422)).toBe(true);
    expect(role).toMatchObject({ operation: 'updateUserRole', body: { status: 422 } });

    const add = clients.customer.cart.add(undefined as unknown as string);
    await expect(add).rejects.toMatchObject({ status: 422, operation: 'addCartItem' });

    const paging = clients.anonymous.books.list({ page: 0 });
    await expect(paging).rejects.toMatchObject({ status: 422, operation: 'listBooks' });
  });

  it('an aborted call rejects with AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(clients.anonymous.books.list(undefined, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
