import { type CartItem } from '@pustak/sdk';
import { CART_DISCOUNTS, cartItemCount, cartTotal, formatRupees } from '@pustak/sdk/domain';
import { Button, InfoIcon, TagIcon } from '../../../components';
import styles from '../cart-page.module.css';

/**
 * The order summary: item count, the plain-sum total in Rs. and the Place Order button. The
 * offers list is shown for information only (spec: display only) and never changes the total.
 */
export function OrderSummary({
  lines,
  placing,
  failed,
  onPlaceOrder,
}: {
  lines: CartItem[];
  placing: boolean;
  failed: boolean;
  onPlaceOrder: () => void;
}) {
  const count = cartItemCount(lines);
  const total = cartTotal(lines);
  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.summaryHeading}>
        Order Summary
      </h2>
      <dl className={styles.totals}>
        <div className={styles.totalRow}>
          <dt>Items</dt>
          <dd>{count}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Subtotal</dt>
          <dd>{formatRupees(total)}</dd>
        </div>
        <div className={`${styles.totalRow} ${styles.grandTotal}`}>
          <dt>Total</dt>
          <dd>{formatRupees(total)}</dd>
        </div>
      </dl>

      <div className={styles.offers}>
        <h3 className={styles.offersHeading}>
          <TagIcon size={16} />
          Member offers
        </h3>
        <ul className={styles.offerList}>
          {CART_DISCOUNTS.map((offer) => (
            <li key={offer.label} className={styles.offerItem}>
              <span>{offer.label}</span>
              <span className={styles.offerPercent}>{offer.percent}%</span>
            </li>
          ))}
        </ul>
        <p className={styles.offersNote}>
          <InfoIcon size={14} />
          For information only: offers are not included in the total above. Any discount you qualify for is
          worked out by the store when the order is placed.
        </p>
      </div>

      {failed ? (
        <p role="alert" className={styles.orderError}>
          Order failed. Please try again.
        </p>
      ) : null}
      <Button size="lg" block loading={placing} loadingText="Processing..." onClick={onPlaceOrder}>
        Place Order
      </Button>
      <p className={styles.pickupNote}>You&apos;ll get a claim code to show at pickup.</p>
    </section>
  );
}
