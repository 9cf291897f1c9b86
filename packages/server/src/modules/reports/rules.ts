// The shop's numbers (issue 30, part 3): the sales of a range of calendar days in the shop's
// time zone, summed from the figures kept per day (issue 32, migration 0019), and the lines of
// the orders handed over read in batches for the CSV export. A sale is an order handed over
// (Completed), dated by its handover. soldLines is the money rule both follow (0019's SQL
// functions repeat it; the property test holds them to the same answers).
import { sql, type RawBuilder } from 'kysely';
import { runTransaction, type Db } from '../../shared/context.js';
import { invalid } from '../../shared/errors.js';
import { mulDivHalfUp } from '../../shared/money.js';
import { SalesBooks, type ShardVersion } from './sales-books.js';

/** A year and a day: a report of a whole (leap) year fits, and byDay stays a short list. */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

export interface ReportRange {
  /** YYYY-MM-DD, both included, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /** Every day of the range, oldest first. */
  days: string[];
}

/** The range the caller asked for, refusing dates no calendar has, a backwards range and one too long. */
export function reportRange(from: string, to: string, timeZone: string): ReportRange {
  const start = calendarDay(from, 'from');
  const end = calendarDay(to, 'to');
  if (start > end) throw invalid('to', 'to must not be before from');
  const count = (end - start) / DAY_MS + 1;
  if (count > MAX_REPORT_DAYS) throw invalid('to', `A report covers at most ${MAX_REPORT_DAYS} days`);
  const days = Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  return { from, to, timeZone, days };
}

/** Midnight UTC of a YYYY-MM-DD date (a day number), or a 422 for 2026-02-30 and the like. */
function calendarDay(value: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = new Date(0);
  if (match) date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (!match || Number(match[1]) < 1 || date.toISOString().slice(-24, -14) !== value) throw invalid(field, `${field} must be a calendar date (YYYY-MM-DD)`);
  return date.getTime();
}

/** Where a batch of the export resumes: after this handover (its instant as the database wrote it, and the order). */
export interface HandoverCursor {
  at: string;
  orderId: string;
}

/** Where handovers are read from: the history's "completed" events, or the orders completed before it. */
type HandoverSource = 'recorded' | 'unrecorded';

/**
 * The orders handed over in the range: (order_id, handed_over_at, handed_over_by, cursor_at).
 * An order's handover is its history's "completed" event (`recorded`); an order completed
 * before the server kept a history (migration 0009 wrote that event without a time) is dated by
 * its placing (`unrecorded`). Both sources unless one is named; with `after` and `limit`, that
 * source's next batch in (handed_over_at, order_id) order, walking its index from the cursor
 * (order_events_completed, orders_date), so reading a range batch by batch is one pass.
 */
