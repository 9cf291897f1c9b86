import { type Order } from '@pustak/sdk';
import {
  ORDER_STATUSES,
  formatDate,
  formatPercentFromFraction,
  formatRupees,
} from '@pustak/sdk/domain';
import { useState } from 'react';
import { CountText, Note, OrderId, PageStack } from '../../../components/back-office/back-office-ui';
import { Badge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/data-table';
import { cx } from '../../../lib/cx';
import styles from './admin-orders.module.css';
import { AllOrdersPanel } from './all-orders-panel';

/**
 * /admin/orders: every order. The Status dropdown changes the row on this page only: the
 * API has no call to save an order's status, and the page says so instead of pretending.
 */
export default function AdminOrdersPage() {
  const [statuses, setStatuses] = useState<Record<string, string>>({});

  const setStatus = (order: Order, status: string) =>
    setStatuses((current) => {
      const next = { ...current };
      if (status === order.status) delete next[order.orderId];
      else next[order.orderId] = status;
      return next;
    });

  const columns: Column<Order>[] = [
    { label: 'Order ID', cell: (order) => <OrderId id={order.orderId} /> },
    { label: 'Username', className: 'strong', cell: (order) => order.username },
    { label: 'Order Date', className: 'nowrap', cell: (order) => formatDate(order.orderDate) },
    { label: 'Total Amount', numeric: true, cell: (order) => formatRupees(order.originalTotal) },
    { label: 'Discount Rate', numeric: true, cell: (order) => formatPercentFromFraction(order.discountRate) },
    { label: 'Final Total Amount', numeric: true, className: 'strong', cell: (order) => formatRupees(order.finalTotal) },
    {
      label: 'Status',
      cell: (order) => (
        <StatusSelect order={order} status={statuses[order.orderId] ?? order.status} onStatus={(status) => setStatus(order, status)} />
      ),
    },
  ];

  const changed = Object.keys(statuses).length;
  return (
    <PageStack>
      <Note>
        Status changes here are not saved: the server has no call to store them, so they last until you leave or
        reload this page.
      </Note>
      <AllOrdersPanel label="All orders">
        {(rows) => (
          <>
            <div className={styles.summary}>
              <CountText>{rows.length} orders</CountText>
              {changed > 0 ? (
                <p className={styles.unsaved} role="status">
                  {changed} unsaved status {changed === 1 ? 'change' : 'changes'}
                </p>
              ) : null}
            </div>
            <DataTable label="Orders table" columns={columns} rows={rows} rowKey={(order) => order.orderId} className={styles.table} />
          </>
        )}
      </AllOrdersPanel>
    </PageStack>
  );
}

/** The select takes the colour of the status it shows. */
const STATUS_TONES: Record<string, string> = {
  Pending: 'tone-warning',
  Processing: 'tone-info',
  Completed: 'tone-success',
  Cancelled: 'tone-danger',
};

function StatusSelect({ order, status, onStatus }: { order: Order; status: string; onStatus: (status: string) => void }) {
  const selectId = `order-status-${order.orderId}`;
  return (
    <div className={styles.statusCell}>
      <label htmlFor={selectId} className="visually-hidden">
        Status of the order by {order.username} on {formatDate(order.orderDate)}
      </label>
      <select
        id={selectId}
        className={cx(styles.select, STATUS_TONES[status] ?? 'tone-neutral')}
        value={status}
        onChange={(event) => onStatus(event.target.value)}
      >
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      {status !== order.status ? <Badge tone="warning">Not saved</Badge> : null}
    </div>
  );
}
