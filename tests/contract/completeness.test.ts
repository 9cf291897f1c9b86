// The contract covers every call of the spec (section 7) with the exact method and path, the
// operationIds/tags/auth the other packages code against, the quirks, and examples rich
// enough for the mock to make the app look real.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationLookup, operationsOf, repoRoot, responseExamples, type Json } from './contract-helpers';

type Auth = 'public' | 'bearer';

// Spec section 7, one row per distinct method + path, spelled as the spec writes them.
const SPEC_CALLS: [method: string, path: string, operationId: string, tag: string, auth: Auth][] = [
  ['POST', '/Auth/register', 'registerUser', 'auth', 'public'],
  ['POST', '/auth/login', 'loginUser', 'auth', 'public'],
  ['PUT', '/auth/verify', 'verifyEmail', 'auth', 'public'],
  // Beyond the spec (issue 29, accounts): a new one-time code, the forgotten and the changed password.
  ['POST', '/auth/resend-code', 'resendVerificationCode', 'auth', 'public'],
  ['POST', '/auth/forgot-password', 'requestPasswordReset', 'auth', 'public'],
  ['POST', '/auth/reset-password', 'resetPassword', 'auth', 'public'],
  ['POST', '/auth/change-password', 'changePassword', 'auth', 'bearer'],
  ['GET', '/user/getuserbyid/{id}', 'getUserById', 'users', 'bearer'],
  ['PUT', '/user/updaterole/{userId}', 'updateUserRole', 'users', 'bearer'],
  ['GET', '/user/getallusers', 'listUsers', 'users', 'bearer'],
  ['GET', '/user/getAllStaffs', 'listStaff', 'users', 'bearer'],
  ['GET', '/book/all', 'listBooks', 'books', 'public'],
  ['GET', '/book/bestSeller', 'listBestSellers', 'books', 'public'],
  // Beyond the spec (issue 29): the home page's genre counts over the whole catalogue.
  ['GET', '/book/genres', 'listGenreCounts', 'books', 'public'],
  ['GET', '/book/bookByAuthor/{author}', 'listBooksByAuthor', 'books', 'public'],
  ['GET', '/bookcrud/getallbooks', 'listAllBooks', 'catalog-admin', 'public'],
  ['GET', '/bookcrud/getbookbyid/{bookId}', 'getBookById', 'catalog-admin', 'public'],
  ['GET', '/api/bookcrud/get/{id}', 'getBookTitle', 'catalog-admin', 'public'],
  // The legacy client's header call really arrives as {origin}/api/bookcrud/get/{id}.
  ['GET', '/bookcrud/get/{id}', 'getBookForHeader', 'catalog-admin', 'public'],
  ['POST', '/bookcrud/create', 'createBook', 'catalog-admin', 'bearer'],
  ['PUT', '/bookcrud/updatebook/{bookId}', 'updateBook', 'catalog-admin', 'bearer'],
  ['PUT', '/bookcrud/discountOffer/{bookId}', 'setDiscountOffer', 'catalog-admin', 'bearer'],
  ['DELETE', '/bookcrud/deletebook/{bookId}', 'deleteBook', 'catalog-admin', 'bearer'],
  ['GET', '/book/getWishlist', 'getWishlist', 'wishlist', 'bearer'],
  ['GET', '/book/checkWishlist/{bookId}', 'checkWishlist', 'wishlist', 'bearer'],
  ['POST', '/book/addWishlist', 'addToWishlist', 'wishlist', 'bearer'],
  ['DELETE', '/book/remove/{bookId}', 'removeFromWishlist', 'wishlist', 'bearer'],
  ['PUT', '/book/remove/{bookId}', 'removeFromWishlistByPut', 'wishlist', 'bearer'],
  ['POST', '/addToCart/add', 'addCartItem', 'cart', 'bearer'],
  ['GET', '/addToCart/getcartitems', 'listCartItems', 'cart', 'bearer'],
  ['PUT', '/addToCart/update/{cartItemId}', 'updateCartItem', 'cart', 'bearer'],
  ['DELETE', '/addToCart/remove/{cartItemId}', 'removeCartItem', 'cart', 'bearer'],
  ['POST', '/order/place', 'placeOrder', 'orders', 'bearer'],
  ['GET', '/order/userOrder', 'listMyOrders', 'orders', 'bearer'],
  ['PUT', '/order/cancel/{orderId}', 'cancelOrder', 'orders', 'bearer'],
  // Beyond the spec (issue 29, the pickup lifecycle): the confirmation e-mail again, ready for pickup, cancelled by the shop.
  ['POST', '/order/resendConfirmation/{orderId}', 'resendOrderConfirmation', 'orders', 'bearer'],
  ['GET', '/order/all', 'listAllOrders', 'orders', 'bearer'],
  // Beyond the spec (issue 30, the counter): a completed order's receipt.
  ['GET', '/order/receipt/{orderId}', 'getOrderReceipt', 'orders', 'bearer'],
  // Beyond the spec (issue 29, part 4): the shop's pickup information, from the server's configuration.
  // Beyond the spec (issue 30, the counter): the orders searched, filtered and paged by the server.
  ['GET', '/order/search', 'searchOrders', 'orders', 'bearer'],
  ['GET', '/shop/info', 'getShopInfo', 'orders', 'public'],
  ['PUT', '/staff/verifyOrder/{orderId}', 'verifyOrder', 'staff', 'bearer'],
  ['PUT', '/staff/readyOrder/{orderId}', 'markOrderReady', 'staff', 'bearer'],
  ['PUT', '/staff/cancelOrder/{orderId}', 'cancelOrderByShop', 'staff', 'bearer'],
  ['GET', '/review/getReviews/{bookId}', 'listReviews', 'reviews', 'public'],
  ['POST', '/review/addReview', 'addReview', 'reviews', 'bearer'],
  // Beyond the spec (issue 30, the records): review moderation and the activity log.
  ['POST', '/review/hide/{reviewId}', 'hideReview', 'reviews', 'bearer'],
  ['GET', '/notification/all', 'listNotifications', 'notifications', 'public'],
  // Spec section 7, "Live connection": the hub's negotiate call (outside the /api base).
  ['POST', '/hubs/notification/negotiate', 'negotiateNotificationHub', 'notifications', 'public'],
  ['GET', '/announcement/active', 'getActiveAnnouncement', 'announcements', 'public'],
  ['GET', '/announcement/all', 'listAnnouncements', 'announcements', 'bearer'],
  ['POST', '/announcement/addAnnouncement', 'createAnnouncement', 'announcements', 'bearer'],
  ['PUT', '/announcement/update/{id}', 'updateAnnouncement', 'announcements', 'bearer'],
  ['DELETE', '/announcement/delete/{id}', 'deleteAnnouncement', 'announcements', 'bearer'],
  ['GET', '/dashboard/all', 'getDashboard', 'dashboard', 'bearer'],
  ['GET', '/activity/all', 'listActivity', 'activity', 'bearer'],
  // Beyond the spec (issue 30, the numbers): the sales report and its CSV exports.
  ['GET', '/report/sales', 'getSalesReport', 'reports', 'bearer'],
  ['GET', '/report/csv', 'exportReportCsv', 'reports', 'bearer'],
];

