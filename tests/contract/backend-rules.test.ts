// What a backend team needs from the contract alone (issue 7, part 2), and the legacy
// client's wire habits the contract must accept (part 1): roles, the hub, required fields,
// target behaviour next to the legacy quirk, list semantics, and examples that agree.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationLookup, operationsOf, responseExamples, type Json } from './contract-helpers';
import { OPERATION_ROLES } from '@pustak/server/test/operation-roles';

const contract = loadContract();
const operations = operationsOf(contract);
const op = operationLookup(operations);
const schemas = contract.components.schemas;
const example = (operationId: string, name = 'default', status = '200'): Json =>
  responseExamples(contract, op(operationId), status).find(([key]) => key === name)?.[1];
const quirks = (operationId: string): string => (op(operationId)['x-quirks'] ?? []).join('\n');
const text = (operationId: string): string => String(op(operationId).description ?? '');

/** The properties a schema requires, following $ref and allOf (what a conformant reply must send). */
function requiredOf(node: Json): Set<string> {
  const schema = deref(contract, node);
  const required = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) for (const name of requiredOf(part)) required.add(name);
  return required;
}
function propertiesOf(node: Json): Record<string, Json> {
  const schema = deref(contract, node);
  return Object.assign({}, ...(schema.allOf ?? []).map(propertiesOf), schema.properties ?? {});
}
const replySchema = (operationId: string, status = '200') =>
  deref(contract, op(operationId).responses[status]).content['application/json'].schema;

