// The sales report worked out from the orders themselves, as issue 30 did it before the figures
// were kept per day (migration 0019): the test's oracle for the kept figures.
import { sql } from 'kysely';
import type { Db } from '../src/shared/context.js';
import { completedOrder, handovers, reportFromRows, soldLines, UNKNOWN_GENRE, type ReportRange, type ReportRows, type SalesReport } from '../src/modules/reports/rules.js';

/** The report with its byBook cut to the `books` best sellers, the rest summed in otherBooks, from the range's orders and lines. */
export async function salesReportFromOrders(db: Db, range: ReportRange, books: number): Promise<SalesReport> {
  const sums = sql`sum(quantity)::bigint as copies, sum(revenue_paisa)::bigint as revenue, sum(list_paisa - revenue_paisa)::bigint as discounts`;
  const { rows } = await sql<ReportRows>`
    with sold as materialized (
      select s.*, b.genre as book_genre from (${soldLines(handovers(range))}) s left join books b on b.id = s.book_id
    )
    select
      (select coalesce(json_agg(d), '[]') from (
        select to_char(handed_over_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, count(distinct order_id) as orders, ${sums}
        from sold group by 1) d) as days,
      (select coalesce(json_agg(g order by g.revenue desc, g.genre), '[]') from (
        select coalesce(book_genre, ${UNKNOWN_GENRE}) as genre, ${sums} from sold group by 1) g) as genres,
      (select coalesce(json_agg(k order by k.revenue desc, k.title, k.book_id), '[]') from (
        select book_id, max(title) as title, coalesce(max(book_genre), ${UNKNOWN_GENRE}) as genre, ${sums} from sold group by book_id) k) as books,
      (select coalesce(json_agg(w order by w.handovers desc, w.revenue desc, w.username nulls last), '[]') from (
        select h.handed_over_by as username, count(*) as handovers, sum(o.final_total_paisa)::bigint as revenue
        from (${handovers(range)}) h join ${completedOrder} o on true group by 1) w) as staff`.execute(db);
  const all = reportFromRows(range, rows[0]!, rows[0]!.books.length);
  const rest = all.byBook.slice(books);
  const restSum = (key: 'copiesSold' | 'revenuePaisa' | 'discountsPaisa') => rest.reduce((sum, book) => sum + book[key], 0);
  return {
    ...all,
    byBook: all.byBook.slice(0, books),
    booksSold: all.byBook.length,
    otherBooks: { books: rest.length, copiesSold: restSum('copiesSold'), revenuePaisa: restSum('revenuePaisa'), discountsPaisa: restSum('discountsPaisa') },
  };
}
