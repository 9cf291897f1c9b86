// The sales report as the contract sends it: rupees on the wire, paisa inside.
import { paisaToRupees } from '../../shared/money.js';
import type { Schemas } from '../../shared/wire.js';
import type { SalesReport } from './rules.js';

const money = <T extends { revenuePaisa: number; discountsPaisa: number }>({ revenuePaisa, discountsPaisa, ...rest }: T) => ({
  ...rest,
  revenue: paisaToRupees(revenuePaisa),
  discountsGiven: paisaToRupees(discountsPaisa),
});

export function salesReportView(report: SalesReport): Schemas['SalesReport'] {
  return {
    from: report.range.from,
    to: report.range.to,
    timeZone: report.range.timeZone,
    revenue: paisaToRupees(report.revenuePaisa),
    orders: report.orders,
    copiesSold: report.copiesSold,
    averageOrder: paisaToRupees(report.averageOrderPaisa),
    discountsGiven: paisaToRupees(report.discountsPaisa),
    byDay: report.byDay.map(money),
    byGenre: report.byGenre.map(money),
    byBook: report.byBook.map(money),
    booksSold: report.booksSold,
    otherBooks: money(report.otherBooks),
    byStaff: report.byStaff.map(({ username, handovers, revenuePaisa }) => ({ username, handovers, revenue: paisaToRupees(revenuePaisa) })),
  };
}