export function handovers(range: ReportRange, page?: { source: HandoverSource; after: HandoverCursor | null; limit: number }): RawBuilder<unknown> {
  const start = sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`;
  const end = sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
  const after = page?.after;
  const recorded = sql`
    select e.order_id, e.at as handed_over_at, e.actor as handed_over_by, e.at::text as cursor_at
    from order_events e
    where e.kind = 'completed' and e.at >= ${start} and e.at < ${end}
      ${after ? sql`and (e.at, e.order_id) > (${after.at}::timestamptz, ${after.orderId}::uuid)` : sql``}`;
  const unrecorded = sql`
    select o.id as order_id, o.order_date as handed_over_at, null as handed_over_by, o.order_date::text as cursor_at
    from orders o
    where o.status = 'Completed' and o.order_date >= ${start} and o.order_date < ${end}
      -- Looked up per order of the range (order_events_handed_over), as a subplan: an
      -- anti-join would read every timed handover the shop ever had, the range's few or not.
      and (select k.order_id from order_events k where k.order_id = o.id and k.kind = 'completed' and k.at is not null limit 1) is null
      ${after ? sql`and (o.order_date, o.id) > (${after.at}::timestamptz, ${after.orderId}::uuid)` : sql``}`;
  if (!page) return sql`${recorded} union all ${unrecorded}`;
  return sql`${page.source === 'recorded' ? recorded : unrecorded} order by 2, 1 limit ${page.limit}`;
}

/**
 * The Completed order of a handover `h` and its lines, each looked up by the order's key: the
 * OFFSET 0 keeps the planner from hashing every Completed order (or every line) of the shop to
 * join a month's handovers, so a report costs what its range holds, not what the shop does.
 */
export const completedOrder = sql`lateral (select * from orders where orders.id = h.order_id and orders.status = 'Completed' offset 0)`;
const orderLines = sql`lateral (select * from order_items where order_items.order_id = h.order_id offset 0)`;

/**
 * The lines of the orders handed over, each with its share of what the customer paid: an
 * order's cart discount is spread over its lines by their amounts (rounded down, the paisa left
 * over to its last line), so the lines of an order add up to its finalTotal exactly and every
 * breakdown adds up to the revenue.
 */
export function soldLines(handed: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with handed as (${handed}),
    lines as (
      select h.order_id, h.handed_over_at, h.handed_over_by, h.cursor_at, o.user_id, o.final_total_paisa, o.payment_method,
        i.id as item_id, i.book_id, i.title, i.item_code, i.quantity,
        i.price_per_unit_paisa, i.charged_per_unit_paisa,
        i.quantity::bigint * i.price_per_unit_paisa as list_paisa,
        i.quantity::bigint * i.charged_per_unit_paisa as gross_paisa,
        sum(i.quantity::bigint * i.charged_per_unit_paisa) over (partition by h.order_id) as order_gross_paisa,
        row_number() over (partition by h.order_id order by i.id desc) as from_last
      from handed h
      join ${completedOrder} o on true
      join ${orderLines} i on true
    ),
    shared as (
      select *, case when order_gross_paisa = 0 then 0 else floor(gross_paisa::numeric * final_total_paisa / order_gross_paisa)::bigint end as share_paisa
      from lines
    )
    select *, share_paisa + case when from_last = 1 then final_total_paisa - sum(share_paisa) over (partition by order_id) else 0 end as revenue_paisa
    from shared`;
}

export interface SalesFigures {
  orders: number;
  copiesSold: number;
  revenuePaisa: number;
  discountsPaisa: number;
}
export interface SalesReport extends SalesFigures {
  range: ReportRange;
  averageOrderPaisa: number;
  byDay: (SalesFigures & { date: string })[];
  byGenre: (Omit<SalesFigures, 'orders'> & { genre: string })[];
  /** The best sellers, as many as asked. */
  byBook: (Omit<SalesFigures, 'orders'> & { bookId: string; title: string; genre: string })[];
  /** Distinct books sold in the range. */
  booksSold: number;
  /** The books sold that byBook leaves out, summed. */
  otherBooks: Omit<SalesFigures, 'orders'> & { books: number };
  byStaff: { username: string | null; handovers: number; revenuePaisa: number }[];
}

export const UNKNOWN_GENRE = 'Unknown';

/** How many of the best sellers the report's byBook lists unless the caller says. */
export const DEFAULT_REPORT_BOOKS = 100;

/** Above this many best sellers (and for every book) the report groups the books in SQL. */
const BOOKS_IN_MEMORY = 1000;

const salesBooksOf = new WeakMap<Db, SalesBooks>();
/** The books kept in memory for a database (one per server; tests run several in one process). */
export function keptSalesBooks(db: Db): SalesBooks {
  let books = salesBooksOf.get(db);
  if (!books) salesBooksOf.set(db, (books = new SalesBooks()));
  return books;
}

/**
 * The sales report of a range: totals and the four breakdowns, each the sum of its rows, read
 * from the figures kept per day and shard (migrations 0019, 0022; sales-days.ts) in one
 * snapshot (a read-only REPEATABLE READ transaction): the days, genres and staff summed in SQL
 * (a few rows a day), the books from the rows held in memory (sales-books.ts) for up to
 * BOOKS_IN_MEMORY best sellers, grouped in SQL otherwise. `books`: how many best sellers byBook
 * lists (all of them when null); the rest are summed in otherBooks.
 */
