import { type Order } from '@pustak/sdk';
import { ORDER_STATUSES, canVerifyOrder, formatDate, formatRupees, orderStatusLabel } from '@pustak/sdk/domain';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ArrowRightIcon, CheckCircleIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useAllOrders } from '../orders';
import { OrderStatusBadge, PageStack, Panel } from '../../../components/back-office/back-office-ui';
import { orderItemsText } from './order-items';
import styles from './staff.module.css';

/** /staff: what is waiting at the counter. */
export default function StaffDashboardPage() {
  const { data, error, isLoading, mutate } = useAllOrders();
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
        <StaffSummary orders={data} />
      )}
    </PageStack>
  );
}

function StaffSummary({ orders }: { orders: Order[] }) {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<string, number>;
  for (const order of orders) counts[order.status] = (counts[order.status] ?? 0) + 1;
  // Processing is never written by the server: its card shows only for orders that carry it.
  const shown = ORDER_STATUSES.filter((status) => status !== 'Processing' || counts[status]! > 0);
  const waiting = orders.filter(canVerifyOrder);
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
        subtitle={`${waiting.length} ${waiting.length === 1 ? 'order needs' : 'orders need'} verification`}
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
