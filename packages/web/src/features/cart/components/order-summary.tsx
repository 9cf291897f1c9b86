import { type CartItem } from '@pustak/sdk';
import { CART_DISCOUNTS, cartSummary, formatRupees } from '@pustak/sdk/domain';
import { Button, InfoIcon, TagIcon } from '../../../components';
import styles from '../cart-page.module.css';

/**
 * The order summary: item count, the subtotal at list price, what running sales and the cart
 * discounts take off, and the total, which is what placing the order charges (the SDK's
 * cartSummary, the rule the server prices orders by); then Place Order.
 */
export function OrderSummary({
  lines,
  now,
  completedOrders,
  placing,
  failed,
  onPlaceOrder,
}: {
  lines: CartItem[];
  now: Date;
  /** The customer's Completed orders (10 or more give 10 % off). */
  completedOrders: number;
  placing: boolean;
  failed: boolean;
  onPlaceOrder: () => void;
}) {
  const summary = cartSummary(lines, now, { completedOrders });
  const applied = new Set(summary.discounts.map((discount) => discount.label));
  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.summaryHeading}>
        Order Summary
      </h2>
      <dl className={styles.totals}>
        <div className={styles.totalRow}>
          <dt>Items</dt>
          <dd>{summary.copies}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Subtotal</dt>
          <dd>{formatRupees(summary.listSubtotal)}</dd>
        </div>
        {summary.saleSavings > 0 ? (
          <div className={`${styles.totalRow} ${styles.saving}`}>
            <dt>Sale savings</dt>
            <dd>{formatRupees(-summary.saleSavings)}</dd>
          </div>
        ) : null}
        {summary.discounts.length > 0 ? (
          <div className={`${styles.totalRow} ${styles.saving}`}>
            <dt>
              Cart discount {summary.discountPercent}%
              <span className={styles.discountReason}>{summary.discounts.map((d) => d.label).join(', ')}</span>
            </dt>
            <dd>{formatRupees(-summary.discountAmount)}</dd>
          </div>
        ) : null}
        <div className={`${styles.totalRow} ${styles.grandTotal}`}>
          <dt>Total</dt>
          <dd>{formatRupees(summary.total)}</dd>
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
              <span>
                {offer.label}
                {applied.has(offer.label) ? <span className={styles.offerApplied}> (applied)</span> : null}
              </span>
              <span className={styles.offerPercent}>{offer.percent}%</span>
            </li>
          ))}
        </ul>
        <p className={styles.offersNote}>
          <InfoIcon size={14} />
          5% comes off from five books in one order and 10% more after 10 completed orders; the total above
          includes them. The other offers are for information only.
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