export async function salesReport(db: Db, range: ReportRange, books: number | null = DEFAULT_REPORT_BOOKS): Promise<SalesReport> {
  const sums = sql`sum(copies)::bigint as copies, sum(revenue_paisa)::bigint as revenue, sum(discounts_paisa)::bigint as discounts`;
  const inRange = sql`day between ${range.from}::date and ${range.to}::date`;
  // A shard's rows may be negative (taken out by another session than the one that counted
  // them): a book, genre or member of staff whose shards add up to nothing sold nothing.
  const breakdowns = sql`
      (select coalesce(json_agg(d), '[]') from (
        select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::bigint as orders, ${sums} from sales_days where ${inRange} group by day) d) as days,
      (select coalesce(json_agg(g order by g.revenue desc, g.genre), '[]') from (
        select genre, ${sums} from sales_day_genres where ${inRange} group by genre having sum(copies) <> 0) g) as genres,
      (select coalesce(json_agg(w order by w.handovers desc, w.revenue desc, w.username nulls last), '[]') from (
        select username, sum(handovers)::bigint as handovers, sum(revenue_paisa)::bigint as revenue from sales_day_staff where ${inRange}
        group by 1 having sum(handovers) <> 0) w) as staff`;
  if (books === null || books > BOOKS_IN_MEMORY) {
    const { rows } = await sql<ReportRows & { books_sold: number }>`
      with sold_titles as (
        select book_id, title, ${sums} from sales_day_books where ${inRange} group by book_id, title having sum(copies) <> 0
      ),
      sold_books as materialized (
        select book_id, max(title) as title, sum(copies)::bigint as copies, sum(revenue)::bigint as revenue, sum(discounts)::bigint as discounts
        from sold_titles group by book_id
      )
      select ${breakdowns},
        (select coalesce(json_agg(k order by k.revenue desc, k.title, k.book_id), '[]') from (
          select t.*, coalesce(b.genre, ${UNKNOWN_GENRE}) as genre
          from (select * from sold_books order by revenue desc, title, book_id limit ${books}) t left join books b on b.id = t.book_id) k) as books,
        (select count(*) from sold_books) as books_sold`.execute(db);
    return reportFromRows(range, rows[0]!, Number(rows[0]!.books_sold));
  }
  const kept = keptSalesBooks(db);
  return runTransaction(db, async (tx) => {
    await sql`set transaction read only`.execute(tx);
    const { rows } = await sql<Omit<ReportRows, 'books'> & { shards: ShardVersion[] }>`
      select ${breakdowns},
        (select coalesce(json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'shard', shard, 'version', version::text)), '[]')
         from sales_days where ${inRange}) as shards`.execute(tx);
    const sold = await kept.sums(tx, rows[0]!.shards);
    // The last places are ordered by title (the database's collation) and id: the candidates,
    // every book tied with the last place included, are ordered by the database.
    const candidates = JSON.stringify(sold.best(books).flatMap((b) =>
      b.titles.map((title) => ({ book_id: b.bookId, title, copies: b.copies, revenue: b.revenue, discounts: b.discounts }))));
    // Each book's genre by its key (a hash join would read the catalogue for a hundred books).
    const { rows: best } = await sql<{ books: ReportRows['books'] }>`
      select coalesce(json_agg(k order by k.revenue desc, k.title, k.book_id), '[]') as books from (
        select t.*, coalesce((select b.genre from books b where b.id = t.book_id), ${UNKNOWN_GENRE}) as genre
        from (
          select book_id, max(title) as title, max(copies) as copies, max(revenue) as revenue, max(discounts) as discounts
          from json_to_recordset(${candidates}::json) as c (book_id uuid, title text, copies bigint, revenue bigint, discounts bigint)
          group by book_id order by revenue desc, title, book_id limit ${books}
        ) t) k`.execute(tx);
    return reportFromRows(range, { ...rows[0]!, books: best[0]!.books }, sold.booksSold);
  }, 'repeatable read');
}

type Sums = { copies: number; revenue: number; discounts: number };
/** A report's breakdowns as its statement answers them (JSON arrays, money in paisa). */
export interface ReportRows {
  days: (Sums & { day: string; orders: number })[];
  genres: (Sums & { genre: string })[];
  books: (Sums & { book_id: string; title: string; genre: string })[];
  staff: { username: string | null; handovers: number; revenue: number }[];
}

