import { type PlacedOrder } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import { Button, CheckCircleIcon, Dialog } from '../../../components';
import { PickupInfo } from '../../shop';
import styles from '../cart-page.module.css';
import { DiscountRows } from './discount-rows';

/**
 * Confirmation after Place Order: the claim code to show at pickup, the order id, and what the
 * order charged as the server answered it (subtotal, each discount with its amount, total), and
 * where and when to collect it (the shop's configured pickup information).
 */
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
              <dt>Subtotal</dt>
              <dd>{formatRupees(order.subtotal)}</dd>
            </div>
            <DiscountRows discounts={order.discounts} rowClassName={styles.placedFact} />
            <div className={`${styles.placedFact} ${styles.placedTotal}`}>
              <dt>Total</dt>
              <dd>{formatRupees(order.totalAmount)}</dd>
            </div>
          </dl>
          <PickupInfo />
        </div>
      ) : null}
    </Dialog>
  );
}
