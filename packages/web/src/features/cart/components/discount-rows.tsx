import { type CartDiscount } from '@pustak/sdk';
import { formatRupees } from '@pustak/sdk/domain';
import styles from '../cart-page.module.css';

/** A deduction as the cart shows it: '-Rs. 240.00'. */
export const deduction = (amount: number) => `-${formatRupees(amount)}`;

/**
 * The cart discounts the server applied, one `<div><dt/><dd/></div>` row each: its name and
 * percent (and, with `withRule`, the rule in words) beside the amount it took off, as sent.
 */
export function DiscountRows({ discounts, rowClassName, withRule = false }: {
  discounts: readonly CartDiscount[];
  rowClassName: string;
  withRule?: boolean;
}) {
  return discounts.map((discount) => (
    <div key={discount.code} className={`${rowClassName} ${styles.saving}`}>
      <dt>
        {discount.name} ({discount.percent}%)
        {withRule ? <span className={styles.discountReason}>{discount.rule}</span> : null}
      </dt>
      <dd>{deduction(discount.amount)}</dd>
    </div>
  ));
}