const TAGS = ['auth', 'users', 'books', 'catalog-admin', 'wishlist', 'cart', 'orders', 'staff', 'reviews', 'notifications', 'announcements', 'dashboard', 'activity', 'reports'];
const GENRES = ['Fiction', 'Non-Fiction', 'Science', 'History', 'Biography', 'Fantasy', 'Mystery', 'Romance', 'Horror'];
const FORMATS = ['Paperback', 'Hardcover', 'Signed Edition', 'Limited Edition', 'First Edition', "Collector's Edition", "Author's Edition", 'Deluxe Edition'];
const SCHEMAS = ['Book', 'BestSeller', 'Review', 'Order', 'OrderItem', 'PlacedOrder', 'CartItem', 'User', 'Role', 'Announcement', 'ActiveAnnouncement', 'Notification', 'DashboardSummary', 'WeeklySale', 'Activity', 'Pagination', 'ProblemDetails', 'ErrorBody'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IDS = { admin: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a01', staff: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a02', customer: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03' };

const contract = loadContract();
const operations = operationsOf(contract);
const op = operationLookup(operations);
const catalogue: Json[] = contract.components.examples.catalogue.value;
const firstExample = (operationId: string, status = '200'): Json => responseExamples(contract, op(operationId), status)[0]?.[1];

describe('spec section 7 calls', () => {
  it.each(SPEC_CALLS)('%s %s is in the contract as %s', (method, path, operationId, tag) => {
    const operation = contract.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} missing`).toBeDefined();
    expect(operation.operationId).toBe(operationId);
    expect(operation.tags).toEqual([tag]);
  });

  it('has no operation the spec does not list', () => {
    const listed = new Set(SPEC_CALLS.map(([method, path]) => `${method} ${path}`));
    expect(operations.map(({ method, path }) => `${method} ${path}`).filter((key) => !listed.has(key))).toEqual([]);
    expect(operations).toHaveLength(SPEC_CALLS.length);
  });

  it('is OpenAPI 3.1 served under /api', () => {
    expect(contract.openapi).toMatch(/^3\.1\./);
    expect(contract.servers).toEqual([expect.objectContaining({ url: '/api' })]);
  });
});

describe('every operation', () => {
  it('has a unique operationId, one declared tag and a summary', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(TAGS, `${method} ${path}`).toContain(operation.tags[0]);
      expect(typeof operation.summary === 'string' && operation.summary.trim().length > 0, `${method} ${path} summary`).toBe(true);
    }
  });

  it('uses the fourteen declared tags, each with a description', () => {
    expect(contract.tags.map((tag: Json) => tag.name)).toEqual(TAGS);
    for (const tag of contract.tags) expect(tag.description, tag.name).toMatch(/\S/);
  });

  it('is public or bearer exactly as the brief lists', () => {
    expect(contract.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(contract.security === undefined || (Array.isArray(contract.security) && contract.security.length === 0)).toBe(true);
    for (const [method, path, operationId, , auth] of SPEC_CALLS) {
      const operation = op(operationId);
      const expected = auth === 'public' ? [] : [{ bearerAuth: [] }];
      expect(operation.security, `${method} ${path}`).toEqual(expected);
    }
  });

  it('answers 401 with the shared Unauthorized response on every bearer operation', () => {
    for (const [method, path, operationId, , auth] of SPEC_CALLS) {
      const unauthorized = op(operationId).responses['401'];
      if (auth === 'bearer') expect(unauthorized, `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
      // Only sign-in (and a new code, which checks the password as sign-in does) may answer 401
      // without a token, with their own messages.
      else if (operationId === 'loginUser' || operationId === 'resendVerificationCode') expect(unauthorized.$ref).toBeUndefined();
      else expect(unauthorized, `${method} ${path}`).toBeUndefined();
    }
    const shared = contract.components.responses.Unauthorized;
    expect(Object.keys(shared.content)[0]).toBe('application/json');
    expect(responseExamples(contract, { responses: { '401': shared } }, '401')[0][1]).toMatchObject({ message: 'Unauthorized' });
  });

  it('answers 422 problem details wherever there is a body or a constrained parameter', () => {
    const constrained = (schema: Json) =>
      schema && ['format', 'enum', 'minimum', 'maximum', 'pattern', 'minLength'].some((key) => key in schema);
    for (const { method, path, operation, pathItem } of operations) {
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(contract, p));
      const needs422 = operation.requestBody !== undefined || parameters.some((p: Json) => constrained(p.schema));
      if (!needs422) continue;
      const response = deref(contract, operation.responses['422']);
      expect(response?.content?.['application/problem+json']?.schema, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/ProblemDetails' });
    }
  });

  it('declares its path parameters as GUIDs, except the author name', () => {
    const GUID = '0f0e0000-0000-4000-8000-00000000000a';
    for (const { method, path, operation } of operations) {
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const parameter = (operation.parameters ?? []).map((p: Json) => deref(contract, p)).find((p: Json) => `{${p.name}}` === name);
        expect(parameter, `${method} ${path} ${name}`).toMatchObject({ in: 'path', required: true });
        if (name === '{author}') continue;
        const schema = deref(contract, parameter.schema);
        expect(schema.format, `${method} ${path} ${name}`).toBe('uuid');
        // format: uuid alone also takes urn:uuid:..., which the database refuses: the canonical form only, any case.
        const canonical = new RegExp(schema.pattern);
        expect([GUID, GUID.toUpperCase(), `urn:uuid:${GUID}`].map((id) => canonical.test(id)), `${method} ${path} ${name}`).toEqual([true, true, false]);
      }
    }
  });
});