/** The report from its breakdowns: byDay fills the days without sales, the totals are its sums. */
export function reportFromRows(range: ReportRange, { days: perDay, genres: perGenre, books: perBook, staff: perStaff }: ReportRows, booksSold: number): SalesReport {
  const days = new Map(perDay.map((row) => [row.day, row]));
  const byDay = range.days.map((date) => {
    const row = days.get(date);
    return { date, orders: Number(row?.orders ?? 0), ...figures(row) };
  });
  const total = (key: keyof SalesFigures) => byDay.reduce((sum, day) => sum + day[key], 0);
  const orders = total('orders');
  const revenuePaisa = total('revenuePaisa');
  const copiesSold = total('copiesSold');
  const discountsPaisa = total('discountsPaisa');
  const byBook = perBook.map((row) => ({ bookId: row.book_id, title: row.title, genre: row.genre, ...figures(row) }));
  const listed = (key: 'copiesSold' | 'revenuePaisa' | 'discountsPaisa') => byBook.reduce((sum, book) => sum + book[key], 0);
  return {
    range,
    orders,
    copiesSold,
    revenuePaisa,
    discountsPaisa,
    averageOrderPaisa: orders === 0 ? 0 : mulDivHalfUp(revenuePaisa, 1, orders),
    byDay,
    byGenre: perGenre.map((row) => ({ genre: row.genre, ...figures(row) })),
    byBook,
    booksSold,
    otherBooks: {
      books: booksSold - byBook.length,
      copiesSold: copiesSold - listed('copiesSold'),
      revenuePaisa: revenuePaisa - listed('revenuePaisa'),
      discountsPaisa: discountsPaisa - listed('discountsPaisa'),
    },
    byStaff: perStaff.map((row) => ({ username: row.username, handovers: Number(row.handovers), revenuePaisa: Number(row.revenue) })),
  };
}

function figures(row: { copies: number | string; revenue: number | string; discounts: number | string } | undefined): Omit<SalesFigures, 'orders'> {
  return { copiesSold: Number(row?.copies ?? 0), revenuePaisa: Number(row?.revenue ?? 0), discountsPaisa: Number(row?.discounts ?? 0) };
}

/** One line of an order handed over, as the orders export writes it. */
export interface SoldLine {
  orderId: string;
  handedOverAt: Date;
  handoverDate: string;
  handedOverBy: string | null;
  /** How the customer paid, when the handover recorded it. */
  paymentMethod: string | null;
  customer: string;
  bookId: string;
  isbn: string;
  title: string;
  genre: string;
  quantity: number;
  listUnitPaisa: number;
  unitPaisa: number;
  listPaisa: number;
  revenuePaisa: number;
  orderTotalPaisa: number;
}

interface SoldLineRow {
  order_id: string;
  handed_over_at: Date;
  handed_over_by: string | null;
  payment_method: string | null;
  cursor_at: string;
  day: string;
  username: string;
  book_id: string;
  item_code: string;
  title: string;
  genre: string;
  quantity: number;
  price_per_unit_paisa: string;
  charged_per_unit_paisa: string;
  list_paisa: string;
  revenue_paisa: string;
  final_total_paisa: string;
}

/**
 * The lines of the orders handed over in the range, read `batchOrders` orders at a time (keyset
 * paging: each batch starts after the last order of the one before), so the export holds one
 * batch, never the range, whatever its size. Oldest handover first; the orders completed before
 * the server kept a history (no handover time) follow, by when they were placed.
 */
export async function* soldLinesInBatches(db: Db, range: ReportRange, batchOrders = 500): AsyncGenerator<SoldLine[]> {
  for (const source of ['recorded', 'unrecorded'] as const) {
    let after: HandoverCursor | null = null;
    for (;;) {
      const { rows }: { rows: SoldLineRow[] } = await sql<SoldLineRow>`
        select sold.*, to_char(sold.handed_over_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, u.username, coalesce(b.genre, ${UNKNOWN_GENRE}) as genre
        from (${soldLines(handovers(range, { source, after, limit: batchOrders }))}) sold
        join users u on u.id = sold.user_id
        left join books b on b.id = sold.book_id
        order by sold.handed_over_at, sold.order_id, sold.from_last desc`.execute(db);
      if (rows.length === 0) break;
      yield rows.map(soldLine);
      const last: SoldLineRow = rows.at(-1)!;
      after = { at: last.cursor_at, orderId: last.order_id };
    }
  }
}

function soldLine(row: SoldLineRow): SoldLine {
  return {
    orderId: row.order_id,
    handedOverAt: new Date(row.handed_over_at),
    handoverDate: row.day,
    handedOverBy: row.handed_over_by,
    paymentMethod: row.payment_method,
    customer: row.username,
    bookId: row.book_id,
    isbn: row.item_code,
    title: row.title,
    genre: row.genre,
    quantity: Number(row.quantity),
    listUnitPaisa: Number(row.price_per_unit_paisa),
    unitPaisa: Number(row.charged_per_unit_paisa),
    listPaisa: Number(row.list_paisa),
    revenuePaisa: Number(row.revenue_paisa),
    orderTotalPaisa: Number(row.final_total_paisa),
  };
}
