import { type Order } from '@pustak/sdk';
import { formatDate, formatPercentFromFraction, formatRupees } from '@pustak/sdk/domain';
import { useState } from 'react';
import { OrderId, OrderStatusBadge, PageStack } from '../../../components/back-office/back-office-ui';
import { Button } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import styles from './admin-orders.module.css';
import { CancelOrderDialog, ShopOrderActions } from './order-actions';
import { OrderSearchPanel, useOrderSearchState } from './order-search';
import { OrderViewDialog } from './order-view-dialog';

/**
 * /admin/orders: the orders, searched, filtered, sorted and paged by the server (every status
 * by default), each with its status and what the shop can do with it, saved at once:
 * Mark ready (Pending), Cancel with a reason (Pending or Ready), View (its lines and history).
 * The legacy status drop-down, which saved nothing, is replaced by these actions.
 */
export default function AdminOrdersPage() {
  const [viewing, setViewing] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const search = useOrderSearchState('all');

  const columns: Column<Order>[] = [
    { label: 'Order ID', cell: (order) => <OrderId id={order.orderId} /> },
    { label: 'Username', className: 'strong', cell: (order) => order.username },
    { label: 'Order Date', className: 'nowrap', cell: (order) => formatDate(order.orderDate) },
    { label: 'Total Amount', numeric: true, cell: (order) => formatRupees(order.originalTotal) },
    { label: 'Discount Rate', numeric: true, cell: (order) => formatPercentFromFraction(order.discountRate) },
    { label: 'Final Total Amount', numeric: true, className: 'strong', cell: (order) => formatRupees(order.finalTotal) },
    {
      // The status and what the shop can do with it share a column: the table fits beside the sidebar at 1280 px.
      label: 'Status',
      cell: (order) => (
        <div className={styles.statusCell}>
          <OrderStatusBadge status={order.status} cancelledRed />
          <ShopOrderActions order={order} onCancel={setCancelling}>
            <Button key="view" size="sm" variant="ghost" aria-label={`View the order of ${order.username} on ${formatDate(order.orderDate)}`} onClick={() => setViewing(order)}>
              View
            </Button>
          </ShopOrderActions>
        </div>
      ),
    },
  ];

  return (
    <PageStack>
      <OrderSearchPanel state={search} label="All orders">
        {(rows) => <DataTable label="Orders table" columns={columns} rows={rows} rowKey={(order) => order.orderId} className={styles.table} />}
      </OrderSearchPanel>
      <OrderViewDialog order={viewing} onClose={() => setViewing(null)} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </PageStack>
  );
}