describe('request payloads', () => {
  const bodySchema = (operationId: string, mediaType = 'application/json') =>
    deref(contract, deref(contract, op(operationId).requestBody).content[mediaType].schema);

  it('keep the legacy PascalCase property names', () => {
    expect(Object.keys(bodySchema('verifyEmail').properties).sort()).toEqual(['Id', 'VerificationCode']);
    expect(Object.keys(bodySchema('addReview').properties).sort()).toEqual(['Comment', 'Stars', 'bookId']);
    expect(Object.keys(bodySchema('setDiscountOffer').properties).sort()).toEqual(['Discount', 'EndTime', 'IsOnSale', 'StartTime']);
    // PaymentMethod (issue 30) is PascalCase like the ClaimCode the legacy client sends beside it.
    expect(Object.keys(bodySchema('verifyOrder').properties)).toEqual(['ClaimCode', 'PaymentMethod']);
    for (const operationId of ['createAnnouncement', 'updateAnnouncement']) {
      expect(Object.keys(bodySchema(operationId).properties).sort()).toEqual(['Color', 'EndTime', 'IsPinned', 'Message', 'StartTime', 'TextColor']);
    }
    expect(Object.keys(bodySchema('registerUser').properties).sort()).toEqual(['confirmPassword', 'email', 'password', 'username']);
    expect(Object.keys(bodySchema('addCartItem').properties).sort()).toEqual(['bookId', 'quantity']);
  });

  it('take the role change as a bare JSON string, Staff or User only, and answer 204', () => {
    const role = bodySchema('updateUserRole');
    expect(role.type).toBe('string');
    expect(role.enum).toEqual(['Staff', 'User']);
    expect(Object.keys(op('updateUserRole').responses).filter((status) => status.startsWith('2'))).toEqual(['204']);
  });

  it('take no body or `{}` (what axios sends) when placing or cancelling an order or removing with PUT', () => {
    for (const operationId of ['placeOrder', 'cancelOrder', 'removeFromWishlistByPut']) {
      const body = deref(contract, op(operationId).requestBody);
      expect(body.required, operationId).toBe(false);
      expect(Object.keys(body.content), operationId).toEqual(['application/json']);
      expect(bodySchema(operationId), operationId).toMatchObject({ type: 'object', additionalProperties: false });
      // `{}` is valid: nothing is required (placing an order takes an optional expectedTotal, issue 28).
      expect(bodySchema(operationId).required ?? [], operationId).toEqual([]);
      expect(Object.keys(bodySchema(operationId).properties ?? {}), operationId).toEqual(operationId === 'placeOrder' ? ['expectedTotal'] : []);
      expect(deref(contract, op(operationId).responses['422']).content['application/problem+json'], operationId).toBeDefined();
    }
  });

  it('send books as multipart with a binary image part', () => {
    for (const operationId of ['createBook', 'updateBook']) {
      const form = bodySchema(operationId, 'multipart/form-data');
      const image = form.properties.image;
      expect(image.anyOf ?? [image], operationId).toContainEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
      expect(form.required).not.toContain('image');
      expect(form.properties.price.type).toBe('number');
      expect(form.properties.quantity.type).toBe('integer');
    }
  });

  it('keep the create form closed and take the edit form as the legacy form posts it', () => {
    const create = bodySchema('createBook', 'multipart/form-data');
    const update = bodySchema('updateBook', 'multipart/form-data');
    expect(create.additionalProperties).toBe(false);
    expect(update.additionalProperties).toBe(true);
    for (const postedBack of ['bookId', 'imageUrl', 'createdAt', 'averageStars', 'reviews']) {
      expect(update.properties[postedBack], postedBack).toBeDefined();
      expect(update.required).not.toContain(postedBack);
    }
    // An empty text part for `image` (no cover chosen) is allowed on update only.
    expect(update.properties.image.anyOf).toContainEqual({ type: 'string', maxLength: 0 });
    expect(create.properties.image).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(update.required).toEqual(create.required);
  });
});

