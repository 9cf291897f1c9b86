// Issue 28: the contract's examples carry the server's computed money (Book.pricing, the cart's
// lines and totals, the placed order, each order line's unitPrice), so the mock shows what the
// server would. Each figure is checked against the server's own pricing function, at instants
// across the time the examples stand for (their deals run from 2025 to the end of 2029; one is
// announced for 2029-06-01), and the cart, the order request and the placed order against each other.
import { describe, expect, it } from 'vitest';
import { serverCart, serverPricing, type WireBook } from '@pustak/server/test/pricing-wire';
import { loadContract, operationLookup, operationsOf, type Json } from './contract-helpers';

const contract = loadContract();
const op = operationLookup(operationsOf(contract));
const responseExample = (operationId: string, name: string, status = '200'): Json =>
  op(operationId).responses[status].content['application/json'].examples[name].value;

const INSTANTS = [
  '2026-01-01T00:00:00.000Z',
  '2026-11-21T12:00:00.000Z',
  '2027-07-14T03:21:09.456Z',
  '2028-02-29T18:15:00.000Z',
  '2029-05-31T23:59:59.999Z',
].map((at) => new Date(at));

/** Instants compared as instants: the YAML writes 2029-12-31T23:59:59Z, the server 2029-12-31T23:59:59.000Z. */
const comparable = (pricing: Json) => ({
  ...pricing,
  dealStartsAt: pricing.dealStartsAt === null ? null : Date.parse(pricing.dealStartsAt),
  dealEndsAt: pricing.dealEndsAt === null ? null : Date.parse(pricing.dealEndsAt),
});

/** Every object in the contract's examples that carries `pricing` beside a price (a Book or a CartBook), with where it is. */
function pricedBooks(): [string, Json][] {
  const found: [string, Json][] = [];
  const visit = (node: Json, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}[${i}]`));
    if (!node || typeof node !== 'object') return;
    if (node.pricing && typeof node.price === 'number') found.push([`${where} ${node.title}`, node]);
    for (const [key, value] of Object.entries<Json>(node)) visit(value, `${where}.${key}`);
  };
  visit(contract.components.examples, 'components.examples');
  visit(contract.paths, 'paths');
  return found;
}

describe("the examples' book pricing is the server's", () => {
  const books = pricedBooks();

  it('finds the catalogue, the lists and the cart among the examples', () => {
    expect(books.length).toBeGreaterThan(27);
    expect(books.some(([where]) => where.includes('getcartitems'))).toBe(true);
  });

  it.each(INSTANTS.map((at) => [at.toISOString(), at] as const))('at %s', (_label, at) => {
    for (const [where, book] of books) {
      expect(comparable(book.pricing), where).toEqual(comparable(serverPricing(book as WireBook, at)));
    }
  });
});

describe('the cart, the order request and the placed order agree', () => {
  const cart = responseExample('listCartItems', 'default');
  const empty = responseExample('listCartItems', 'empty');

  it.each(INSTANTS.map((at) => [at.toISOString(), at] as const))("prices the cart's lines and totals as the server does, at %s", (_label, at) => {
    // The example customer has fewer than 10 Completed orders (only the 5 % applies).
    const server = serverCart(cart.data, 0, at);
    cart.data.forEach((line: Json, i: number) => {
      expect({ unitPrice: line.unitPrice, lineTotal: line.lineTotal }, line.book.title).toEqual(server.lines[i]);
      expect(line.unitPrice, line.book.title).toBe(line.book.pricing.unitPrice);
      expect(line.priceChanged, line.book.title).toBe(line.addedUnitPrice !== null && line.addedUnitPrice !== line.unitPrice);
    });
    expect(cart.totals).toEqual(server.totals);
    expect(empty.totals).toEqual(serverCart([], 0, at).totals);
  });

  it('says one line changed price since it was added', () => {
    expect(cart.data.filter((line: Json) => line.priceChanged).map((line: Json) => line.book.title)).toEqual(['The Name of the Wind']);
  });

  it('places the order for the total the cart showed, with its discounts', () => {
    const request = op('placeOrder').requestBody.content['application/json'].examples;
    expect(request.checked.value).toEqual({ expectedTotal: cart.totals.total });
    expect(request.legacy.value).toEqual({});
    const placed = responseExample('placeOrder', 'placed').data;
    expect(placed).toMatchObject({
      totalAmount: cart.totals.total,
      subtotal: cart.totals.subtotal,
      discounts: cart.totals.discounts,
      discountTotal: cart.totals.discountTotal,
    });
    const percent = cart.totals.discounts.reduce((sum: number, d: Json) => sum + d.percent, 0);
    expect(placed.discountApplied).toBe(`${percent.toFixed(2)}%`);
  });

  it("charges each example order's line at the book's unit price on its order date", () => {
    const catalogue = new Map<string, Json>(contract.components.examples.catalogue.value.map((book: Json) => [book.bookId, book]));
    const orders: Json[] = responseExample('listAllOrders', 'default').data;
    expect(orders.length).toBeGreaterThan(5);
    for (const order of orders) {
      for (const line of order.orderItems) {
        const where = `${order.orderId} ${line.title}`;
        expect(line.unitPrice, where).toBe(serverPricing(catalogue.get(line.bookId), new Date(order.orderDate)).unitPrice);
        expect(Math.round(line.quantity * line.unitPrice * 100), where).toBe(Math.round(line.totalPrice * 100));
      }
    }
  });
});

describe("the receipt examples print their orders' recorded money", () => {
  const paisa = (rupees: number) => Math.round(rupees * 100);
  const orders = new Map<string, Json>(responseExample('listMyOrders', 'default').data.map((order: Json) => [order.orderId, order]));
  const receipts = Object.entries<Json>(op('getOrderReceipt').responses['200'].content['application/json'].examples);

  it.each(receipts)('%s', (_name, { value: receipt }) => {
    const order = orders.get(receipt.orderId);
    expect(order?.status).toBe('Completed');
    expect(receipt.total).toBe(order.finalTotal);
    // Each line at its list price then; each running deal and the cart discount come off them.
    expect(receipt.lines.map((l: Json) => [l.title, l.quantity, l.unitPrice])).toEqual(order.orderItems.map((i: Json) => [i.title, i.quantity, i.pricePerUnit]));
    for (const line of receipt.lines) expect(paisa(line.lineTotal)).toBe(line.quantity * paisa(line.unitPrice));
    const deals = order.orderItems.filter((i: Json) => i.unitPrice < i.pricePerUnit).map((i: Json) => i.quantity * (paisa(i.pricePerUnit) - paisa(i.unitPrice)));
    expect(receipt.discounts.filter((d: Json) => d.kind === 'book').map((d: Json) => paisa(d.amount))).toEqual(deals);
    const cart = receipt.discounts.filter((d: Json) => d.kind === 'cart');
    expect(cart.reduce((sum: number, d: Json) => sum + paisa(d.amount), 0)).toBe(paisa(order.originalTotal) - paisa(order.finalTotal));
    expect(cart.reduce((sum: number, d: Json) => sum + d.percent, 0) / 100).toBe(order.discountRate);
    const sum = (items: Json[], key: string) => items.reduce((total, item) => total + paisa(item[key]), 0);
    expect(sum(receipt.lines, 'lineTotal')).toBe(paisa(receipt.subtotal));
    expect(sum(receipt.discounts, 'amount')).toBe(paisa(receipt.discountTotal));
    expect(paisa(receipt.subtotal) - paisa(receipt.discountTotal)).toBe(paisa(receipt.total));
  });
});
