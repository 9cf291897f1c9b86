import { type Order } from '@pustak/sdk';
import { canVerifyOrder, formatDate, formatRupees } from '@pustak/sdk/domain';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CheckIcon, PackageIcon } from '../../../components/icons';
import { cx } from '../../../lib/cx';
import { useAllOrders } from '../orders';
import { OrderId, OrderStatusBadge, TableRegion, TableSkeleton, boStyles } from '../../../components/back-office/back-office-ui';
import { orderItemsText } from './order-items';
import styles from './staff.module.css';
import { VerifyOrderDialog } from './verify-order-dialog';

/** /staff/orders: every order; the ones not Completed or Cancelled can be verified by claim code. */
export default function StaffOrdersPage() {
  const { data, error, isLoading, mutate } = useAllOrders();
  const [verifying, setVerifying] = useState<Order | null>(null);

  if (error && !data) return <ErrorState text="Failed to fetch orders" onRetry={() => void mutate()} />;

  return (
    <div className={boStyles.page}>
      <section className={cx(boStyles.panel, boStyles.panelFlush)} aria-label="Orders">
        {isLoading || !data ? (
          <TableSkeleton label="Loading orders" />
        ) : data.length === 0 ? (
          <EmptyState title="No orders found" icon={<PackageIcon size={26} />} compact />
        ) : (
          <TableRegion label="Orders table">
            <table className={cx(boStyles.table, boStyles.stackTable, styles.table)}>
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Date</th>
                  <th scope="col">Items</th>
                  <th scope="col" className={boStyles.num}>
                    Total
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {data.map((order) => (
                  <tr key={order.orderId}>
                    <td data-label="Order ID">
                      <OrderId id={order.orderId} />
                    </td>
                    <td data-label="Customer" className={boStyles.strong}>{order.username}</td>
                    <td data-label="Date" className={boStyles.nowrap}>{formatDate(order.orderDate)}</td>
                    <td data-label="Items" className={styles.items}>{orderItemsText(order)}</td>
                    <td data-label="Total" className={boStyles.num}>{formatRupees(order.finalTotal)}</td>
                    <td data-label="Status">
                      <OrderStatusBadge status={order.status} cancelledRed />
                    </td>
                    <td data-label="Action">
                      {canVerifyOrder(order) ? (
                        <Button
                          size="sm"
                          leadingIcon={<CheckIcon size={16} />}
                          aria-label={`Verify the order of ${order.username} on ${formatDate(order.orderDate)}`}
                          onClick={() => setVerifying(order)}
                        >
                          Verify
                        </Button>
                      ) : (
                        <span className={boStyles.muted} aria-label="No action">
                          --
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
      <VerifyOrderDialog order={verifying} onClose={() => setVerifying(null)} />
    </div>
  );
}
