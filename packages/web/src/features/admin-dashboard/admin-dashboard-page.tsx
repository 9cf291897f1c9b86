import { type DashboardSummary } from '@pustak/sdk';
import { formatDate, formatRelativeTime, formatRevenue, formatRupees } from '@pustak/sdk/domain';
import { type ReactNode } from 'react';
import { Button } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { BookIcon, ChartIcon, PackageIcon, UsersIcon } from '../../components/icons';
import { Skeleton } from '../../components/skeleton';
import { useNow } from '../../lib/use-now';
import { OrderStatusBadge, Panel, TableRegion, boStyles } from '../back-office/back-office-ui';
import styles from './admin-dashboard.module.css';
import { useDashboard } from './api/use-dashboard';
import { SalesChart } from './sales-chart';

/** Admin dashboard (/admin, and the /admin/reports and /admin/settings placeholders). */
export default function AdminDashboardPage() {
  const { data, error, isLoading, mutate } = useDashboard();
  return (
    <div className={boStyles.page}>
      <div className={styles.greeting}>
        {/* Spec: the greeting always says User. */}
        <p className={styles.hello}>Welcome back, User</p>
        <p className={boStyles.muted}>Here is what is happening in your store.</p>
      </div>
      {error && !data ? (
        <ErrorState text="Failed to load the dashboard." onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody data={data} />
      )}
    </div>
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
            <p className={boStyles.muted}>No recent activity.</p>
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
        <Panel title="Recently Added Books" headingId="dash-books" flush actions={<ViewAll what="books" />}>
          {data.recentBooks.length === 0 ? (
            <p className={styles.emptyRow}>No books added yet.</p>
          ) : (
            <TableRegion label="Recently added books table">
              <table className={`${boStyles.table} ${boStyles.stackTable}`}>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Author</th>
                    <th scope="col" className={boStyles.num}>
                      Price
                    </th>
                    <th scope="col">Added</th>
                  </tr>
                </thead>
                <tbody>
                  {data.recentBooks.map((book) => (
                    <tr key={book.bookId}>
                      <td data-label="Title" className={boStyles.strong}>{book.title}</td>
                      <td data-label="Author">{book.author}</td>
                      <td data-label="Price" className={boStyles.num}>{formatRupees(book.price)}</td>
                      <td data-label="Added" className={boStyles.nowrap}>{formatDate(book.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </Panel>
        <Panel title="Recent Orders" headingId="dash-orders" flush actions={<ViewAll what="orders" />}>
          {data.recentOrders.length === 0 ? (
            <p className={styles.emptyRow}>No orders yet.</p>
          ) : (
            <TableRegion label="Recent orders table">
              <table className={`${boStyles.table} ${boStyles.stackTable}`}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Date</th>
                    <th scope="col" className={boStyles.num}>
                      Amount
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.recentOrders.map((order, index) => (
                    <tr key={order.orderId}>
                      <td data-label="#">{index + 1}</td>
                      <td data-label="Customer" className={boStyles.strong}>{order.username}</td>
                      <td data-label="Date" className={boStyles.nowrap}>{formatDate(order.orderDate)}</td>
                      <td data-label="Amount" className={boStyles.num}>{formatRupees(order.finalTotal)}</td>
                      <td data-label="Status">
                        <OrderStatusBadge status={order.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </Panel>
      </div>
    </>
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
        <span className={`${styles.statIcon} ${styles[tone]}`} aria-hidden="true">
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
    <div aria-busy="true" className={boStyles.page}>
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
