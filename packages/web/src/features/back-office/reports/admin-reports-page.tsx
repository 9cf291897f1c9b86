import type { ReportFile, ReportRange, SalesByBook, SalesByStaff, SalesReport } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { TextField } from '../../../components/form-fields';
import { ChartIcon } from '../../../components/icons';
import { InlineError, PageStack, Panel, TableSkeleton } from '../../../components/back-office/back-office-ui';
import { type Column, DataTable } from '../../../components/data-table';
import { useNow } from '../../../lib/use-now';
import { useShopInfo } from '../../shop';
import { useCsvDownload, useSalesReport } from './api/use-sales-report';
import { BarList, ColumnChart } from './bar-charts';
import { type RangePreset, dayIn, dayLabel, presetOf, presetRange, rangeProblem } from './report-range';
import styles from './reports.module.css';

const PRESETS: [RangePreset, string][] = [
  ['today', 'Today'],
  ['week', 'This week'],
  ['month', 'This month'],
];
const SHOP_TIME_ZONE = 'Asia/Kathmandu';

/** /admin/reports: the sales of a range of days in the shop's time zone, charts and tables, and their CSV files. */
export default function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const { data: shop } = useShopInfo();
  const timeZone = shop?.timeZone ?? SHOP_TIME_ZONE;
  const today = dayIn(timeZone, useNow(60_000));
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range: ReportRange = asked.from || asked.to ? asked : presetRange('today', today);
  const urlProblem = rangeProblem(range);
  const valid = urlProblem === null;
  const preset = presetOf(range, today);
  const [customOpen, setCustomOpen] = useState(preset === null);
  const [draft, setDraft] = useState<ReportRange>(range);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);
  const { data, error, isLoading, isValidating, mutate } = useSalesReport(valid ? range : null);

  const show = (next: ReportRange) => setParams(new URLSearchParams({ from: next.from, to: next.to }));
  const choose = (next: RangePreset) => {
    setCustomOpen(false);
    setProblem(null);
    const chosen = presetRange(next, today);
    setDraft(chosen);
    show(chosen);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) show(draft);
  };

  return (
    <PageStack>
      <section aria-labelledby="report-range-heading" className={styles.picker}>
        <h2 id="report-range-heading" className={styles.pickerTitle}>
          <RangeTitle range={valid ? range : presetRange('today', today)} />
        </h2>
        <p className="muted">Days in the shop&apos;s time zone ({timeZone}). A sale counts on the day its order is handed over.</p>
        <div role="group" aria-label="Range" className={styles.presets}>
          {PRESETS.map(([value, label]) => (
            <Button key={value} size="sm" variant={!customOpen && preset === value ? 'primary' : 'secondary'} aria-pressed={!customOpen && preset === value} onClick={() => choose(value)}>
              {label}
            </Button>
          ))}
          <Button size="sm" variant={customOpen ? 'primary' : 'secondary'} aria-pressed={customOpen} onClick={() => setCustomOpen(true)}>
            Custom
          </Button>
        </div>
        {customOpen ? (
          <form className={styles.custom} onSubmit={apply} noValidate aria-label="Custom range">
            <TextField
              label="From"
              type="date"
              value={draft.from}
              error={problem?.field === 'from' ? problem.message : null}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
            <TextField
              label="To"
              type="date"
              value={draft.to}
              error={problem?.field === 'to' ? problem.message : null}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
            <Button type="submit" variant="secondary">
              Show report
            </Button>
          </form>
        ) : null}
      </section>

      {urlProblem ? (
        <EmptyState title="Choose a range" text={`This address asks for no valid range: ${urlProblem.message}`} icon={<ChartIcon size={26} />} compact />
      ) : error && !data ? (
        <ErrorState text="Failed to load the report." onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <TableSkeleton rows={6} label="Loading the report" />
      ) : (
        <ReportBody report={data} busy={isValidating} />
      )}
    </PageStack>
  );
}

const rupees = (value: number) => formatRupees(value);

function RangeTitle({ range }: { range: ReportRange }) {
  return range.from === range.to ? <>Sales on {dayLabel(range.from)}</> : <>Sales from {dayLabel(range.from)} to {dayLabel(range.to)}</>;
}

