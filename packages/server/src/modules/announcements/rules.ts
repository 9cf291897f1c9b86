// Reviews, stored notifications, announcement banners and the dashboard figures.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AnnouncementRow } from '../db/schema.js';
import { withReviews, type BookWithReviews, type ReviewView } from './catalogue.js';
import { isUniqueViolation, type Db } from './context.js';
import { notFound, rejected, RuleRefusal } from './errors.js';
import { parseInstant } from './catalogue.js';
import { bannerColor, bannerTextColor, type BannerPalette } from './banner-colors.js';

// ---------- reviews ----------
export interface ReviewInput {
  bookId: string;
  Stars: number;
  Comment: string;
}

const ALREADY_REVIEWED = 'You have already reviewed this book.';

/** One review per customer and book, 1..5 stars, a comment that is not blank, after a Completed order with the book. */
export async function addReview(db: Db, user: { id: string; username: string }, input: ReviewInput, now: Date): Promise<ReviewView> {
  const stars = Number(input.Stars);
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) throw rejected('Stars must be a whole number from 1 to 5.');
  const comment = input.Comment.trim();
  if (!comment) throw rejected('Please enter a review');
  const book = await db.selectFrom('books').select('id').where('id', '=', input.bookId).executeTakeFirst();
  if (!book) throw notFound('Book not found');
  const bought = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .select('orders.id')
    .where('orders.user_id', '=', user.id)
    .where('orders.status', '=', 'Completed')
    .where('order_items.book_id', '=', input.bookId)
    .executeTakeFirst();
  if (!bought) throw rejected('You must purchase the book before reviewing it.');
  try {
    const review = await db
      .insertInto('reviews')
      .values({ id: randomUUID(), book_id: input.bookId, user_id: user.id, stars, comment, created_at: now })
      .onConflict((oc) => oc.columns(['book_id', 'user_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!review) throw rejected(ALREADY_REVIEWED);
    return { ...review, username: user.username };
  } catch (error) {
    if (!(error instanceof RuleRefusal) && isUniqueViolation(error)) throw rejected(ALREADY_REVIEWED);
    throw error;
  }
}

export async function reviewsOf(db: Db, bookId: string): Promise<ReviewView[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.book_id', 'reviews.user_id', 'users.username', 'reviews.stars', 'reviews.comment', 'reviews.created_at'])
    .where('reviews.book_id', '=', bookId)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .execute();
}

// ---------- notifications ----------
export const NOTIFICATION_LIST_LIMIT = 100;

export function recentNotifications(db: Db, limit = NOTIFICATION_LIST_LIMIT) {
  return db.selectFrom('notifications').select(['message', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

// ---------- announcements ----------
export interface AnnouncementInput {
  Message: string;
  StartTime: string;
  EndTime: string;
  IsPinned: boolean;
  Color: string;
  TextColor: string;
}

function announcementColumns(input: AnnouncementInput, palette: BannerPalette) {
  const message = input.Message.trim();
  if (!message) throw rejected('Message is required');
  const start = parseInstant(input.StartTime, 'StartTime');
  const end = parseInstant(input.EndTime, 'EndTime');
  const color = bannerColor(palette, input.Color);
  return { message, start_time: start, end_time: end, is_pinned: input.IsPinned, color, text_color: bannerTextColor(palette, input.TextColor, color) };
}

export async function createAnnouncement(db: Db, input: AnnouncementInput, palette: BannerPalette, now: Date): Promise<AnnouncementRow> {
  return db
    .insertInto('announcements')
    .values({ ...announcementColumns(input, palette), id: randomUUID(), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAnnouncement(db: Db, id: string, input: AnnouncementInput, palette: BannerPalette): Promise<AnnouncementRow> {
  const columns = announcementColumns(input, palette);
  const row = await db.updateTable('announcements').set(columns).where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw notFound('Announcement not found');
  return row;
}

export async function deleteAnnouncement(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Announcement not found');
}

export const allAnnouncements = (db: Db) => db.selectFrom('announcements').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

/** The newest pinned announcement whose window contains now. */
export function activeAnnouncement(db: Db, now: Date) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('is_pinned', '=', true)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

// ---------- dashboard ----------
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
}

export async function dashboard(db: Db, now: Date): Promise<DashboardFigures> {
  const count = async (table: 'books' | 'orders') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const totalBooks = await count('books');
  const totalOrders = await count('orders');
  const customers = await db.selectFrom('users').where('role', '=', 'User').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const revenue = await db
    .selectFrom('orders')
    .where('status', '=', 'Completed')
    .select(sql<number>`coalesce(sum(final_total_paisa), 0)`.as('paisa'))
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
  const recentOrders = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'users.username', 'users.email', 'orders.order_date', 'orders.final_total_paisa', 'orders.status'])
    .orderBy('orders.order_date', 'desc')
    .orderBy('orders.id')
    .limit(3)
    .execute();
  return {
    totalBooks,
    totalOrders,
    totalCustomers: Number(customers.n),
    totalRevenuePaisa: Number(revenue.paisa),
    weeklySales: WEEKDAYS.map((day, i) => ({ day, count: counts.get(i) ?? 0 })),
    recentNotifications: await recentNotifications(db, 4),
    recentOrders,
    recentBooks: await withReviews(db, await db.selectFrom('books').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(3).execute()),
  };
}
