import { type PlacedOrder } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import { Button, CheckCircleIcon, Dialog } from '../../../components';
import styles from '../cart-page.module.css';

/** Confirmation after Place Order: order id, the claim code to show at pickup, total and discount. */
export function OrderPlacedDialog({ order, onClose }: { order: PlacedOrder | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title="Order placed"
      description="Thank you! Your order is confirmed and waiting for pickup."
      size="sm"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {order ? (
        <div className={styles.placed}>
          <span className={styles.placedIcon}>
            <CheckCircleIcon size={40} />
          </span>
          <div className={styles.claim}>
            <p className={styles.claimLabel}>Show this claim code at pickup</p>
            <p className={styles.claimCode}>
              {order.claimCode}
            </p>
          </div>
          <dl className={styles.placedFacts}>
            <div className={styles.placedFact}>
              <dt>Order ID</dt>
              <dd className={styles.orderId}>{order.orderId}</dd>
            </div>
            <div className={styles.placedFact}>
              <dt>Total</dt>
              <dd>{formatRupees(order.totalAmount)}</dd>
            </div>
            <div className={styles.placedFact}>
              <dt>Discount applied</dt>
              <dd>{order.discountApplied}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