describe('schemas', () => {
  it('include every shared name the SDK exports', () => {
    for (const name of SCHEMAS) expect(contract.components.schemas[name], name).toBeDefined();
  });

  it('never declare an object without properties', () => {
    const visit = (schema: Json, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (Array.isArray(schema)) return schema.forEach((item, i) => visit(item, `${where}[${i}]`));
      const types = [schema.type].flat();
      if (types.includes('object')) {
        // The one deliberate exception is an explicitly empty object (`maxProperties: 0`).
        const hasShape =
          Object.keys(schema.properties ?? {}).length > 0 || typeof schema.additionalProperties === 'object' || schema.maxProperties === 0;
        expect(hasShape, `${where} is an empty object`).toBe(true);
      }
      for (const [key, value] of Object.entries<Json>(schema)) {
        if (key !== 'example' && key !== 'examples') visit(value, `${where}.${key}`);
      }
    };
    visit(contract.components.schemas, 'components.schemas');
    visit(contract.paths, 'paths');
  });

  it('use numbers for money, integers for stock and a fraction for discountRate', () => {
    const { Book, Order, OrderItem } = contract.components.schemas;
    expect(Book.properties.price.type).toBe('number');
    expect(Book.properties.discount.type).toBe('number');
    expect(Book.properties.quantity.type).toBe('integer');
    expect(Order.properties.discountRate.maximum).toBe(1);
    expect(Order.required).toContain('originalTotal');
    expect(Order.required).toContain('shippingCost');
    for (const filled of ['itemCode', 'totalPrice']) expect(OrderItem.required).toContain(filled);
    expect(contract.components.schemas.Review.properties.stars.type).toBe('integer');
  });
});

