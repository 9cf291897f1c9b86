import { type Order } from '@pustak/sdk';
import { formatDate, formatDateTime, formatRupees } from '@pustak/sdk/domain';
import { OrderStatusBadge } from '../../../components/back-office/back-office-ui';
import { Dialog } from '../../../components/dialog';
import { OrderTimeline } from '../../../components/order-timeline';
import styles from './admin-orders.module.css';

/** The admin's view of one order: its lines, status (with a Ready order's end of hold) and history. Never its claim code. */
export function OrderViewDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Order by ${order.username}` : 'Order'}
      description={order ? `Placed ${formatDate(order.orderDate)}, ${formatRupees(order.finalTotal)}.` : undefined}
    >
      {order ? (
        <div className={styles.view}>
          <p>
            <OrderStatusBadge status={order.status} cancelledRed />
            {order.status === 'Ready' && order.expiresAt ? <> Held until {formatDateTime(order.expiresAt)}</> : null}
          </p>
          <h3 className={styles.viewHeading}>Books</h3>
          <ul className={styles.lines}>
            {order.orderItems.map((item, index) => (
              <li key={`${item.bookId}-${index}`}>
                {item.quantity} × {item.title} ({formatRupees(item.totalPrice)})
              </li>
            ))}
          </ul>
          <h3 className={styles.viewHeading}>History</h3>
          <OrderTimeline history={order.history ?? []} />
        </div>
      ) : null}
    </Dialog>
  );
}
