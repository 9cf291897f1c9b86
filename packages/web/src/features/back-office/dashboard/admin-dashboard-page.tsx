import { type Book, type DashboardSummary, type LowStockBook, type RecentOrder } from '@pustak/sdk';
import { formatDate, formatRelativeTime, formatRevenue, formatRupees } from '@pustak/sdk/domain';
import { type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { ErrorState } from '../../../components/error-state';
import { BookIcon, ChartIcon, PackageIcon, UsersIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { Price } from '../../../components/price';
import { useNow } from '../../../lib/use-now';
import { OrderStatusBadge, PageStack, Panel } from '../../../components/back-office/back-office-ui';
import { type Column, DataTable } from '../../../components/data-table';
import styles from './admin-dashboard.module.css';
import { useDashboard } from './api/use-dashboard';
import { SalesChart } from './sales-chart';

/** Admin dashboard (/admin, and the /admin/settings placeholder). */
export default function AdminDashboardPage() {
  const { data, error, isLoading, mutate } = useDashboard();
  return (
    <PageStack>
      <div className={styles.greeting}>
        {/* Spec: the greeting always says User. */}
        <p className={styles.hello}>Welcome back, User</p>
        <p className="muted">Here is what is happening in your store.</p>
      </div>
      {error && !data ? (
        <ErrorState text="Failed to load the dashboard." onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody data={data} />
      )}
    </PageStack>
  );
}

function DashboardBody({ data }: { data: DashboardSummary }) {
  const now = useNow(60_000);
  return (
    <>
      <section aria-label="Store totals" className={styles.stats}>
        <StatCard label="Total Books" value={String(data.totalBooks)} icon={<BookIcon />} tone="accent" />
        <StatCard label="Total Orders" value={String(data.totalOrders)} icon={<PackageIcon />} tone="saffron" />
        <StatCard label="Total Customers" value={String(data.totalCustomers)} icon={<UsersIcon />} tone="info" />
        <StatCard label="Total Revenue" value={formatRevenue(data.totalRevenue)} icon={<ChartIcon />} tone="success" />
      </section>

      <div className={styles.row}>
        <Panel title="Sales Overview" subtitle="Last 7 Days" headingId="dash-sales">
          <SalesChart sales={data.weeklySales} />
        </Panel>
        <Panel title="Recent Activity" headingId="dash-activity" actions={<ViewAll what="recent activity" />}>
          {data.recentNotifications.length === 0 ? (
            <p className="muted">No recent activity.</p>
          ) : (
            <ul className={styles.activity}>
              {data.recentNotifications.map((item, index) => (
                <li key={`${item.createdAt}-${index}`} className={styles.activityItem}>
                  <span className={styles.activityDot} aria-hidden="true" />
                  <span className={styles.activityText}>{item.message}</span>
                  <time dateTime={item.createdAt} className={styles.activityTime} title={formatDate(item.createdAt)}>
                    {formatRelativeTime(item.createdAt, now)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <div className={styles.tablesRow}>
        <RecentTable
          title="Recently Added Books"
          headingId="dash-books"
          what="books"
          empty="No books added yet."
          tableLabel="Recently added books table"
          rows={data.recentBooks}
          rowKey={(book) => book.bookId}
          columns={BOOK_COLUMNS}
        />
        <RecentTable
          title="Recent Orders"
          headingId="dash-orders"
          what="orders"
          empty="No orders yet."
          tableLabel="Recent orders table"
          rows={data.recentOrders}
          rowKey={(order) => order.orderId}
          columns={ORDER_COLUMNS}
        />
      </div>

      <LowStockPanel data={data} />
    </>
  );
}

/** The books at or below LOW_STOCK_THRESHOLD, fewest copies first, each with a link to edit it. */
function LowStockPanel({ data }: { data: DashboardSummary }) {
  const more = data.lowStockCount - data.lowStock.length;
  return (
    <Panel
      title="Running low"
      subtitle={`Books with ${data.lowStockThreshold} or fewer copies in stock`}
      headingId="dash-low-stock"
      flush
    >
      {data.lowStock.length === 0 ? (
        <p className={styles.emptyRow}>No book is running low.</p>
      ) : (
        <>
          <DataTable label="Books running low table" columns={LOW_STOCK_COLUMNS} rows={data.lowStock} rowKey={(book) => book.bookId} />
          {more > 0 ? <p className={styles.emptyRow}>and {more} more</p> : null}
        </>
      )}
    </Panel>
  );
}

const LOW_STOCK_COLUMNS: Column<LowStockBook>[] = [
  { label: 'Title', className: 'strong', cell: (book) => book.title },
  { label: 'Author', cell: (book) => book.author },
  { label: 'In stock', numeric: true, cell: (book) => book.quantity },
  {
    label: 'Edit',
    cell: (book) => (
      <Link to={`/admin/books/edit/${book.bookId}`} aria-label={`Edit ${book.title}`}>
        Edit
      </Link>
    ),
  },
];

const BOOK_COLUMNS: Column<Book>[] = [
  { label: 'Title', className: 'strong', cell: (book) => book.title },
  { label: 'Author', cell: (book) => book.author },
  { label: 'Price', numeric: true, cell: (book) => <Price pricing={book.pricing} size="sm" /> },
  { label: 'Added', className: 'nowrap', cell: (book) => formatDate(book.createdAt) },
];

const ORDER_COLUMNS: Column<RecentOrder>[] = [
  { label: '#', cell: (_order, index) => index + 1 },
  { label: 'Customer', className: 'strong', cell: (order) => order.username },
  { label: 'Date', className: 'nowrap', cell: (order) => formatDate(order.orderDate) },
  { label: 'Amount', numeric: true, cell: (order) => formatRupees(order.finalTotal) },
  { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
];

/** A dashboard panel with the latest few rows as a table (stacked on phones), or a line when there are none. */
function RecentTable<T>({
  title,
  headingId,
  what,
  empty,
  tableLabel,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  headingId: string;
  /** What View All would list. */
  what: string;
  empty: string;
  tableLabel: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
}) {
  return (
    <Panel title={title} headingId={headingId} flush actions={<ViewAll what={what} />}>
      {rows.length === 0 ? (
        <p className={styles.emptyRow}>{empty}</p>
      ) : (
        <DataTable label={tableLabel} columns={columns} rows={rows} rowKey={rowKey} />
      )}
    </Panel>
  );
}

function StatCard({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  tone: 'accent' | 'saffron' | 'info' | 'success';
}) {
  return (
    <article className={styles.stat}>
      <div className={styles.statTop}>
        <p className={styles.statLabel}>{label}</p>
        <span className={`${styles.statIcon} tone-${tone}`} aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className={styles.statValue}>{value}</p>
    </article>
  );
}

/** Spec: View All buttons have no action. Shown, but marked unavailable. */
function ViewAll({ what }: { what: string }) {
  return (
    <Button variant="ghost" size="sm" aria-disabled="true" aria-label={`View All ${what}`} title="Not available yet">
      View All
    </Button>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className={styles.skeleton}>
      <span className="visually-hidden" role="status">
        Loading dashboard
      </span>
      <div className={styles.stats}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={styles.stat}>
            <Skeleton width="60%" />
            <Skeleton width="40%" height="1.6rem" />
          </div>
        ))}
      </div>
      <div className={styles.row}>
        <Skeleton height={260} radius="var(--radius-lg)" />
        <Skeleton height={260} radius="var(--radius-lg)" />
      </div>
    </div>
  );
}
