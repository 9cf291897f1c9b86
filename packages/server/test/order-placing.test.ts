// Placing an order reads and prices the cart, then writes the order in one statement that locks
// the cart's lines and writes only while they are still the lines priced (no transaction
// around the two: orders/rules.ts). These tests change the cart between the read and the write,
// as a second tab adding to the cart at that moment would: nothing the customer put in the cart
// is lost or ordered unpriced. Runs on PGlite (server) and PostgreSQL (server-pg).
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/shared/context.js';
import { placeOrder } from '../src/modules/orders/rules.js';
import { IDS, newCustomer, sharedTestServer, watchingStatements, type TestServer } from './helpers.js';

const server = sharedTestServer();

async function addToCart(t: TestServer, token: string, bookId: string, quantity: number) {
  const added = await t.call({ method: 'POST', url: '/api/addToCart/add', token, payload: { bookId, quantity } });
  expect(added.statusCode, added.body).toBe(200);
}

/** The server's database, but `change` runs once right after the first read of the cart has answered. */
function changingAfterCartRead(db: Db, change: () => Promise<void>): Db {
  let changed = false;
  return new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Db['executeQuery']>) => {
        const result = await target.executeQuery(...args);
        const [query] = args;
        if (!changed && /from "cart_items"/.test(('compile' in query ? query.compile() : query).sql)) {
          changed = true;
          await change();
        }
        return result;
      };
    },
  });
}

/** Places the customer's order through the rule, with the cart changed by `change` after it was read. */
async function placeWhileChanging(t: TestServer, customer: { id: string; username: string }, change: () => Promise<void>) {
  const { services } = t.server;
  const user = { ...customer, email: `${customer.username}@example.com` };
  return placeOrder(changingAfterCartRead(services.db, change), user, t.clock.now(), services.shop, { mailRow: services.mail.claimedRow });
}

async function onlyOrder(t: TestServer, token: string) {
  const orders = (await t.call({ method: 'GET', url: '/api/order/userOrder', token })).json().data as { orderId: string; finalTotal: number; orderItems: { bookId: string; quantity: number }[] }[];
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

async function cartLines(t: TestServer, token: string): Promise<unknown[]> {
  const reply = await t.call({ method: 'GET', url: '/api/addToCart/getcartitems', token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

describe('placing an order while the cart changes', () => {
  it('orders a line added after the cart was read, priced, instead of emptying it unordered', async () => {
    const t = server();
    const { id, token } = await newCustomer(t, 'twotabs');
    await addToCart(t, token, IDS.munaMadan, 2);
    const placed = await placeWhileChanging(t, { id, username: 'twotabs' }, () => addToCart(t, token, IDS.hobbit, 1));
    const order = await onlyOrder(t, token);
    expect(order.orderId).toBe(placed.orderId);
    expect(order.orderItems.map((i) => [i.bookId, i.quantity]).sort()).toEqual([[IDS.hobbit, 1], [IDS.munaMadan, 2]].sort());
    // Muna Madan Rs. 405 (450 at 10 % off), The Hobbit Rs. 2,000 (2,500 at 20 % off): the cart's total with both.
    expect(order.finalTotal).toBe(2 * 405 + 2000);
    expect(await cartLines(t, token)).toEqual([]);
  });

  it('charges the copies the line holds when its quantity was raised after the cart was read', async () => {
    const t = server();
    const { id, token } = await newCustomer(t, 'morecopies');
    await addToCart(t, token, IDS.munaMadan, 1);
    await placeWhileChanging(t, { id, username: 'morecopies' }, () => addToCart(t, token, IDS.munaMadan, 2));
    const order = await onlyOrder(t, token);
    expect(order.orderItems.map((i) => [i.bookId, i.quantity])).toEqual([[IDS.munaMadan, 3]]);
    expect(order.finalTotal).toBe(3 * 405);
    expect(await cartLines(t, token)).toEqual([]);
  });
});

describe('placing an order in a shop of many carts', () => {
  it("reads no one else's cart lines or account: no statement of it scans those tables, before they have statistics", async () => {
    const t = server();
    const { db } = t.server.services;
    // 2,000 other customers with 4 lines each, written at once as a bulk load would (never analyzed).
    await sql`insert into users (id, username, email, password_hash, role, is_verified, created_at)
      select gen_random_uuid(), 'manycarts' || g, 'manycarts' || g || '@example.com', 'x', 'User', true, now() from generate_series(1, 2000) g`.execute(db);
    await sql`insert into cart_items (id, user_id, book_id, quantity, created_at)
      select gen_random_uuid(), u.id, b.id, 1, now() from users u cross join (select id from books order by id limit 4) b where u.username like 'manycarts%'`.execute(db);
    const username = 'manycartsbuyer';
    const { id, token } = await newCustomer(t, username);
    await addToCart(t, token, IDS.munaMadan, 1);

    // Every statement placing the order sent, as it sent them.
    const sent: CompiledQuery[] = [];
    const watching = watchingStatements(db, (query) => void sent.push(query));
    await placeOrder(watching, { id, username, email: `${username}@example.com` }, t.clock.now(), t.server.services.shop, { mailRow: t.server.services.mail.claimedRow });
    expect(sent.some((query) => query.sql.includes('insert into orders'))).toBe(true);
    for (const query of sent) {
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]));
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      // A sequential scan would read all 8,000 lines of everyone's carts, or every account, for every order.
      expect(plan, query.sql).not.toMatch(/Seq Scan on (cart_items|users)\b/);
    }
    expect(await cartLines(t, token)).toEqual([]);
  });
});
