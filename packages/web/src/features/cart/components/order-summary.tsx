import { type CartTotals } from '@pustak/sdk';
import { CART_DISCOUNTS, formatRupees } from '@pustak/sdk/domain';
import { Button, InfoIcon, TagIcon } from '../../../components';
import { cx } from '../../../lib/cx';
import styles from '../cart-page.module.css';
import { DiscountRows, deduction } from './discount-rows';

/**
 * The order summary, every figure the server's (the cart answer's `totals`): copies, the lines
 * at list price, what running deals take off, the subtotal, each cart discount the server
 * applies with its amount, and the total, which is exactly what placing the order charges;
 * then Place Order. The member offers below are the spec's list, for information.
 */
export function OrderSummary({
  totals,
  updating,
  placing,
  error,
  onPlaceOrder,
}: {
  totals: CartTotals;
  /** The cart is being read again: the figures may be about to change, so ordering waits. */
  updating: boolean;
  placing: boolean;
  /** Why the last Place Order did not go through (the server's text for changed prices). */
  error: string | null;
  onPlaceOrder: () => void;
}) {
  const applied = new Set(totals.discounts.map((discount) => discount.name));
  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.summaryHeading}>
        Order Summary
      </h2>
      <dl className={cx(styles.totals, updating && styles.updating)} aria-busy={updating || undefined}>
        <div className={styles.totalRow}>
          <dt>Items</dt>
          <dd>{totals.copies}</dd>
        </div>
        {totals.dealSavings > 0 ? (
          <>
            <div className={styles.totalRow}>
              <dt>List price</dt>
              <dd>{formatRupees(totals.listSubtotal)}</dd>
            </div>
            <div className={`${styles.totalRow} ${styles.saving}`}>
              <dt>Deal savings</dt>
              <dd>{deduction(totals.dealSavings)}</dd>
            </div>
          </>
        ) : null}
        <div className={styles.totalRow}>
          <dt>Subtotal</dt>
          <dd>{formatRupees(totals.subtotal)}</dd>
        </div>
        <DiscountRows discounts={totals.discounts} rowClassName={styles.totalRow} withRule />
        <div className={`${styles.totalRow} ${styles.grandTotal}`}>
          <dt>Total</dt>
          <dd>{formatRupees(totals.total)}</dd>
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
          For information. The store applies the offers your order qualifies for (5% from five books, 10% more
          after 10 completed orders); those are listed above and included in the total.
        </p>
      </div>

      {error ? (
        <p role="alert" className={styles.orderError}>
          {error}
        </p>
      ) : null}
      <Button size="lg" block loading={placing} loadingText="Processing..." disabled={updating} onClick={onPlaceOrder}>
        Place Order
      </Button>
      <p className={styles.pickupNote}>You&apos;ll get a claim code to show at pickup.</p>
    </section>
  );
}
