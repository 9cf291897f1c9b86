// reports: the Admin's sales report and its CSV files.
import type { Db } from '../../shared/context.js';
import type { Handler } from '../../shared/handler.js';
import { csvRupees, csvStream, type Cell } from './csv.js';
import { DEFAULT_REPORT_BOOKS, reportRange, salesReport, soldLinesInBatches, type ReportRange, type SalesReport } from './rules.js';
import { salesReportView } from './views.js';

export const getSalesReport: Handler<'getSalesReport'> = async ({ query, services }) => {
  const range = reportRange(query.from, query.to, services.shop.timeZone);
  return salesReportView(await salesReport(services.db, range, query.books ?? DEFAULT_REPORT_BOOKS));
};

type ReportName = 'orders' | 'days' | 'genres' | 'books' | 'staff';

export const ORDER_COLUMNS = [
  'order_id', 'handed_over_at', 'handover_date', 'handed_over_by', 'payment_method', 'customer', 'book_id', 'isbn', 'title', 'genre',
  'quantity', 'list_unit_price', 'unit_price', 'line_list_total', 'line_revenue', 'line_discount', 'order_total',
] as const;

/** The report's rows as CSV, column names first; one batch (the report is already a summary). */
const REPORT_FILES: Record<Exclude<ReportName, 'orders'>, { header: string[]; rows(report: SalesReport): Cell[][] }> = {
  days: {
    header: ['date', 'orders', 'copies_sold', 'revenue', 'discounts_given'],
    rows: (r) => r.byDay.map((d) => [d.date, d.orders, d.copiesSold, csvRupees(d.revenuePaisa), csvRupees(d.discountsPaisa)]),
  },
  genres: {
    header: ['genre', 'copies_sold', 'revenue', 'discounts_given'],
    rows: (r) => r.byGenre.map((g) => [g.genre, g.copiesSold, csvRupees(g.revenuePaisa), csvRupees(g.discountsPaisa)]),
  },
  books: {
    header: ['book_id', 'title', 'genre', 'copies_sold', 'revenue', 'discounts_given'],
    rows: (r) => r.byBook.map((b) => [b.bookId, b.title, b.genre, b.copiesSold, csvRupees(b.revenuePaisa), csvRupees(b.discountsPaisa)]),
  },
  staff: {
    header: ['staff', 'handovers', 'revenue'],
    rows: (r) => r.byStaff.map((s) => [s.username, s.handovers, csvRupees(s.revenuePaisa)]),
  },
};

export const exportReportCsv: Handler<'exportReportCsv'> = async ({ query, services, reply }) => {
  const name = query.report as ReportName;
  const range = reportRange(query.from, query.to, services.shop.timeZone);
  const stream = name === 'orders' ? ordersCsv(services.db, range) : await reportCsv(name, services.db, range);
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="pustak-${name}-${range.from}-to-${range.to}.csv"`)
    .header('Cache-Control', 'no-store');
  // A stream, not the contract's string: Fastify sends it as it is read.
  return stream as never;
};

function ordersCsv(db: Db, range: ReportRange) {
  async function* rows() {
    for await (const batch of soldLinesInBatches(db, range)) {
      yield batch.map((line): Cell[] => [
        line.orderId, line.handedOverAt.toISOString(), line.handoverDate, line.handedOverBy, line.paymentMethod, line.customer, line.bookId, line.isbn,
        line.title, line.genre, line.quantity, csvRupees(line.listUnitPaisa), csvRupees(line.unitPaisa), csvRupees(line.listPaisa),
        csvRupees(line.revenuePaisa), csvRupees(line.listPaisa - line.revenuePaisa), csvRupees(line.orderTotalPaisa),
      ]);
    }
  }
  return csvStream(ORDER_COLUMNS, rows());
}

async function reportCsv(name: Exclude<ReportName, 'orders'>, db: Db, range: ReportRange) {
  const file = REPORT_FILES[name];
  // Every book: the file is where the books past the report's best sellers are listed.
  const report = await salesReport(db, range, null);
  return csvStream(file.header, (async function* () {
    yield file.rows(report);
  })());
}