describe('quirks', () => {
  const quirksOf = (operationId: string): string => {
    const quirks = op(operationId)['x-quirks'];
    expect(Array.isArray(quirks) && quirks.length > 0, `${operationId} has x-quirks`).toBe(true);
    for (const quirk of quirks) expect(typeof quirk).toBe('string');
    return quirks.join('\n');
  };

  it.each([
    ['getBookTitle', /\/api\/api\/bookcrud/],
    ['getBookTitle', /getBookForHeader/],
    ['getBookForHeader', /\{origin\}\/api\/bookcrud\/get\/\{id\}/],
    ['getBookForHeader', /doubled/],
    ['removeFromWishlistByPut', /PUT.*never matched/],
    ['updateUserRole', /bare JSON string/],
    ['updateUserRole', /interceptor sends one/],
    ['updateAnnouncement', /IdPinned.*colour objects/],
    ['listReviews', /404/],
    ['listReviews', /rating/],
    ['addReview', /Stars/],
    ['listAllBooks', /\{books/],
    ['listBooksByAuthor', /case-sensitive.*\n?.*plain-text 404|case-sensitive/],
    ['getBookById', /serves it to anyone/],
    ['registerUser', /\/Auth\/register/],
    ['listMyOrders', /fraction/],
    ['listMyOrders', /shippingCost/],
    ['listMyOrders', /originalTotal.*totalPrice.*itemCode/],
    ['listAllOrders', /No orders found/],
    ['verifyOrder', /Cancelled orders/],
    ['setDiscountOffer', /interceptor sends one/],
    ['createAnnouncement', /interceptor sends one/],
    ['deleteAnnouncement', /interceptor sends one/],
    ['updateCartItem', /interceptor sends one/],
    ['removeCartItem', /interceptor sends one/],
    ['placeOrder', /interceptor sends one/],
    ['cancelOrder', /interceptor sends one/],
    ['getDashboard', /role check/],
    ['listStaff', /getAllStaffs/],
  ] as [string, RegExp][])('%s explains %s', (operationId, pattern) => {
    expect(quirksOf(operationId)).toMatch(pattern);
  });

  it('lists the global ones on the document', () => {
    const global: string = contract['x-quirks'].join('\n');
    expect(global).toMatch(/\/Auth\/register.*\/auth\/login/);
    expect(global).toMatch(/getAllStaffs.*getallusers/);
    expect(global).toMatch(/PascalCase/);
    expect(global).toMatch(/inconsistent/i);
    expect(global).toMatch(/integer on the legacy server/);
    expect(global).toMatch(/percent.*fraction|fraction.*percent/);
    // The nine calls the spec's table shows without a token do carry one (the interceptor).
    expect(global).toMatch(/interceptor adds the stored token to every request/);
    expect(global).not.toMatch(/legacy client sends no token/);
    expect(global).toMatch(/Bearer null/);
    expect(global).toMatch(/`\{\}` with `Content-Type: application\/json`/);
    expect(global).toMatch(/"Discount": "20"/);
    expect(global).toMatch(/bg-green-100/);
    expect(global).toMatch(/absolute URL/);
  });
});

describe('example books', () => {
  it('hold at least 24 uniquely titled books across all nine genres and the formats', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(24);
    expect(new Set(catalogue.map((book) => book.title)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((book) => book.bookId)).size).toBe(catalogue.length);
    for (const book of catalogue) expect(book.bookId).toMatch(UUID);
    expect(new Set(catalogue.map((book) => book.genre))).toEqual(new Set(GENRES));
    expect(new Set(catalogue.map((book) => book.format))).toEqual(new Set(FORMATS));
  });

  it('include Nepali and international authors with rupee prices', () => {
    const authors = new Set(catalogue.map((book) => book.author));
    for (const author of ['Laxmi Prasad Devkota', 'Parijat', 'Buddhisagar', 'Narayan Wagle', 'Jhamak Ghimire', 'Manjushree Thapa', 'Samrat Upadhyay', 'Sushma Joshi']) {
      expect(authors, author).toContain(author);
    }
    expect(authors).toContain('J.R.R. Tolkien');
    for (const book of catalogue) expect(book.price, book.title).toBeGreaterThanOrEqual(300);
  });

  it('cover running, future, ended and absent sale windows', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    const running = catalogue.filter((b) => b.isOnSale && Date.parse(b.startTime) <= now && now <= Date.parse(b.endTime));
    // Every window ends within a few years of the examples' now: no countdown of thousands of days.
    for (const book of catalogue.filter((b) => b.endTime)) {
      expect(Date.parse(book.endTime) - now, book.title).toBeLessThan(4 * 366 * 86_400_000);
    }
    const future = catalogue.filter((b) => b.isOnSale && Date.parse(b.startTime) > now);
    const ended = catalogue.filter((b) => b.isOnSale && Date.parse(b.endTime) < now);
    const none = catalogue.filter((b) => !b.isOnSale && b.startTime === null && b.endTime === null);
    expect(running.length).toBeGreaterThanOrEqual(3);
    expect(future.length).toBeGreaterThanOrEqual(1);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(none.length).toBeGreaterThanOrEqual(5);
  });

  it('have an absolute imageUrl with a committed SVG cover behind it', () => {
    for (const book of catalogue) {
      expect(book.imageUrl, book.title).toMatch(/^http:\/\/localhost:4010\/covers\/[a-z0-9-]+\.svg$/);
      const file = resolve(repoRoot, 'packages/web/public', new URL(book.imageUrl).pathname.slice(1));
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(3 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 450"/);
      expect(svg).toContain(`<title id="t">${book.title.replace(/&/g, '&amp;')} by ${book.author}</title>`);
    }
  });

  it('page through listBooks as its pagination says (default page 1 = the newest books)', () => {
    const pages = responseExamples(contract, op('listBooks'), '200');
    for (const [name, page] of pages) {
      const { currentPage, pageSize, totalPages, totalItems } = page.pagination;
      expect(totalPages, name).toBe(Math.ceil(totalItems / pageSize));
      expect(page.data.length, name).toBe(Math.max(0, Math.min(pageSize, totalItems - (currentPage - 1) * pageSize)));
    }
    const page = firstExample('listBooks');
    const pageSize = deref(contract, op('listBooks').parameters.find((p: Json) => p.name === 'pageSize')).schema.default;
    expect(page.pagination).toEqual({ currentPage: 1, pageSize, totalPages: Math.ceil(catalogue.length / pageSize), totalItems: catalogue.length });
    expect(page.data.map((book: Json) => book.bookId)).toEqual(catalogue.slice(0, pageSize).map((book) => book.bookId));
    const page2 = pages.find(([name]) => name === 'page2')?.[1];
    expect(page2.data.map((book: Json) => book.bookId)).toEqual(catalogue.slice(pageSize, 2 * pageSize).map((book) => book.bookId));
    expect(firstExample('listAllBooks')).toHaveLength(catalogue.length);
  });
});

