// The order lists: the customer's own, every order (the legacy client's), and the counter's
// search (a whole claim code, an order number or the customer; statuses, sort, pages and the
// counts by status), each with the orders' lines and history in two more queries.
import { sql } from 'kysely';
import type { OrderEventRow, OrderRow, OrderStatus } from '../../db/schema.js';
import type { Db } from '../../shared/context.js';
import { escapeLike } from '../../shared/wire.js';

export interface OrderView {
  order: OrderRow;
  username: string;
  email: string;
  items: { book_id: string; title: string; item_code: string; quantity: number; price_per_unit_paisa: number; charged_per_unit_paisa: number }[];
  events: OrderEventRow[];
}

async function ordersWhere(db: Db, userId: string | null): Promise<OrderView[]> {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.username', 'users.email']);
  if (userId) query = query.where('orders.user_id', '=', userId);
  return withLinesAndHistory(db, await query.orderBy('orders.order_date', 'desc').orderBy('orders.id').execute());
}

/** The orders' lines and history, in two queries whatever their number. */
async function withLinesAndHistory(db: Db, orders: (OrderRow & { username: string; email: string })[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'book_id', 'title', 'item_code', 'quantity', 'price_per_unit_paisa', 'charged_per_unit_paisa'])
    .where('order_id', 'in', orders.map((o) => o.id))
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  const events = await db.selectFrom('order_events').selectAll().where('order_id', 'in', orders.map((o) => o.id)).orderBy('order_id').orderBy('id').execute();
  const itemsOf = groupBy(items, (item) => item.order_id);
  const eventsOf = groupBy(events, (event) => event.order_id);
  return orders.map(({ username, email, ...order }) => ({ order, username, email, items: itemsOf.get(order.id) ?? [], events: eventsOf.get(order.id) ?? [] }));
}

export type OrderSearchSort = 'newest' | 'oldest' | 'total-desc' | 'total-asc';

export interface OrderSearchQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  statuses?: readonly OrderStatus[] | undefined;
  sort: OrderSearchSort;
}

/** An order's number as the shop shows it (receipts, the activity log, the web app): the id's last 8 hex digits, upper case; the search finds it by `right(id::text, 8)`. */
export const orderNumber = (orderId: string) => orderId.replace(/-/g, '').slice(-8).toUpperCase();

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^#?([0-9a-f]{8})$/i;
const CLAIM_CODE_LENGTH = 8;

/**
 * The ids of the orders a search text finds: the whole claim code (never a part of it: the
 * code is the customer's proof), the order number (last 8 hex digits of the id, `#` optional)
 * or the whole id, or a customer whose username or e-mail contains the text. Each way is its
 * own indexed query, joined by UNION.
 */
function ordersFoundBy(db: Db, text: string) {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  let found = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('orders.id')
    .where((eb) => eb.or([eb(sql`lower(users.username)`, 'like', pattern), eb(sql`lower(users.email)`, 'like', pattern)]));
  if (text.length === CLAIM_CODE_LENGTH) {
    found = found.union(db.selectFrom('orders').select('id').where(sql`upper(claim_code)`, '=', text.toUpperCase()).where('claim_code', 'is not', null));
  }
  const number = ORDER_NUMBER.exec(text)?.[1];
  if (number) found = found.union(db.selectFrom('orders').select('id').where(sql`right(id::text, 8)`, '=', number.toLowerCase()));
  if (UUID_TEXT.test(text)) found = found.union(db.selectFrom('orders').select('id').where('id', '=', text.toLowerCase()));
  return found;
}

/** The counter's and the back office's order list: searched, filtered by status, sorted and paged by the server. */
export async function searchOrders(db: Db, query: OrderSearchQuery): Promise<{ views: OrderView[]; total: number; counts: Record<CountedStatus, number> }> {
  let found = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  const text = query.search?.trim();
  if (text) found = found.where('orders.id', 'in', ordersFoundBy(db, text));
  // What the search finds by status, whatever the status filter: the filter's own total is their sum.
  const byStatus = await found.select(['orders.status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('orders.status').execute();
  const counts = Object.fromEntries(COUNTED_STATUSES.map((status) => [status, 0])) as Record<CountedStatus, number>;
  for (const row of byStatus) if (row.status in counts) counts[row.status as CountedStatus] = Number(row.count);
  const base = query.statuses?.length ? found.where('orders.status', 'in', [...query.statuses]) : found;
  const total = byStatus.filter((row) => !query.statuses?.length || query.statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return { views: [], total, counts };
  let rows = base.selectAll('orders').select(['users.username', 'users.email']);
  if (query.sort === 'total-desc' || query.sort === 'total-asc') {
    rows = rows.orderBy('orders.final_total_paisa', query.sort === 'total-desc' ? 'desc' : 'asc').orderBy('orders.order_date', 'desc');
  } else {
    rows = rows.orderBy('orders.order_date', query.sort === 'oldest' ? 'asc' : 'desc');
  }
  const page = await rows.orderBy('orders.id').limit(query.pageSize).offset(offset).execute();
  return { views: await withLinesAndHistory(db, page), total, counts };
}

const COUNTED_STATUSES = ['Pending', 'Ready', 'Completed', 'Cancelled', 'Expired'] as const;
type CountedStatus = (typeof COUNTED_STATUSES)[number];

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row)) ?? [];
    list.push(row);
    groups.set(keyOf(row), list);
  }
  return groups;
}

export const myOrders = (db: Db, userId: string) => ordersWhere(db, userId);
export const allOrders = (db: Db) => ordersWhere(db, null);