function ReportBody({ report, busy }: { report: SalesReport; busy: boolean }) {
  const range = { from: report.from, to: report.to };
  return (
    <>
      <Panel title="Summary" headingId="report-summary" busy={busy} actions={<ExportButton report="orders" range={range} label="Export orders CSV" />}>
        <dl className={styles.figures}>
          <Figure label="Revenue" value={rupees(report.revenue)} />
          <Figure label="Orders" value={String(report.orders)} />
          <Figure label="Copies sold" value={String(report.copiesSold)} />
          <Figure label="Average order" value={rupees(report.averageOrder)} />
          <Figure label="Discounts given" value={rupees(report.discountsGiven)} />
        </dl>
      </Panel>

      <Panel title="Revenue by day" headingId="report-days" actions={<ExportButton report="days" range={range} label="Export CSV" what="revenue by day" />}>
        <ColumnChart
          caption="Revenue by day"
          bars={report.byDay.map((day) => ({ key: day.date, label: dayLabel(day.date), value: day.revenue }))}
          format={rupees}
          firstLabel={dayLabel(report.from)}
          lastLabel={dayLabel(report.to)}
        />
        {/* A month is 30 rows: columns that scroll sideways on a phone, not 30 cards. */}
        <DataTable label="Sales by day table" columns={DAY_COLUMNS} rows={report.byDay} rowKey={(day) => day.date} stacked={false} className={styles.table} />
      </Panel>

      <Panel title="Revenue by genre" headingId="report-genres" actions={<ExportButton report="genres" range={range} label="Export CSV" what="revenue by genre" />}>
        {report.byGenre.length === 0 ? (
          <Nothing />
        ) : (
          <>
            <BarList caption="Revenue by genre" bars={report.byGenre.map((g) => ({ key: g.genre, label: g.genre, value: g.revenue }))} format={rupees} />
            <DataTable label="Sales by genre table" columns={GENRE_COLUMNS} rows={report.byGenre} rowKey={(g) => g.genre} className={styles.table} />
          </>
        )}
      </Panel>

      <div className={styles.tables}>
        <Panel title="Books sold" headingId="report-books" flush actions={<ExportButton report="books" range={range} label="Export CSV" what="books sold" />}>
          {report.byBook.length === 0 ? (
            <Nothing />
          ) : (
            <>
              <DataTable label="Books sold table" columns={BOOK_COLUMNS} rows={report.byBook} rowKey={(b) => b.bookId} />
              <MoreBooks report={report} />
            </>
          )}
        </Panel>
        <Panel title="Handovers by staff" headingId="report-staff" flush actions={<ExportButton report="staff" range={range} label="Export CSV" what="handovers by staff" />}>
          {report.byStaff.length === 0 ? (
            <Nothing />
          ) : (
            <DataTable label="Handovers by staff table" columns={STAFF_COLUMNS} rows={report.byStaff} rowKey={(s) => s.username ?? ''} />
          )}
        </Panel>
      </div>
    </>
  );
}

const books = (count: number) => `${count} ${count === 1 ? 'book' : 'books'}`;

/** The books past the best sellers listed: how many, what they sold, and where they all are. */
function MoreBooks({ report }: { report: SalesReport }) {
  const other = report.otherBooks;
  if (other.books === 0) return null;
  const listed = report.byBook.length;
  return (
    <p className={`muted ${styles.more}`}>
      The {listed === 1 ? 'best seller' : `${listed} best sellers`} of {books(report.booksSold)} sold. {other.books} more {other.books === 1 ? 'book' : 'books'} ({other.copiesSold}{' '}
      {other.copiesSold === 1 ? 'copy' : 'copies'}, {rupees(other.revenue)}) {other.books === 1 ? 'is' : 'are'} in the CSV download.
    </p>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Nothing() {
  return <EmptyState title="No sales in this range" icon={<ChartIcon size={26} />} compact />;
}

/** A CSV download: fetched with the admin's token, then saved; says so in place when it fails. */
function ExportButton({ report, range, label, what }: { report: ReportFile; range: ReportRange; label: string; what?: string }): ReactNode {
  const download = useCsvDownload();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await download(report, range);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.export}>
      <Button size="sm" variant="secondary" loading={busy} aria-label={what ? `${label} of ${what}` : undefined} onClick={() => void run()}>
        {label}
      </Button>
      {failed ? <InlineError>The CSV file could not be downloaded. Please try again.</InlineError> : null}
    </div>
  );
}

const DAY_COLUMNS: Column<SalesReport['byDay'][number]>[] = [
  { label: 'Day', className: 'nowrap', cell: (day) => dayLabel(day.date) },
  { label: 'Orders', numeric: true, cell: (day) => day.orders },
  { label: 'Copies', numeric: true, cell: (day) => day.copiesSold },
  { label: 'Revenue', numeric: true, cell: (day) => rupees(day.revenue) },
  { label: 'Discounts', numeric: true, cell: (day) => rupees(day.discountsGiven) },
];

const GENRE_COLUMNS: Column<SalesReport['byGenre'][number]>[] = [
  { label: 'Genre', className: 'strong', cell: (g) => g.genre },
  { label: 'Copies', numeric: true, cell: (g) => g.copiesSold },
  { label: 'Revenue', numeric: true, cell: (g) => rupees(g.revenue) },
  { label: 'Discounts', numeric: true, cell: (g) => rupees(g.discountsGiven) },
];

const BOOK_COLUMNS: Column<SalesByBook>[] = [
  { label: 'Title', className: 'strong', cell: (b) => b.title },
  { label: 'Genre', cell: (b) => b.genre },
  { label: 'Copies', numeric: true, cell: (b) => b.copiesSold },
  { label: 'Revenue', numeric: true, cell: (b) => rupees(b.revenue) },
  { label: 'Discounts', numeric: true, cell: (b) => rupees(b.discountsGiven) },
];

const STAFF_COLUMNS: Column<SalesByStaff>[] = [
  { label: 'Staff member', className: 'strong', cell: (s) => s.username ?? 'Not recorded' },
  { label: 'Handovers', numeric: true, cell: (s) => s.handovers },
  { label: 'Revenue', numeric: true, cell: (s) => rupees(s.revenue) },
];
