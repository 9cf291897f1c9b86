import { type Order } from '@pustak/sdk';
import { canVerifyOrder, formatDate, formatRupees } from '@pustak/sdk/domain';
import { useState } from 'react';
import { OrderId, OrderStatusBadge, PageStack } from '../../../components/back-office/back-office-ui';
import { Button } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { CheckIcon } from '../../../components/icons';
import { AllOrdersPanel, CancelOrderDialog, ShopOrderActions } from '../orders';
import { orderItemsText } from './order-items';
import styles from './staff.module.css';
import { VerifyOrderDialog } from './verify-order-dialog';

/**
 * /staff/orders: every order. A Pending one can be marked ready (its copies set aside), an open
 * one cancelled with a reason or verified by claim code at the counter.
 */
export default function StaffOrdersPage() {
  const [verifying, setVerifying] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const columns: Column<Order>[] = [
    { label: 'Order ID', cell: (order) => <OrderId id={order.orderId} /> },
    { label: 'Customer', className: 'strong', cell: (order) => order.username },
    { label: 'Date', className: 'nowrap', cell: (order) => formatDate(order.orderDate) },
    { label: 'Items', className: styles.items, cell: orderItemsText },
    { label: 'Total', numeric: true, cell: (order) => formatRupees(order.finalTotal) },
    { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} cancelledRed /> },
    {
      label: 'Action',
      cell: (order) => (
        <ShopOrderActions order={order} onCancel={setCancelling}>
          {canVerifyOrder(order) ? (
            <Button
              key="verify"
              size="sm"
              leadingIcon={<CheckIcon size={16} />}
              aria-label={`Verify the order of ${order.username} on ${formatDate(order.orderDate)}`}
              onClick={() => setVerifying(order)}
            >
              Verify
            </Button>
          ) : null}
        </ShopOrderActions>
      ),
    },
  ];

  return (
    <PageStack>
      <AllOrdersPanel label="Orders">
        {(rows) => <DataTable label="Orders table" columns={columns} rows={rows} rowKey={(order) => order.orderId} className={styles.table} />}
      </AllOrdersPanel>
      <VerifyOrderDialog order={verifying} onClose={() => setVerifying(null)} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </PageStack>
  );
}
