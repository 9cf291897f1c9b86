// dashboard: the Admin's figures at a glance.
import type { Handler } from '../../shared/handler.js';
import { paisaToRupees } from '../../shared/money.js';
import type { OrderStatus } from '../../db/schema.js';
import { bookView } from '../books/index.js';
import { expireDueOrders } from '../orders/index.js';
import { dashboard } from './rules.js';

export const getDashboard: Handler<'getDashboard'> = async ({ services, origin }) => {
  await expireDueOrders(services); // recent orders show the status they have now
  const now = services.clock.now();
  const figures = await dashboard(services.db, now, services.lowStockThreshold);
  return {
    totalBooks: figures.totalBooks,
    totalOrders: figures.totalOrders,
    totalCustomers: figures.totalCustomers,
    totalRevenue: paisaToRupees(figures.totalRevenuePaisa),
    weeklySales: figures.weeklySales,
    recentNotifications: figures.recentNotifications.map((n) => ({ message: n.message, createdAt: n.created_at.toISOString() })),
    recentBooks: figures.recentBooks.map((entry) => bookView(entry, origin, now)),
    recentOrders: figures.recentOrders.map((o) => ({
      orderId: o.id,
      username: o.username,
      email: o.email,
      orderDate: o.order_date.toISOString(),
      finalTotal: paisaToRupees(o.final_total_paisa),
      status: o.status as OrderStatus,
    })),
    lowStockThreshold: services.lowStockThreshold,
    lowStockCount: figures.lowStockCount,
    lowStock: figures.lowStock.map((b) => ({ bookId: b.id, title: b.title, author: b.author, quantity: b.quantity })),
  };
};
