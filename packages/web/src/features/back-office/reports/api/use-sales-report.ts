import type { ReportFile, ReportRange } from '@pustak/sdk';
import { useSalesReport as useSalesReportRead } from '@pustak/sdk/swr';
import { useApi } from '../../../../lib/api-client';

/** How many best sellers the page lists; the books CSV has every book sold. */
export const TOP_BOOKS = 20;

/** The sales report of a range (`GET /report/sales`) with its best sellers; nothing is fetched without a valid range. */
export function useSalesReport(range: ReportRange | null) {
  return useSalesReportRead(range && { from: range.from, to: range.to, books: TOP_BOOKS }, { keepPreviousData: true });
}

/**
 * Fetches a CSV file with the signed-in admin's token (a plain link would carry none) and hands
 * it to the browser as a download under the server's file name.
 */
export function useCsvDownload() {
  const api = useApi();
  return async (report: ReportFile, range: ReportRange) => {
    const { filename, blob } = await api.reports.csv(report, range);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked once the click has handed the file over (the download keeps its own copy).
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
}
