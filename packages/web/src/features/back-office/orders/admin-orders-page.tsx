import { type Order } from '@pustak/sdk';
import {
  ORDER_STATUSES,
  formatDate,
  formatPercentFromFraction,
  formatRupees,
  orderOriginalTotal,
} from '@pustak/sdk/domain';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PackageIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import { useAllOrders } from './api/use-all-orders';
import { Note, OrderId, TableRegion, TableSkeleton, boStyles } from '../../../components/back-office/back-office-ui';
import styles from './admin-orders.module.css';

/**
 * /admin/orders: every order. The Status dropdown changes the row on this page only: the
 * API has no call to save an order's status, and the page says so instead of pretending.
 */
export default function AdminOrdersPage() {
  const { data, error, isLoading, mutate } = useAllOrders();
  const [statuses, setStatuses] = useState<Record<string, string>>({});

  if (error && !data) return <ErrorState text="Failed to fetch orders" onRetry={() => void mutate()} />;

  const changed = Object.keys(statuses).length;
  return (
    <div className={boStyles.page}>
      <Note>
        Status changes here are not saved: the server has no call to store them, so they last until you leave or
        reload this page.
      </Note>
      <section className={cx(boStyles.panel, boStyles.panelFlush)} aria-label="All orders">
        {isLoading || !data ? (
          <TableSkeleton label="Loading orders" />
        ) : data.length === 0 ? (
          <EmptyState title="No orders found" icon={<PackageIcon size={26} />} compact />
        ) : (
          <>
            <div className={styles.summary}>
              <p className={boStyles.count}>{data.length} orders</p>
              {changed > 0 ? (
                <p className={styles.unsaved} role="status">
                  {changed} unsaved status {changed === 1 ? 'change' : 'changes'}
                </p>
              ) : null}
            </div>
            <TableRegion label="Orders table">
              <table className={cx(boStyles.table, styles.table)}>
                <thead>
                  <tr>
                    <th scope="col">Order ID</th>
                    <th scope="col">Username</th>
                    <th scope="col">Order Date</th>
                    <th scope="col" className={boStyles.num}>
                      Total Amount
                    </th>
                    <th scope="col" className={boStyles.num}>
                      Discount Rate
                    </th>
                    <th scope="col" className={boStyles.num}>
                      Final Total Amount
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((order) => (
                    <OrderRow
                      key={order.orderId}
                      order={order}
                      status={statuses[order.orderId] ?? order.status}
                      onStatus={(status) =>
                        setStatuses((current) => {
                          const next = { ...current };
                          if (status === order.status) delete next[order.orderId];
                          else next[order.orderId] = status;
                          return next;
                        })
                      }
                    />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </>
        )}
      </section>
    </div>
  );
}

function OrderRow({ order, status, onStatus }: { order: Order; status: string; onStatus: (status: string) => void }) {
  const selectId = `order-status-${order.orderId}`;
  const edited = status !== order.status;
  return (
    <tr>
      <td>
        <OrderId id={order.orderId} />
      </td>
      <td className={boStyles.strong}>{order.username}</td>
      <td className={boStyles.nowrap}>{formatDate(order.orderDate)}</td>
      <td className={boStyles.num}>{formatRupees(orderOriginalTotal(order))}</td>
      <td className={boStyles.num}>{formatPercentFromFraction(order.discountRate)}</td>
      <td className={cx(boStyles.num, boStyles.strong)}>{formatRupees(order.finalTotal)}</td>
      <td>
        <div className={styles.statusCell}>
          <label htmlFor={selectId} className="visually-hidden">
            Status of the order by {order.username} on {formatDate(order.orderDate)}
          </label>
          <select
            id={selectId}
            className={cx(styles.select, styles[`tone${status}`])}
            value={status}
            onChange={(event) => onStatus(event.target.value)}
          >
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          {edited ? <Badge tone="warning">Not saved</Badge> : null}
        </div>
      </td>
    </tr>
  );
}
