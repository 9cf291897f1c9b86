// The Admin dashboard's figures.
import { sql } from 'kysely';
import type { Db } from '../../shared/context.js';
import { withReviews, type BookWithReviews } from '../books/index.js';
import { recentNotifications } from '../notifications/index.js';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Weekdays are counted on Nepal time (UTC+05:45, no daylight saving). */
const NEPAL_OFFSET = '5 hours 45 minutes';

export interface DashboardFigures {
  totalBooks: number;
  totalOrders: number;
  totalCustomers: number;
  totalRevenuePaisa: number;
  weeklySales: { day: (typeof WEEKDAYS)[number]; count: number }[];
  recentNotifications: { message: string; created_at: Date }[];
  recentOrders: { id: string; username: string; email: string; order_date: Date; final_total_paisa: number; status: string }[];
  recentBooks: BookWithReviews[];
  lowStockCount: number;
  lowStock: { id: string; title: string; author: string; quantity: number }[];
}

/** The dashboard lists this many of the books running low (the fewest copies first). */
export const LOW_STOCK_LISTED = 20;

export async function dashboard(db: Db, now: Date, lowStockThreshold: number): Promise<DashboardFigures> {
  // Kept by triggers in the transaction of each write (migration 0017): no count of every order.
  const totals = await db
    .selectFrom('shop_totals')
    .select([
      sql<string>`coalesce(sum(books), 0)`.as('books'),
      sql<string>`coalesce(sum(customers), 0)`.as('customers'),
      sql<string>`coalesce(sum(orders), 0)`.as('orders'),
      sql<string>`coalesce(sum(completed_revenue_paisa), 0)`.as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const perDay = await db
    .selectFrom('orders')
    .where('order_date', '>', weekAgo)
    .where('order_date', '<=', now)
    .select([sql<number>`extract(dow from (order_date at time zone 'UTC') + interval '${sql.raw(NEPAL_OFFSET)}')::int`.as('dow'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('dow')
    .execute();
  const counts = new Map(perDay.map((r) => [Number(r.dow), Number(r.n)]));
  const low = db.selectFrom('books').where('quantity', '<=', lowStockThreshold);
  const lowStockCount = await low.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const lowStock = await low.select(['id', 'title', 'author', 'quantity']).orderBy('quantity').orderBy('title').orderBy('id').limit(LOW_STOCK_LISTED).execute();
  const recentOrders = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'users.username', 'users.email', 'orders.order_date', 'orders.final_total_paisa', 'orders.status'])
    .orderBy('orders.order_date', 'desc')
    .orderBy('orders.id')
    .limit(3)
    .execute();
  return {
    totalBooks: Number(totals.books),
    totalOrders: Number(totals.orders),
    totalCustomers: Number(totals.customers),
    totalRevenuePaisa: Number(totals.revenue),
    weeklySales: WEEKDAYS.map((day, i) => ({ day, count: counts.get(i) ?? 0 })),
    recentNotifications: await recentNotifications(db, 4),
    recentOrders,
    lowStockCount: Number(lowStockCount.n),
    lowStock,
    recentBooks: await withReviews(db, await db.selectFrom('books').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(3).execute()),
  };
}