describe('other examples', () => {
  it('sign in as customer by default, or as admin or staff by name', () => {
    const examples = responseExamples(contract, op('loginUser'), '200');
    expect(examples.map(([name]) => name)).toEqual(['customer', 'admin', 'staff']);
    const [customer, admin, staff] = examples.map(([, value]) => value);
    expect(customer.user).toMatchObject({ id: IDS.customer, username: 'sita', role: 'User' });
    expect(admin.user).toMatchObject({ id: IDS.admin, role: 'Admin' });
    expect(staff.user).toMatchObject({ id: IDS.staff, role: 'Staff' });
    for (const { token } of [customer, admin, staff]) expect(token).toMatch(/^mock\.\w+\.token$/);
  });

  it('return sita from getUserById by default and claim code 7F3A9C21 from placeOrder', () => {
    expect(firstExample('getUserById')).toMatchObject({ username: 'sita', email: 'sita@example.com' });
    expect(firstExample('placeOrder').data).toMatchObject({ claimCode: '7F3A9C21', discountApplied: '5.00%' });
  });

  it('give every list an `empty` example', () => {
    for (const operationId of ['listUsers', 'listStaff', 'listBooks', 'listBestSellers', 'listGenreCounts', 'listAllBooks', 'getWishlist', 'listCartItems', 'listMyOrders', 'listAllOrders', 'listReviews', 'listNotifications', 'listAnnouncements']) {
      expect(responseExamples(contract, op(operationId), '200').map(([name]) => name), operationId).toContain('empty');
    }
  });

  it('fill the screens: paged users, order statuses, banner statuses, a week of sales', () => {
    expect(firstExample('listUsers')).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 73, totalPages: 8 });
    expect(firstExample('listUsers').data).toHaveLength(10);
    expect(new Set(firstExample('listMyOrders').data.map((order: Json) => order.status))).toEqual(new Set(['Pending', 'Completed', 'Cancelled']));
    for (const order of firstExample('listAllOrders').data) expect(order.orderItems.length).toBeGreaterThan(0);
    const now = Date.parse('2026-11-21T00:00:00Z');
    const statuses = firstExample('listAnnouncements').data.map((a: Json) =>
      !a.isPinned ? 'Inactive' : now < Date.parse(a.startTime) ? 'Scheduled' : now > Date.parse(a.endTime) ? 'Expired' : 'Active',
    );
    expect(new Set(statuses)).toEqual(new Set(['Inactive', 'Scheduled', 'Expired', 'Active']));
    const dashboard = firstExample('getDashboard');
    expect(dashboard.weeklySales.map((day: Json) => day.day)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(new Set(dashboard.recentOrders.map((order: Json) => order.status))).toEqual(new Set(['Completed', 'Ready', 'Pending']));
    expect(firstExample('getActiveAnnouncement')).toMatchObject({ active: true, start: expect.any(String), color: 'Blue' });
    expect(firstExample('listReviews').every((review: Json) => review.stars >= 1 && review.username)).toBe(true);
  });

  // The errors clients branch on, each a named example on the operation that sends it.
  it.each([
    ['registerUser', '400', 'text/plain', 'Username is already taken'],
    ['registerUser', '400', 'text/plain', 'Email is already registered'],
    ['loginUser', '401', 'text/plain', 'Invalid username or password'],
    ['loginUser', '401', 'text/plain', 'Please Verify user Account !'],
    ['verifyEmail', '404', 'text/plain', 'User not found'],
    ['verifyEmail', '400', 'text/plain', 'Invalid verification code'],
    ['getUserById', '404', 'application/json', 'User not found'],
    ['listBooks', '400', 'application/json', 'Page and pageSize must be greater than zero.'],
    ['getBookById', '404', 'application/json', 'Book not found'],
    ['addToWishlist', '400', 'application/json', 'Already bookmarked'],
    ['placeOrder', '400', 'application/json', 'Cart is empty'],
    ['listMyOrders', '404', 'application/json', 'No orders found'],
    ['listAllOrders', '404', 'application/json', 'No orders found'],
    ['cancelOrder', '404', 'application/json', 'Order not found'],
    ['cancelOrder', '400', 'application/json', 'Cannot cancel a completed or already cancelled order'],
    ['verifyOrder', '400', 'application/json', 'Claim code is required'],
    ['verifyOrder', '400', 'application/json', 'Invalid claim code'],
    ['verifyOrder', '400', 'application/json', 'Order already completed'],
    ['verifyOrder', '400', 'application/json', 'Not enough stock for book: Karnali Blues'],
    ['verifyOrder', '400', 'application/json', 'Cannot verify a cancelled order'],
    ['placeOrder', '400', 'application/json', 'Not enough stock for book: The Haunting of Hill House'],
    ['addCartItem', '400', 'application/json', 'Requested quantity exceeds available stock'],
    ['verifyEmail', '400', 'text/plain', 'Verification code has expired'],
    ['verifyEmail', '400', 'text/plain', 'Too many attempts. Register again to get a new code.'],
    ['addReview', '400', 'application/json', 'You have already reviewed this book.'],
    ['verifyOrder', '404', 'application/json', 'Order not found'],
    ['getOrderReceipt', '400', 'application/json', 'Only a completed order has a receipt'],
    ['getOrderReceipt', '404', 'application/json', 'Order not found'],
    ['addReview', '400', 'application/json', 'You must purchase the book before reviewing it.'],
    ['listReviews', '404', 'application/json', 'No reviews found for this book.'],
    ['listBooksByAuthor', '404', 'text/plain', 'No books found for this author'],
  ])('%s answers %s (%s) "%s"', (operationId, status, mediaType, message) => {
    const messages = responseExamples(contract, op(operationId), status, mediaType).map(([, value]) =>
      typeof value === 'string' ? value : value.message,
    );
    expect(messages).toContain(message);
  });
});