describe('x-roles', () => {
  it('is on exactly the operations with a bearer requirement, with roles the Role enum spells', () => {
    const roleNames: string[] = schemas.Role.enum;
    for (const { method, path, operation } of operations) {
      const bearer = (operation.security ?? []).some((requirement: Json) => 'bearerAuth' in requirement);
      const roles = operation['x-roles'];
      if (!bearer) {
        expect(roles, `${method} ${path} is public`).toBeUndefined();
        continue;
      }
      expect(Array.isArray(roles) && roles.length > 0, `${method} ${path} x-roles`).toBe(true);
      expect(new Set(roles).size, `${method} ${path}`).toBe(roles.length);
      for (const role of roles) expect(roleNames, `${method} ${path}`).toContain(role);
      expect(operation.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
      expect(operation.responses['403'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Forbidden' });
    }
  });

  it('gives each operation the roles of the spec', () => {
    const declared = Object.fromEntries(
      operations.filter(({ operation }) => operation['x-roles']).map(({ operation }) => [operation.operationId, operation['x-roles']]),
    );
    expect(declared).toEqual(OPERATION_ROLES);
  });

  it('says in words whose records a caller may touch, answering 404 for others', () => {
    for (const operationId of ['getUserById', 'updateCartItem', 'removeCartItem', 'cancelOrder']) {
      expect(op(operationId)['x-ownership'], operationId).toMatch(/404/);
    }
    for (const operationId of ['listCartItems', 'listMyOrders', 'getWishlist', 'placeOrder', 'addReview']) {
      expect(op(operationId)['x-ownership'], operationId).toMatch(/caller/);
    }
    expect(contract.info.description).toMatch(/x-roles/);
    expect(contract.info.description).toMatch(/x-ownership/);
  });
});

describe('public operations and the legacy bearer', () => {
  it('declare that a missing, empty or null bearer is anonymous', () => {
    expect(contract.info.description).toMatch(/missing, empty,\s+`Bearer null`/);
    expect(contract['x-quirks'].join('\n')).toMatch(/Bearer null.*never answer 401/s);
    for (const { operation } of operations) {
      // Sign-in and a new code answer a wrong password with 401 (their own plain text), never a bearer.
      const checksPassword = ['loginUser', 'resendVerificationCode'].includes(operation.operationId);
      if ((operation.security ?? []).length === 0) expect(operation.responses['401'] === undefined || checksPassword, operation.operationId).toBe(true);
    }
  });
});

describe('the live hub', () => {
  const negotiate = () => contract.paths['/hubs/notification/negotiate'];

  it('negotiates anonymously outside the /api base', () => {
    expect(negotiate().servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(negotiate().post).toMatchObject({ operationId: 'negotiateNotificationHub', security: [] });
    const reply = deref(contract, replySchema('negotiateNotificationHub'));
    const v1 = reply.oneOf.find((variant: Json) => variant.properties.negotiateVersion.const === 1);
    expect(v1.required).toEqual(expect.arrayContaining(['connectionId', 'connectionToken', 'availableTransports']));
  });

  it('describes ReceiveMessage(sender, text) machine-readably, and when it is sent', () => {
    const signalr = negotiate().post['x-signalr'];
    expect(signalr).toMatchObject({ hub: '/hubs/notification', protocol: { name: 'json', version: 1 }, clientToServer: [] });
    expect(signalr.protocol.recordSeparator).toBe('\u001e');
    expect(signalr.serverToClient.map((event: Json) => event.method)).toEqual(['ReceiveMessage', 'ReceiveUserMessage']);
    const [event, personal] = signalr.serverToClient;
    expect(event.method).toBe('ReceiveMessage');
    expect(event.arguments.map((a: Json) => [a.name, a.schema.type])).toEqual([['sender', 'string'], ['text', 'string']]);
    expect(event.sentWhen.map((when: Json) => when.operationId).sort()).toEqual(['createBook', 'verifyOrder']);
    for (const when of event.sentWhen) {
      // The triggering operation names the same broadcast.
      expect(op(when.operationId)['x-broadcasts']).toEqual([{ event: 'ReceiveMessage', arguments: when.arguments }]);
    }
    expect(event.sentWhen.find((w: Json) => w.operationId === 'createBook').arguments).toEqual(['Admin', 'New book added! {title}']);
    // A purchase names the book, never the buyer (issue 29, part 3).
    expect(event.sentWhen.find((w: Json) => w.operationId === 'verifyOrder').arguments).toEqual(['Purchased Book', '{title} was just bought']);
    expect(personal.arguments.map((a: Json) => [a.name, a.schema.type])).toEqual([['sender', 'string'], ['text', 'string']]);
    // The customer is told when the shop acts on their order (issue 29, part 3); the triggering
    // operations name the same message in `x-user-messages`; the reminder comes from a sweep.
    const triggered = personal.sentWhen.filter((when: Json) => when.operationId);
    expect(triggered.map((when: Json) => when.operationId).sort()).toEqual(['cancelOrderByShop', 'markOrderReady']);
    for (const when of triggered) {
      expect(op(when.operationId)['x-user-messages']).toEqual([{ event: 'ReceiveUserMessage', to: 'customer', arguments: when.arguments }]);
      expect(op(when.operationId).description).toContain(`ReceiveUserMessage("${when.arguments[0]}"`);
    }
    expect(personal.sentWhen.map((when: Json) => when.arguments[0])).toEqual(['Order ready', 'Order cancelled', 'Order expiring tomorrow']);
    expect(signalr.audience).toMatch(/ReceiveUserMessage to every connection \(on any instance\) of the one user/);
  });
});

describe('required response fields (spec section 7, "Reads")', () => {
  // operationId -> the fields the spec's client reads from the 200 reply.
  const READS: [string, string[]][] = [
    ['registerUser', ['statusCode', 'message', 'user']],
    ['loginUser', ['statusCode', 'message', 'token', 'user']],
    ['verifyEmail', ['statusCode', 'message']],
    ['getUserById', ['username', 'email']],
    ['listUsers', ['status', 'data', 'totalPages']],
    ['listStaff', ['status', 'data', 'totalPages']],
    ['listBooks', ['data', 'pagination']],
    ['listBestSellers', ['code', 'data']],
    ['getBookById', ['status', 'message', 'data']],
    ['getBookForHeader', ['title']],
    ['getBookTitle', ['title']],
    ['setDiscountOffer', ['status', 'message']],
    ['checkWishlist', ['status']],
    ['addToWishlist', ['statusCode']],
    ['addCartItem', ['statusCode']],
    ['listCartItems', ['statusCode', 'data']],
    ['removeCartItem', ['statusCode', 'message']],
    ['placeOrder', ['statusCode', 'message', 'data']],
    ['listMyOrders', ['status', 'data']],
    ['cancelOrder', ['statusCode', 'message']],
    ['listAllOrders', ['status', 'data']],
    ['verifyOrder', ['status', 'message']],
    ['addReview', ['statusCode', 'message', 'data']],
    ['listNotifications', ['statusCode', 'data']],
    ['listAnnouncements', ['data']],
    ['getDashboard', ['totalBooks', 'totalOrders', 'totalCustomers', 'totalRevenue', 'weeklySales', 'recentNotifications', 'recentBooks', 'recentOrders']],
  ];

  it.each(READS)('%s requires %j', (operationId, fields) => {
    const required = requiredOf(replySchema(operationId));
    for (const field of fields) expect(required, `${operationId}.${field}`).toContain(field);
  });

  it('requires the nested fields the screens read', () => {
    expect([...requiredOf(schemas.RegisterResponse.properties.user)]).toContain('id');
    expect([...requiredOf(schemas.Pagination)]).toEqual(expect.arrayContaining(['totalPages', 'totalItems']));
    expect([...requiredOf(schemas.Order)]).toEqual(expect.arrayContaining(['orderId', 'username', 'orderDate', 'status', 'originalTotal', 'discountRate', 'finalTotal', 'orderItems']));
    expect([...requiredOf(schemas.Review)]).toEqual(expect.arrayContaining(['reviewId', 'username', 'stars', 'comment']));
    expect([...requiredOf(schemas.CartItem)]).toEqual(expect.arrayContaining(['cartItemId', 'bookId', 'quantity', 'book']));
    expect([...requiredOf(schemas.Notification)]).toEqual(['message', 'createdAt']);
    const banner = schemas.ActiveAnnouncement.oneOf.find((variant: Json) => variant.properties.active.const === true);
    expect(banner.required).toEqual(expect.arrayContaining(['message', 'color', 'textColor', 'start', 'end']));
  });

  it('keeps the shared envelopes the allOf variants narrow', () => {
    expect(Object.keys(propertiesOf(schemas.StatusMessage)).sort()).toEqual(['code', 'message', 'status', 'statusCode']);
  });
});

describe('wire habits of the legacy client', () => {
  const pattern = (schema: Json) => new RegExp(schema.pattern);

  it('takes the timed discount as a number or a numeric string', () => {
    const discount = schemas.DiscountOfferRequest.properties.Discount;
    expect(discount.type).toEqual(['number', 'string']);
    expect(discount).toMatchObject({ minimum: 0, maximum: 100 });
    for (const ok of ['20', '0', '100', '12.5', '99.99']) expect(ok, ok).toMatch(pattern(discount));
    for (const bad of ['101', '-1', 'abc', '', '20%', '1e2', ' 20']) expect(bad, bad).not.toMatch(pattern(discount));
    expect(quirks('setDiscountOffer')).toMatch(/numeric strings/);
  });

  it('defines banner colours as five names, with legacy tokens and hex mapped on input', () => {
    expect(schemas.BannerColor.enum).toEqual(['Blue', 'Green', 'Red', 'Yellow', 'Purple']);
    expect(Object.keys(schemas.BannerColor['x-reference-hex'])).toEqual(schemas.BannerColor.enum);
    expect(Object.keys(schemas.BannerColor['x-default-text-color'])).toEqual(schemas.BannerColor.enum);
    expect(schemas.Announcement.properties.color).toEqual({ $ref: '#/components/schemas/BannerBackground' });
    expect(schemas.Announcement.properties.textColor).toEqual({ $ref: '#/components/schemas/BannerTextColor' });
    for (const operationId of ['createAnnouncement', 'updateAnnouncement']) {
      const body = deref(contract, deref(contract, op(operationId).requestBody).content['application/json'].schema);
      expect(body.properties.Color).toEqual({ $ref: '#/components/schemas/BannerColorInput' });
      expect(body.properties.TextColor).toEqual({ $ref: '#/components/schemas/BannerTextColorInput' });
    }
    const accepts = (schema: Json, value: string) =>
      schema.anyOf.some((variant: Json) => {
        const v = deref(contract, variant);
        return v.enum ? v.enum.includes(value) : new RegExp(v.pattern).test(value);
      });
    for (const ok of ['Blue', 'bg-green-100', 'bg-purple-950', '#2563eb', '#FFF', 'bg-[#7BEC7A]', 'bg-[#fe0]']) {
      expect(accepts(schemas.BannerColorInput, ok), ok).toBe(true);
    }
    for (const bad of ['url(https://evil.example/x.png)', 'red; background:url(x)', 'bg-black-100', 'blue', '#12345', 'var(--x)', 'bg-[url(x)]', 'bg-[#12345]', 'bg-[red]']) {
      expect(accepts(schemas.BannerColorInput, bad), bad).toBe(false);
    }
    for (const ok of ['#ffffff', '#1F2937', 'text-white', 'text-green-800', 'text-[#7BEC7A]']) expect(accepts(schemas.BannerTextColorInput, ok), ok).toBe(true);
    for (const bad of ['white', 'expression(alert(1))', 'text-green-800; x', 'text-[red]', 'text-[url(x)]']) {
      expect(accepts(schemas.BannerTextColorInput, bad), bad).toBe(false);
    }
    // What a server answers is a value it takes back as is.
    for (const ok of ['Green', 'bg-[#7bec7a]']) expect(accepts(schemas.BannerBackground, ok) && accepts(schemas.BannerColorInput, ok), ok).toBe(true);
    for (const bad of ['bg-[#7BEC7A]', 'bg-[#fe0]', 'bg-green-100', '#7bec7a']) expect(accepts(schemas.BannerBackground, bad), bad).toBe(false);
    // Every answer in the examples uses a name and a hex.
    const banners = [...example('listAnnouncements').data, example('getActiveAnnouncement')];
    for (const banner of banners) {
      expect(schemas.BannerColor.enum).toContain(banner.color);
      expect(banner.textColor).toMatch(new RegExp(schemas.BannerTextColor.pattern));
    }
  });

  it('documents the hex-to-name mapping the server must apply', () => {
    expect(schemas.BannerColorInput.description).toMatch(/nearest/);
    expect(schemas.BannerColorInput.description).toMatch(/bg-green-100/);
    expect(schemas.BannerTextColorInput.description).toMatch(/text-white.*#ffffff/s);
  });
});

describe('target behaviour, with the legacy behaviour kept as a quirk', () => {
  it.each([
    ['placeOrder', /Not enough stock for book: \{title\}/, /neither checks nor reserves stock/],
    ['placeOrder', /while the book's deal runs, isOnSale and\s+startTime <= now <= endTime/, /whether or not its sale window is running/],
    ['placeOrder', /not exactly that is 409/, /`expectedTotal` is this contract's/],
    ['verifyOrder', /Cannot verify a cancelled order/, /does not refuse Cancelled orders/],
    ['verifyOrder', /case-insensitively/, /case-sensitively/],
    ['verifyEmail', /15 minutes/, /never expire/],
    ['verifyEmail', /5 wrong codes/, /unlimited tries/],
    ['updateCartItem', /up to the book's stock, the last copy included/, /last copy could never be bought/],
    ['addCartItem', /adds to that line's\s+quantity/, /adds a new line/],
    ['addReview', /Completed order containing the book/, /no duplicate check/],
    ['addReview', /one review per customer and book/, /no blank-comment check/],
    ['registerUser', /first account of an empty database\s+becomes Admin, decided under a lock/, /plain count/],
    ['registerUser', /not verified yet/, /Email is already registered/],
    ['setDiscountOffer', /outside that window the book sells at\s+its list price/, /never resets the discount/],
  ] as [string, RegExp, RegExp][])('%s: %s', (operationId, target, legacy) => {
    expect(text(operationId)).toMatch(target);
    expect(quirks(operationId)).toMatch(legacy);
  });

  it('checks Stars and a non-blank Comment in the request schema', () => {
    const review = schemas.ReviewRequest.properties;
    expect(review.Stars).toMatchObject({ minimum: 1, maximum: 5 });
    expect('   ').not.toMatch(new RegExp(review.Comment.pattern));
    expect(' ok ').toMatch(new RegExp(review.Comment.pattern));
  });
});

describe('attempt limits where guessing pays', () => {
  const AUTH_LIMITED = ['loginUser', 'verifyEmail', 'registerUser', 'resendVerificationCode', 'requestPasswordReset', 'resetPassword', 'changePassword'];
  it.each(AUTH_LIMITED)('%s answers 429 in plain text with Retry-After', (operationId) => {
    const response = deref(contract, op(operationId).responses['429']);
    expect(Object.keys(response.content)).toEqual(['text/plain']);
    expect(deref(contract, response.headers['Retry-After']).schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(text(operationId)).toMatch(/limited per .* and per client address/);
  });

  it('verifyOrder answers 429 in its JSON envelope with Retry-After (the claim code, per order and per staff account)', () => {
    const response = op('verifyOrder').responses['429'];
    expect(Object.keys(response.content)).toEqual(['application/json']);
    expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorBody');
    expect(response.content['application/json'].examples['too-many-attempts'].value).toEqual({ status: 'error', message: 'Too many attempts. Please try again later.' });
    expect(response.headers['Retry-After']).toEqual(deref(contract, op('loginUser').responses['429']).headers['Retry-After']);
    expect(text('verifyOrder')).toMatch(/limited per order .* and per staff account/s);
    expect(quirks('verifyOrder')).toMatch(/limited no claim-code tries/);
  });

  it('limits no other operation', () => {
    const limited = operations.filter((entry) => entry.operation.responses['429']).map((entry) => entry.operation.operationId);
    expect(limited.sort()).toEqual([...AUTH_LIMITED, 'resendOrderConfirmation', 'verifyOrder'].sort());
    expect(quirks('loginUser')).toMatch(/limited no sign-in, code or registration attempts/);
  });
});

describe('accounts a customer can recover (issue 29)', () => {
  it('answers a password reset request the same whether an account matched or not, with one example', () => {
    expect(text('requestPasswordReset')).toMatch(/same whether an account matched or not/);
    expect(Object.keys(op('requestPasswordReset').responses).sort()).toEqual(['200', '422', '429', '503']);
    expect(responseExamples(contract, op('requestPasswordReset'), '200')).toHaveLength(1);
  });

  it('ends every earlier session on a password change or reset, and says so on the document', () => {
    for (const operationId of ['changePassword', 'resetPassword']) expect(text(operationId), operationId).toMatch(/issued before it[^.]*401/s);
    expect(contract.info.description).toMatch(/revoked one: a token issued before its account's password was changed or reset/);
    expect(requiredOf(replySchema('changePassword'))).toContain('token');
  });

  it('gives a reset code the registration code\'s rules: 5 digits, 15 minutes, 5 tries', () => {
    expect(schemas.ResetPasswordRequest.properties.code.pattern).toBe(schemas.VerifyEmailRequest.properties.VerificationCode.pattern);
    expect(text('requestPasswordReset')).toMatch(/5-digit reset code[\s\S]*15 minutes, 5 wrong tries/);
  });
});

describe('paging, sorting and filters of GET /book/all', () => {
  const description = text('listBooks');
  const sortBy = op('listBooks').parameters.find((p: Json) => p.name === 'sortBy').schema.enum as string[];

  it('explains every sort, its tie-break and what sortDesc means', () => {
    for (const value of sortBy.filter(Boolean)) expect(description, value).toContain(`\`${value}\``);
    expect(description).toMatch(/Every sort ends with\s+bookId ascending/);
    expect(description).toMatch(/Filter-like sorts.*sortDesc true =\s+newest first/s);
  });

  it('combines filters with AND and defines out-of-range pages and totalPages', () => {
    expect(description).toMatch(/Filters combine with AND: `genre`.*`search`.*`author`/s);
    expect(description).toMatch(/totalPages = ceil\(totalItems \/ pageSize\)/);
    expect(description).toMatch(/A page after the last is not an error: 200 with empty `data`/);
  });

  it('types genre as a Genre', () => {
    expect(op('listBooks').parameters.find((p: Json) => p.name === 'genre').schema).toEqual({ $ref: '#/components/schemas/Genre' });
  });
});

describe('examples that agree with each other (as of 2026-11-21)', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const DAY = 86_400_000;
  const catalogue: Json[] = contract.components.examples.catalogue.value;
  const bookById = new Map(catalogue.map((book) => [book.bookId, book]));
  const orders: Json[] = example('listAllOrders').data;
  const saleRunning = (book: Json, at: number) =>
    book.isOnSale && book.startTime !== null && Date.parse(book.startTime) <= at && at <= Date.parse(book.endTime);
  const round2 = (n: number) => Math.round(n * 100) / 100;

  it('prices every order line as the customer saw it, and totals it', () => {
    for (const order of orders) {
      const at = Date.parse(order.orderDate);
      let subtotal = 0;
      for (const line of order.orderItems) {
        const book = bookById.get(line.bookId);
        expect(book, `${order.orderId} ${line.title}`).toBeDefined();
        expect(line).toMatchObject({ title: book.title, pricePerUnit: book.price });
        expect(Date.parse(book.createdAt), `${line.title} exists when ordered`).toBeLessThan(at);
        const charged = line.quantity * line.pricePerUnit * (saleRunning(book, at) ? 1 - book.discount / 100 : 1);
        expect(line, `${order.orderId} ${line.title}`).toMatchObject({ itemCode: book.isbn, totalPrice: round2(charged) });
        subtotal += charged;
      }
      expect(order.shippingCost, order.orderId).toBe(0);
      const quantity = order.orderItems.reduce((sum: number, line: Json) => sum + line.quantity, 0);
      expect(order.originalTotal, order.orderId).toBe(round2(subtotal));
      expect(order.discountRate, order.orderId).toBe(quantity >= 5 ? 0.05 : 0);
      expect(order.finalTotal, order.orderId).toBe(round2(subtotal * (1 - order.discountRate)));
      expect(order.bookTitles).toEqual(order.orderItems.map((line: Json) => line.title));
    }
    const dates = orders.map((order) => Date.parse(order.orderDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('gives every order a history that agrees with it: placed at orderDate by its customer, then what its status says', () => {
    const last: Record<string, string | undefined> = { Pending: 'placed', Ready: 'ready', Completed: 'completed', Cancelled: 'cancelled', Expired: 'expired' };
    for (const order of orders) {
      expect(order.history[0], order.orderId).toEqual({ kind: 'placed', at: order.orderDate, by: order.username });
      expect(order.history.at(-1).kind, order.orderId).toBe(last[order.status]);
      const ready = order.history.find((event: Json) => event.kind === 'ready');
      // The hold period (PICKUP_HOLD_DAYS, 7 by default) runs from the moment it was marked ready.
      if (order.status === 'Ready') expect(Date.parse(order.expiresAt) - Date.parse(ready.at), order.orderId).toBe(7 * 86_400_000);
      else expect(order.expiresAt, order.orderId).toBeUndefined();
    }
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['Pending', 'Ready', 'Completed', 'Cancelled']));
  });

  it("lists sita's orders as her share of all orders", () => {
    // The owner's list alone carries the claim codes of her open orders; staff lists never do.
    const { claimCode, ...withoutCode } = example('listMyOrders').data[0];
    expect(claimCode).toMatch(/^[0-9A-F]{8}$/);
    expect([withoutCode, ...example('listMyOrders').data.slice(1)]).toEqual(orders.filter((order) => order.username === 'sita'));
    for (const order of orders) expect(order.claimCode, order.orderId).toBeUndefined();
  });

  it('has reviews only from customers with a Completed order containing the book, made before the review', () => {
    const reviews = [...catalogue.flatMap((book) => book.reviews), ...contract.components.examples['muna-madan-reviews'].value];
    expect(reviews.length).toBeGreaterThan(5);
    for (const review of reviews) {
      const bought = orders.find(
        (order) => order.username === review.username && order.status === 'Completed' &&
          order.orderItems.some((line: Json) => line.bookId === review.bookId) && Date.parse(order.orderDate) < Date.parse(review.createdAt),
      );
      expect(bought, `${review.username} reviewed ${bookById.get(review.bookId)?.title}`).toBeDefined();
    }
    for (const book of catalogue) {
      const mean = book.reviews.length ? book.reviews.reduce((sum: number, r: Json) => sum + r.stars, 0) / book.reviews.length : 0;
      expect(book.averageStars, book.title).toBe(Math.round(mean * 10) / 10);
    }
  });

  it('gives dashboard figures that agree with the orders, books, users and notifications', () => {
    const dashboard = example('getDashboard');
    const completed = orders.filter((order) => order.status === 'Completed');
    expect(dashboard.totalOrders).toBe(orders.length);
    expect(dashboard.totalRevenue).toBe(round2(completed.reduce((sum, order) => sum + order.finalTotal, 0)));
    expect(dashboard.totalBooks).toBe(catalogue.length);
    expect(dashboard.totalCustomers).toBe(example('listUsers').totalCount);
    const today = new Date(NOW);
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 6 * DAY;
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (const order of orders) {
      const at = Date.parse(order.orderDate);
      if (at >= start && at <= NOW) counts[new Date(at).getUTCDay()]! += 1;
    }
    expect(dashboard.weeklySales.map((day: Json) => day.count)).toEqual(counts);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(3);
    expect(dashboard.recentOrders.map((order: Json) => [order.orderId, order.username, order.orderDate, order.finalTotal, order.status])).toEqual(
      orders.slice(0, 3).map((order) => [order.orderId, order.username, order.orderDate, order.finalTotal, order.status]),
    );
    const users = example('listUsers').data;
    for (const recent of dashboard.recentOrders) expect(recent.email).toBe(users.find((u: Json) => u.username === recent.username)?.email);
    expect(dashboard.recentBooks.map((book: Json) => book.bookId)).toEqual(catalogue.slice(0, 3).map((book) => book.bookId));
    expect(dashboard.recentNotifications).toEqual(example('listNotifications').data.slice(0, 4));
  });

  it('counts every book of the example catalogue in its genre, the nine genres in order, as GET /book/all?genre= does', () => {
    const genres: string[] = contract.components.schemas.Genre.enum;
    const counts = example('listGenreCounts').data;
    expect(counts.map((entry: Json) => entry.genre)).toEqual(genres);
    for (const { genre, count } of counts) expect(count, genre).toBe(catalogue.filter((book) => book.genre === genre).length);
    expect(counts.reduce((sum: number, entry: Json) => sum + entry.count, 0)).toBe(catalogue.length);
    // The list examples that filter by a genre say the same total.
    const filtered = responseExamples(contract, op('listBooks'), '200').filter(([name]) => genres.map((g) => g.toLowerCase()).includes(name));
    expect(filtered.length).toBeGreaterThan(1);
    for (const [name, page] of filtered) expect(page.pagination.totalItems, name).toBe(counts.find((entry: Json) => entry.genre.toLowerCase() === name).count);
  });

  it('ranks best sellers by the order lines of the example orders', () => {
    const counts = new Map<string, number>();
    for (const order of orders) for (const line of order.orderItems) counts.set(line.bookId, (counts.get(line.bookId) ?? 0) + 1);
    const ranked = [...counts.entries()]
      .map(([bookId, orderCount]) => ({ bookId, orderCount, title: bookById.get(bookId).title as string }))
      .sort((a, b) => b.orderCount - a.orderCount || a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.bookId.localeCompare(b.bookId))
      .slice(0, 10);
    expect(example('listBestSellers').data.map((entry: Json) => [entry.book.bookId, entry.orderCount])).toEqual(
      ranked.map((entry) => [entry.bookId, entry.orderCount]),
    );
  });

  it('stores a purchase notification for every pickup it lists, after the order', () => {
    for (const notification of example('listNotifications').data) {
      const bought = /^(.+?) (?:was|and \d+ more were) just bought$/.exec(notification.message);
      const added = /^New book added! (.+)$/.exec(notification.message);
      if (bought) {
        expect(
          orders.some((o) => o.bookTitles[0] === bought[1] && o.status === 'Completed' && Date.parse(o.orderDate) < Date.parse(notification.createdAt)),
          notification.message,
        ).toBe(true);
      } else {
        expect(added, notification.message).not.toBeNull();
        expect(catalogue.find((book) => book.title === added![1])?.createdAt).toBe(notification.createdAt);
      }
    }
  });

  it('uses absolute cover URLs in every example', () => {
    const urls: string[] = [];
    const visit = (node: Json) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries<Json>(node)) {
        if (key === 'imageUrl' && typeof value === 'string') urls.push(value);
        else visit(value);
      }
    };
    visit(contract.paths);
    visit(contract.components.examples);
    expect(urls.length).toBeGreaterThan(27);
    for (const url of urls) expect(url).toMatch(/^https?:\/\/[^/]+\/covers\/[a-z0-9-]+\.svg$/);
    expect(schemas.Book.properties.imageUrl.format).toBe('uri');
  });
});
