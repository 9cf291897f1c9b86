import type { CsvFile, ReportFile, ReportRange, RequestOptions, SalesReport, SalesReportQuery } from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** The shop's numbers (Admin): sales of a range of days in the shop's time zone, and their CSV files. */
export interface ReportsApi {
  /**
   * `getSalesReport` — revenue, orders, copies, average order, discounts; by day, genre, staff
   * member and the best-selling books (`books` of them, 100 unless given; the rest summed in
   * `otherBooks`, all of them in `csv('books', range)`).
   */
  sales(query: SalesReportQuery, options?: RequestOptions): Promise<SalesReport>;
  /**
   * `exportReportCsv` — the orders (with their lines) or one of the report's tables as a CSV
   * file, fetched like every call (with the bearer token), so a browser saves the Blob instead
   * of following a link that would carry no token.
   */
  csv(report: ReportFile, range: ReportRange, options?: RequestOptions): Promise<CsvFile>;
}

const FILENAME = /filename="([^"]+)"/;

export function reportsApi(raw: RawClient): ReportsApi {
  return {
    sales: ({ from, to, books }, options) => unwrap(raw.GET('/report/sales', { params: { query: { from, to, ...(books === undefined ? {} : { books }) } }, ...init(options) })),
    async csv(report, range, options) {
      const pending = raw.GET('/report/csv', { params: { query: { report, from: range.from, to: range.to } }, parseAs: 'blob', ...init(options) });
      const { response } = await pending;
      const blob = (await unwrap(pending)) as unknown as Blob;
      const filename = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `pustak-${report}-${range.from}-to-${range.to}.csv`;
      return { filename, blob };
    },
  };
}
