import { type PagedOrders } from '@pustak/sdk';
import { ORDER_STATUSES, formatDate, formatRupees, orderStatusLabel } from '@pustak/sdk/domain';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ArrowRightIcon, CheckCircleIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useOrderSearch } from '../orders';
import { OrderStatusBadge, PageStack, Panel } from '../../../components/back-office/back-office-ui';
import { orderItemsText } from './order-items';
import styles from './staff.module.css';

/** The orders waiting at the counter, oldest first: the server counts every status (never every order read). */
const WAITING = { search: '', statuses: ['Pending', 'Ready'], sort: 'oldest', page: 1 } as const;

/** /staff: what is waiting at the counter. */
export default function StaffDashboardPage() {
  const { data, error, isLoading, mutate } = useOrderSearch(WAITING);
  return (
    <PageStack>
      <div>
        <p className={styles.hello}>Welcome back</p>
        <p className="muted">Orders waiting for pickup are verified with the customer's claim code.</p>
      </div>
      {error && !data ? (
        <ErrorState text="Failed to fetch orders" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <div className={styles.stats} aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading orders
          </span>
          {ORDER_STATUSES.map((status) => (
            <Skeleton key={status} height={88} radius="var(--radius-lg)" />
          ))}
        </div>
      ) : (
        <StaffSummary page={data} />
      )}
    </PageStack>
  );
}

function StaffSummary({ page }: { page: PagedOrders }) {
  const counts: Record<string, number> = { ...page.statusCounts };
  // Processing is never written by the server: the server does not count it, and no card shows it.
  const shown = ORDER_STATUSES.filter((status) => status in counts);
  const waiting = page.items;
  const more = page.totalCount - waiting.length;
  return (
    <>
      <section aria-label="Orders by status" className={styles.stats}>
        {shown.map((status) => (
          <article key={status} className={cx(styles.stat, styles[`stat${status}`])}>
            <p className={styles.statLabel}>{orderStatusLabel(status)}</p>
            <p className={styles.statValue}>{counts[status]}</p>
          </article>
        ))}
      </section>
      <Panel
        title="Orders waiting"
        subtitle={`${page.totalCount} ${page.totalCount === 1 ? 'order needs' : 'orders need'} verification${more > 0 ? `, the ${waiting.length} oldest shown` : ''}`}
        headingId="staff-waiting"
        actions={
          <ButtonLink to="/staff/orders" size="sm">
            Go to orders
            <ArrowRightIcon size={16} />
          </ButtonLink>
        }
      >
        {waiting.length === 0 ? (
          <EmptyState title="All caught up" text="No orders are waiting to be verified." icon={<CheckCircleIcon size={26} />} compact headingLevel={3} />
        ) : (
          <ul className={styles.waiting}>
            {waiting.map((order) => (
              <li key={order.orderId} className={styles.waitingItem}>
                <div className={styles.waitingMain}>
                  <span className="strong">{order.username}</span>
                  <span className="muted">{orderItemsText(order)}</span>
                </div>
                <div className={styles.waitingMeta}>
                  <span className="nowrap">{formatDate(order.orderDate)}</span>
                  <span className="strong">{formatRupees(order.finalTotal)}</span>
                  <OrderStatusBadge status={order.status} cancelledRed />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
